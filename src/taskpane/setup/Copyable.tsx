// A value to hand on (a client id, a secret, an address) with its copy button. Copying uses the
// Clipboard API where the host allows it, else the page's copy command on a hidden text area, and
// says when neither worked (the value stays selectable on screen). A download of a file goes
// through a Blob link.
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { installStyleSheet } from "../styles";
import { Button } from "../components";

/** The page's own copy command, for hosts without the Clipboard API (or that refuse it). */
function copyWithCommand(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "fui-visually-hidden";
  const before = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, and still the one way where navigator.clipboard is missing or refused.
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    before?.focus();
  }
}

/** Copies text; false when the host allowed no way of copying. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the document not focused): the older way below.
  }
  return copyWithCommand(text);
}

/** Gives a text file to download, through a Blob link. */
export function downloadText(fileName: string, text: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface CopyableProps {
  label: string;
  value: string;
  /** The button's name (tests, forms). */
  name: string;
  /** A secret: shown while the screen is open, never elsewhere. */
  secret?: boolean;
}

export function Copyable({ label, value, name, secret = false }: CopyableProps) {
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);
  return (
    <div class="fui-stack-s boq-copyable">
      <span class="fui-caption">{label}</span>
      <div class="boq-copyable-row">
        <code
          class="fui-code boq-copyable-value"
          data-testid={name}
          data-secret={secret ? "true" : undefined}
        >
          {value}
        </code>
        <Button
          size="small"
          name={name}
          aria-label={t("setup.copyWhat", { what: label })}
          onClick={() => {
            setOutcome(null);
            void copyText(value).then((ok) => setOutcome(ok ? "copied" : "failed"));
          }}
        >
          {t("setup.copy")}
        </Button>
      </div>
      <span class="fui-caption" role="status">
        {outcome === "copied" ? t("setup.copied") : outcome === "failed" ? t("setup.copyFailed") : ""}
      </span>
    </div>
  );
}

/** A numbered step that hands on a value: the step's sentence, then the value with its copy button. */
export function CopyableStep({ text, ...copyable }: CopyableProps & { text: string }) {
  return (
    <li>
      <div class="fui-stack-s">
        <span class="fui-text">{text}</span>
        <Copyable {...copyable} />
      </div>
    </li>
  );
}

const CSS = `
.boq-copyable-row { display: flex; align-items: flex-start; gap: var(--spacingHorizontalS); }
/* The value wraps; the button keeps its whole label ("Копировать" is long beside a secret). */
.boq-copyable-row > button { flex: none; }
.boq-copyable-value { flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; user-select: all;
  padding: 4px 6px; border-radius: var(--borderRadiusMedium); background: var(--colorNeutralBackground3); }
.boq-setup-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--spacingVerticalS); }
.boq-setup-steps { margin: 0; padding-left: var(--spacingHorizontalL); display: flex; flex-direction: column; gap: var(--spacingVerticalS); }
.boq-setup-preset { margin: 0; padding: 8px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere;
  border-radius: var(--borderRadiusMedium); background: var(--colorNeutralBackground3); }
.boq-setup-card ul { margin: 0; padding-left: var(--spacingHorizontalL); overflow-wrap: anywhere; }
`;

export function installSetupStyles(doc: Document): void {
  installStyleSheet(doc, "boq-bridge-setup-styles", CSS);
}
