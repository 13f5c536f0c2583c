// Checkbox and radio group on the native inputs (Space toggles, arrows move within a radio
// group, forms and screen readers know them), drawn in Fluent 2.
import { useId } from "preact/hooks";
import type { Option } from "./Field";

export interface CheckboxProps {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}

export function Checkbox(props: CheckboxProps) {
  const id = useId();
  return (
    <div class="fui-field">
      <label class="fui-check">
        <input
          type="checkbox"
          name={props.name}
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />
        <span>{props.label}</span>
      </label>
      {props.hint && (
        <span id={`${id}-hint`} class="fui-hint">
          {props.hint}
        </span>
      )}
    </div>
  );
}

export interface RadioGroupProps {
  label: string;
  name: string;
  value: string;
  options: readonly (Option & { hint?: string })[];
  onChange: (value: string) => void;
}

export function RadioGroup(props: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset class="fui-radiogroup">
      <legend class="fui-label">{props.label}</legend>
      {props.options.map((o) => (
        <div key={o.value} class="fui-field">
          <label class="fui-check">
            <input
              type="radio"
              name={props.name}
              value={o.value}
              checked={props.value === o.value}
              aria-describedby={o.hint ? `${id}-${o.value}-hint` : undefined}
              onChange={() => props.onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
          {o.hint && (
            <span id={`${id}-${o.value}-hint`} class="fui-hint" style={{ paddingLeft: "24px" }}>
              {o.hint}
            </span>
          )}
        </div>
      ))}
    </fieldset>
  );
}
