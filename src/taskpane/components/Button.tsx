// Fluent 2 buttons. A busy button keeps its width and its name for screen readers, shows a spinner
// and refuses clicks (aria-disabled rather than disabled, so keyboard focus stays where it was).
import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import { Spinner } from "./Progress";

export type ButtonAppearance = "primary" | "secondary" | "subtle" | "link";

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "size" | "type"> {
  appearance?: ButtonAppearance;
  /** Full width of its container (the pane is narrow: main actions take the whole line). */
  block?: boolean;
  size?: "medium" | "small";
  /** Shows a spinner and ignores clicks while an action runs. */
  busy?: boolean;
  type?: "button" | "submit";
  children?: ComponentChildren;
}

export function Button({
  appearance = "secondary",
  block = false,
  size = "medium",
  busy = false,
  type = "button",
  class: extraClass,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = [
    "fui-button",
    `fui-button--${appearance}`,
    block ? "fui-button--block" : "",
    size === "small" ? "fui-button--small" : "",
    typeof extraClass === "string" ? extraClass : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      {...rest}
      type={type}
      class={classes}
      aria-busy={busy ? "true" : undefined}
      aria-disabled={busy ? "true" : rest["aria-disabled"]}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <span class="fui-spinner fui-spinner--small" aria-hidden="true" />}
      {children}
    </button>
  );
}

// Re-exported so a screen can import every control from one place.
export { Spinner };
