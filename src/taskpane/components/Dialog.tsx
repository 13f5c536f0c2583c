// Modal dialog on the native <dialog>: showModal() puts it in the top layer, keeps Tab inside it,
// and closes it on Escape (reported through onClose); focus returns to where it was.
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";

export interface DialogProps {
  open: boolean;
  title: string;
  children: ComponentChildren;
  /** The dialog's buttons, the main action last (Fluent's order). */
  actions: ComponentChildren;
  /** Escape, or the caller's own cancel button. */
  onClose: () => void;
  /** "alertdialog" for a confirmation that interrupts. */
  role?: "dialog" | "alertdialog";
}

export function Dialog({ open, title, children, actions, onClose, role = "dialog" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = dialog.ownerDocument.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => previous?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);
  return (
    <dialog
      ref={ref}
      class="fui-dialog"
      role={role}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div class="fui-dialog__surface">
          <h2 id={`${id}-title`} class="fui-subtitle">
            {title}
          </h2>
          <div>{children}</div>
          <div class="fui-dialog__actions">{actions}</div>
        </div>
      )}
    </dialog>
  );
}
