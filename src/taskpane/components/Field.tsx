// Labelled controls: text field, dropdown (a styled native <select>: the most robust keyboard and
// screen-reader behaviour in every Office webview) and combobox (type to filter a long list). The
// label is a <label for>; the hint and the validation message are separate and tied to the
// control by aria-describedby, so a screen reader reads the field's name without its error.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "preact/hooks";
import { Icon } from "./icons";
import { usePopover } from "./popovers";

interface FieldShellProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  required?: boolean;
  children: ComponentChildren;
}

function describedBy(id: string, hint?: string, error?: string | null): string | undefined {
  const ids = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function FieldShell({ id, label, hint, error, required, children }: FieldShellProps) {
  return (
    <div class="fui-field">
      <label class="fui-label" for={id}>
        {label}
        {required && (
          <span class="fui-required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <span id={`${id}-error`} class="fui-validation">
          <Icon name="error" size={12} />
          <span>{error}</span>
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} class="fui-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** A validation message: the field is marked invalid and the message read after its name. */
  error?: string | null;
  required?: boolean;
  /** Masks what is typed (client secret, password). */
  secret?: boolean;
  readOnly?: boolean;
  autocomplete?: string;
  inputMode?: "text" | "url" | "email";
  placeholder?: string;
  spellcheck?: boolean;
  onBlur?: () => void;
  id?: string;
  /** Values offered as the user types (a native datalist); any other text may still be typed. */
  suggestions?: readonly string[];
  /** A text that wraps over this many lines (a description, several addresses), not one line. */
  rows?: number;
}

export function TextField(props: TextFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  // preact types <input> by its type, so the masked and the plain input are written apart.
  const attributes = {
    id,
    class: "fui-input",
    name: props.name,
    value: props.value,
    autocomplete: props.autocomplete,
    readOnly: props.readOnly,
    required: props.required,
    placeholder: props.placeholder,
    spellcheck: props.spellcheck ?? false,
    "aria-invalid": props.error ? ("true" as const) : undefined,
    "aria-describedby": describedBy(id, props.hint, props.error),
    onInput: (e: Event) => props.onChange((e.currentTarget as HTMLInputElement).value),
    onBlur: props.onBlur,
  };
  return (
    <FieldShell id={id} label={props.label} hint={props.hint} error={props.error} required={props.required}>
      {props.secret ? (
        <input type="password" {...attributes} />
      ) : props.rows ? (
        <textarea rows={props.rows} inputMode={props.inputMode} {...attributes} />
      ) : (
        <input
          type="text"
          inputMode={props.inputMode}
          list={props.suggestions && props.suggestions.length > 0 ? `${id}-suggestions` : undefined}
          {...attributes}
        />
      )}
      {!props.secret && props.suggestions && props.suggestions.length > 0 && (
        <datalist id={`${id}-suggestions`}>
          {props.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
  /** A second line in a combobox's list (where the option comes from); ignored by a dropdown. */
  description?: string;
}

export interface DropdownProps {
  label: string;
  name: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}

export function Dropdown(props: DropdownProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} hint={props.hint} error={props.error}>
      <select
        id={id}
        class="fui-select"
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy(id, props.hint, props.error)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface ComboboxProps {
  label: string;
  name: string;
  /** The chosen option's value ("" for none). */
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  /** Said in the list when nothing matches what was typed. */
  noMatchText: string;
  /**
   * Any text typed is the value (the list only helps): `value` is the text, every keystroke calls
   * `onChange`, and leaving the field keeps what was typed.
   */
  freeText?: boolean;
  required?: boolean;
}

/**
 * ARIA 1.2 combobox with a list: typing filters, Down/Up move, Enter or a click chooses, Escape
 * closes (a second Escape restores the chosen option's text). Focus stays in the input; the active
 * option is announced through aria-activedescendant. The list floats over what follows the field,
 * so it is open only while the user works in the field: it closes on a press outside it, when the
 * focus leaves, on dismissPopovers() (the pane's step or the workbook's selection changed) and, with
 * `freeText`, as soon as the text typed is an option's name (nothing is left to choose).
 */
export function Combobox(props: ComboboxProps) {
  const id = useId();
  const chosen = props.options.find((o) => o.value === props.value);
  const [chosenText, setChosenText] = useState(chosen?.label ?? "");
  // Free text: the field shows the value itself; otherwise the text typed until an option is chosen.
  const text = props.freeText ? props.value : chosenText;
  const setText = (value: string) => (props.freeText ? props.onChange(value) : setChosenText(value));
  const [open, setOpen] = useState(false);
  // What the list is filtered by: the text as typed, or null (opened by a click or a key) for all.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  usePopover(open, close, boxRef);
  const filtered = useMemo(() => {
    const q = (query ?? "").trim().toLocaleLowerCase();
    if (!q) return props.options;
    return props.options.filter((o) => o.label.toLocaleLowerCase().includes(q));
  }, [query, props.options]);

  /** Opens the list on every option, the chosen one active. */
  function openAll() {
    setQuery(null);
    setActive(
      Math.max(
        0,
        props.options.findIndex((o) => o.value === props.value),
      ),
    );
    setOpen(true);
  }

  function choose(option: Option) {
    setText(option.label);
    setOpen(false);
    setQuery(null);
    props.onChange(option.value);
  }

  /** Free text that names an option is complete: the list would only cover what follows. */
  const names = (typed: string, options: readonly Option[]): boolean => {
    const q = typed.trim().toLocaleLowerCase();
    return props.freeText === true && q !== "" && options.some((o) => o.label.toLocaleLowerCase() === q);
  };

  function onInput(typed: string) {
    setText(typed);
    setQuery(typed);
    if (names(typed, props.options)) {
      setOpen(false);
      return;
    }
    const q = typed.trim().toLocaleLowerCase();
    const matches = props.options.filter((o) => o.label.toLocaleLowerCase().includes(q));
    setActive(
      Math.max(
        0,
        matches.findIndex((o) => o.label.toLocaleLowerCase() === q),
      ),
    );
    setOpen(true);
  }

  // Options that arrive while the list is open (the platform's catalogs, loaded in the background)
  // may make the name typed before them complete: the list closes as if the name had been typed now.
  useEffect(() => {
    if (open && query !== null && names(query, props.options)) setOpen(false);
  }, [props.options]);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) {
        openAll();
        return;
      }
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (filtered.length === 0 ? 0 : (a + step + filtered.length) % filtered.length));
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      const option = filtered[active];
      if (option) choose(option);
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
      } else if (!props.freeText) setText(chosen?.label ?? "");
    }
  }

  const listId = `${id}-list`;
  return (
    <FieldShell id={id} label={props.label} hint={props.hint} error={props.error} required={props.required}>
      <div ref={boxRef} class="fui-combobox">
        <input
          ref={inputRef}
          id={id}
          class="fui-input fui-select"
          type="text"
          role="combobox"
          name={props.name}
          autocomplete="off"
          spellcheck={false}
          value={text}
          required={props.required}
          aria-expanded={open ? "true" : "false"}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && filtered[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={props.error ? "true" : undefined}
          aria-describedby={describedBy(id, props.hint, props.error)}
          onInput={(e) => onInput(e.currentTarget.value)}
          onClick={() => (open ? setOpen(false) : openAll())}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            if (!props.freeText) setText(chosen?.label ?? "");
          }}
        />
        {open && (
          <ul id={listId} class="fui-listbox" role="listbox" aria-label={props.label}>
            {filtered.length === 0 ? (
              <li class="fui-option" role="option" aria-disabled="true" aria-selected="false">
                {props.noMatchText}
              </li>
            ) : (
              filtered.map((o, i) => (
                <li
                  key={o.value}
                  id={`${id}-opt-${i}`}
                  class="fui-option"
                  role="option"
                  aria-selected={o.value === props.value ? "true" : "false"}
                  data-active={i === active ? "true" : undefined}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(o);
                  }}
                >
                  {o.label}
                  {o.description && <span class="fui-option__description">{o.description}</span>}
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </FieldShell>
  );
}
