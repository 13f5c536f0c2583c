// A follow-up import that puts values back, shown before it is sent: "Restore the previous values"
// of the result and History's "Undo the updates". It lists the positions and the values sent back,
// those that cannot be put back and why, and (for an undo) what it cannot undo; Import sends it
// through the pipeline like any import, Cancel sends nothing.
import { useEffect, useRef } from "preact/hooks";
import type { NotRestorableReason, RestoreField, RestoreOffer } from "../../import";
import { t, type MessageKey } from "../../i18n";
import "../../i18n/deferred"; // the restore messages load with this module
import { Button, MessageBar } from "../components";

/** Positions listed; the rest are counted ("…and 12 more"). */
export const RESTORE_SHOWN = 50;

export const FIELD_KEY: Record<RestoreField, MessageKey> = {
  code: "restore.fieldCode",
  name: "restore.fieldName",
  price: "restore.fieldPrice",
  unit: "restore.fieldUnit",
  currency: "restore.fieldCurrency",
};

const REASON_KEY: Record<NotRestorableReason, MessageKey> = {
  "guid-unknown": "restore.reasonGuidUnknown",
  "code-unknown": "restore.reasonCodeUnknown",
  "no-name": "restore.reasonNoName",
};

/** A value as a value of a message: numbers in the pane's language, nothing as "(empty)". */
export function shownValue(v: string | number | null): string | number {
  return v === null || v === "" ? t("restore.empty") : v;
}

export interface RestoreScreenProps {
  offer: RestoreOffer;
  /** Another import is being sent or followed: this one waits. */
  paneBusy: boolean;
  onSend: () => void;
  onCancel: () => void;
}

export function RestoreScreen({ offer, paneBusy, onSend, onCancel }: RestoreScreenProps) {
  const plan = offer.plan;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [offer]);
  const undo = plan.kind === "undo";
  const items = plan.items.slice(0, RESTORE_SHOWN);
  const lost = plan.notRestorable.slice(0, RESTORE_SHOWN);
  return (
    <section
      class="fui-stack"
      data-testid="restore-offer"
      data-kind={plan.kind}
      aria-labelledby="restore-heading"
    >
      <h2 id="restore-heading" class="fui-subtitle" tabIndex={-1} ref={heading}>
        {t(undo ? "restore.undoTitle" : "restore.restoreTitle")}
      </h2>
      <p class="fui-text">
        {t(undo ? "restore.undoIntro" : "restore.restoreIntro", { catalog: plan.catalogName })}
      </p>
      {plan.items.length === 0 ? (
        <p class="fui-text">{t("restore.nothingToSend")}</p>
      ) : (
        <div class="fui-stack-s">
          <p class="fui-text">{t("restore.sendCount", { count: plan.items.length })}</p>
          <ul class="boq-import-list" data-testid="restore-items">
            {items.map((item, i) => (
              <li key={`${item.code}-${i}`} class="fui-text">
                <strong>{item.code}</strong> {item.name}
                <ul class="boq-import-list fui-caption">
                  {item.changes.map((c) => (
                    <li key={c.field}>
                      {t("restore.change", {
                        field: t(FIELD_KEY[c.field]),
                        now: shownValue(c.now),
                        back: shownValue(c.back),
                      })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {plan.items.length > items.length && (
            <p class="fui-caption">{t("restore.more", { count: plan.items.length - items.length })}</p>
          )}
        </div>
      )}
      {plan.notRestorable.length > 0 && (
        <MessageBar intent="warning">
          <div class="fui-stack-s" data-testid="restore-not-restorable">
            <span>{t("restore.notRestorable", { count: plan.notRestorable.length })}</span>
            <ul class="boq-import-list">
              {lost.map((n, i) => (
                <li key={`${n.code}-${i}`}>
                  {`${n.code} ${n.name}: ${t(REASON_KEY[n.reason])}`.replace(/ {2,}/g, " ")}
                </li>
              ))}
            </ul>
            {plan.notRestorable.length > lost.length && (
              <span>{t("restore.more", { count: plan.notRestorable.length - lost.length })}</span>
            )}
          </div>
        </MessageBar>
      )}
      {undo && (plan.inserted > 0 || plan.deleted > 0) && (
        <MessageBar intent="info">
          <span data-testid="restore-cannot-undo">
            {[
              plan.inserted > 0 ? t("restore.insertedStay", { count: plan.inserted }) : "",
              plan.deleted > 0 ? t("restore.deletedGone", { count: plan.deleted }) : "",
            ]
              .filter((s) => s !== "")
              .join(" ")}
          </span>
        </MessageBar>
      )}
      {paneBusy && <p class="fui-caption">{t("restore.busy")}</p>}
      <div class="fui-row">
        <Button
          appearance="primary"
          name="restoreSend"
          disabled={plan.items.length === 0 || paneBusy}
          onClick={onSend}
        >
          {t("restore.send")}
        </Button>
        <Button name="restoreCancel" onClick={onCancel}>
          {t("restore.cancel")}
        </Button>
      </div>
    </section>
  );
}
