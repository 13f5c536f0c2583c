// The pane's open popovers (a combobox's list) and what closes them all at once. A list floats
// over the content below it, so it must not outlive the moment it belongs to: the screens call
// dismissPopovers() when the pane's step changes or the user selects other cells in the workbook,
// and each popover closes itself on a press outside it and when the focus leaves its field.
import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

const open = new Set<() => void>();

/** Closes every open popover (a step of the pane changed, the workbook's selection changed). */
export function dismissPopovers(): void {
  for (const close of [...open]) close();
}

/**
 * While `isOpen`, `close` is called by dismissPopovers() and by a pointer press anywhere outside
 * `container` (seen before the press reaches its target, so the target is what the user saw).
 */
export function usePopover(
  isOpen: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!isOpen) return undefined;
    const onPress = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || !container.current?.contains(e.target)) close();
    };
    open.add(close);
    document.addEventListener("pointerdown", onPress, true);
    return () => {
      open.delete(close);
      document.removeEventListener("pointerdown", onPress, true);
    };
  }, [isOpen, close, container]);
}
