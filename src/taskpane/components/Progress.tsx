// Spinner (an action of unknown length) and progress bar (a known share, e.g. an import job).
import { useId } from "preact/hooks";

export interface SpinnerProps {
  /** What is happening, read by screen readers and shown beside the spinner. */
  label: string;
  size?: "medium" | "small";
  /** Show the label beside the spinner (default) or only to screen readers. */
  labelHidden?: boolean;
}

export function Spinner({ label, size = "medium", labelHidden = false }: SpinnerProps) {
  return (
    <span class="fui-spinner-wrap" role="status">
      <span class={`fui-spinner${size === "small" ? " fui-spinner--small" : ""}`} aria-hidden="true" />
      <span class={labelHidden ? "fui-visually-hidden" : "fui-text"}>{label}</span>
    </span>
  );
}

export interface ProgressBarProps {
  label: string;
  /** 0..1; undefined for an indeterminate bar. */
  value?: number;
  /** A line under the bar (e.g. "1,200 of 5,000 rows"). */
  hint?: string;
}

export function ProgressBar({ label, value, hint }: ProgressBarProps) {
  const id = useId();
  const percent = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div class="fui-progress">
      <span id={`${id}-label`} class="fui-label">
        {label}
      </span>
      <div
        class="fui-progress__track"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <div
          class={`fui-progress__bar${percent === undefined ? " fui-progress__bar--indeterminate" : ""}`}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
      {hint && (
        <span id={`${id}-hint`} class="fui-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
