// Message bar: info, warning, error, success, with the Fluent icon of its intent. Errors and
// warnings are announced at once (role alert), info and success politely (role status). Technical
// detail (a code, an HTTP status) sits behind "Show details", one click away, never in the sentence.
import type { ComponentChildren } from "preact";
import { useId, useState } from "preact/hooks";
import { t } from "../../i18n";
import { Button } from "./Button";
import { Icon } from "./icons";

export type MessageIntent = "info" | "warning" | "error" | "success";

export interface MessageBarProps {
  intent?: MessageIntent;
  /** A short bold lead, e.g. "Sign-in failed". */
  title?: string;
  children: ComponentChildren;
  /** Technical detail for an administrator, shown on request. Never a token or a secret. */
  details?: string;
  /** Buttons or links under the text. */
  actions?: ComponentChildren;
  onDismiss?: () => void;
}

export function MessageBar({
  intent = "info",
  title,
  children,
  details,
  actions,
  onDismiss,
}: MessageBarProps) {
  const id = useId();
  const [showDetails, setShowDetails] = useState(false);
  const [copied, setCopied] = useState(false);
  // For support: the details as text on the clipboard (where the host allows it; else select them).
  const copy = (text: string) => {
    void navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  const urgent = intent === "error" || intent === "warning";
  return (
    <div class={`fui-messagebar fui-messagebar--${intent}`} role={urgent ? "alert" : "status"}>
      <span class="fui-messagebar__icon">
        <Icon name={intent} />
      </span>
      <div class="fui-messagebar__body">
        <span class="fui-messagebar__text">
          {title && <span class="fui-messagebar__title">{title}</span>}
          {children}
        </span>
        {(details || actions) && (
          <div class="fui-messagebar__actions">
            {actions}
            {details && (
              <Button
                appearance="link"
                aria-expanded={showDetails ? "true" : "false"}
                aria-controls={`${id}-details`}
                onClick={() => setShowDetails((s) => !s)}
              >
                {showDetails ? t("common.hideDetails") : t("common.showDetails")}
              </Button>
            )}
          </div>
        )}
        {details && showDetails && (
          <>
            <pre id={`${id}-details`} class="fui-messagebar__details" data-testid="message-details">
              {details}
            </pre>
            <div class="fui-row">
              <Button appearance="link" name="copyDetails" onClick={() => copy(details)}>
                {t("common.copyDetails")}
              </Button>
              {copied && (
                <span class="fui-caption" role="status">
                  {t("common.detailsCopied")}
                </span>
              )}
            </div>
          </>
        )}
      </div>
      {onDismiss && (
        <Button
          appearance="subtle"
          aria-label={t("common.close")}
          onClick={onDismiss}
          style={{ padding: "2px" }}
        >
          <Icon name="dismiss" size={16} />
        </Button>
      )}
    </div>
  );
}
