// The few Fluent System Icons the pane needs (20 px regular, MIT licence), drawn inline: an icon
// font or the icon package would cost more than these paths. Icons are decoration: aria-hidden.

export type IconName = "info" | "warning" | "error" | "success" | "chevronRight" | "dismiss";

const PATHS: Record<IconName, string> = {
  info: "M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 1a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm0 5.5c.28 0 .5.22.5.5v4.5a.5.5 0 0 1-1 0V9c0-.28.22-.5.5-.5Zm0-2.25a.75.75 0 1 1 0 1.5.75.75 0 0 1 0-1.5Z",
  warning:
    "M8.68 2.79a1.5 1.5 0 0 1 2.64 0l6.5 12A1.5 1.5 0 0 1 16.5 17h-13a1.5 1.5 0 0 1-1.32-2.21l6.5-12Zm1.76.48a.5.5 0 0 0-.88 0l-6.5 12a.5.5 0 0 0 .44.73h13a.5.5 0 0 0 .44-.73l-6.5-12ZM10 7c.28 0 .5.22.5.5v4a.5.5 0 0 1-1 0v-4c0-.28.22-.5.5-.5Zm0 6.25a.75.75 0 1 1 0 1.5.75.75 0 0 1 0-1.5Z",
  error:
    "M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 1a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm0 9.5a.75.75 0 1 1 0 1.5.75.75 0 0 1 0-1.5ZM10 6c.28 0 .5.22.5.5v4.5a.5.5 0 0 1-1 0V6.5c0-.28.22-.5.5-.5Z",
  success:
    "M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 1a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm3.36 4.65c.17.17.2.44.06.63l-.06.07-4 4a.5.5 0 0 1-.64.06l-.07-.06-2-2a.5.5 0 0 1 .63-.76l.07.06L9 11.29l3.65-3.64c.2-.2.5-.2.7 0Z",
  chevronRight:
    "M7.65 4.15c.2-.2.5-.2.7 0l5.49 5.46c.21.22.21.57 0 .78l-5.49 5.46a.5.5 0 0 1-.7-.7L12.8 10 7.65 4.85a.5.5 0 0 1 0-.7Z",
  dismiss:
    "m4.09 4.22.06-.07a.5.5 0 0 1 .63-.06l.07.06L10 9.29l5.15-5.14a.5.5 0 0 1 .63-.06l.07.06c.18.17.2.44.06.63l-.06.07L10.71 10l5.14 5.15c.18.17.2.44.06.63l-.06.07a.5.5 0 0 1-.63.06l-.07-.06L10 10.71l-5.15 5.14a.5.5 0 0 1-.63.06l-.07-.06a.5.5 0 0 1-.06-.63l.06-.07L9.29 10 4.15 4.85a.5.5 0 0 1-.06-.63l.06-.07-.06.07Z",
};

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
