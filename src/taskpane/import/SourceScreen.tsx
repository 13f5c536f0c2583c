// The first step: the catalog's name, the company and the range to import (the selection, read
// again when the user comes back with other cells selected); once checked, the check below it.
import { useRef, useState } from "preact/hooks";
import type { Company } from "../../api/schemas";
import type { SourceInfo } from "../../import";
import { t } from "../../i18n";
import { Button, Dropdown, MessageBar } from "../components";
import { CatalogPicker } from "./CatalogPicker";
import { CheckSection } from "./CheckSection";
import { Heading, run, say, type ScreenProps } from "./screen";

function sameRange(a: SourceInfo, b: SourceInfo): boolean {
  const plain = (x: string) => x.replace(/\$/g, "").toUpperCase();
  return a.sheet === b.sheet && plain(a.address) === plain(b.address);
}

export function SourceScreen({
  state,
  pipeline,
  companies,
  onSelectCompany,
  heading,
}: ScreenProps & { companies: readonly Company[]; onSelectCompany: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  // Reads started: a look at the selection that a read overtook is not offered over its result.
  const reads = useRef(0);
  const read = (action: () => Promise<void>) => {
    reads.current += 1;
    setBusy(true);
    setMoved(null);
    run(() => action().finally(() => setBusy(false)));
  };
  // Office has no event here for "the user selected other cells" that every host raises, so the
  // selection is read again whenever the user comes back to the pane (pointer or focus): a
  // different range is offered, never taken silently.
  const [moved, setMoved] = useState<SourceInfo | null>(null);
  // The range the user chose to keep, not offered again (a ref: read when the answer arrives).
  const kept = useRef<string | null>(null);
  const asking = useRef(false);
  const noticeSelection = (e: Event) => {
    const source = state.check.source;
    if (state.phase !== "checked" || source === null || busy || asking.current) return;
    // Coming back through "Read the selection again" (its press focuses it): that reads the
    // selection anyway, and an offer shown now would move the button under the press.
    if (e.target instanceof Element && e.target.closest('button[name="useSelection"]')) return;
    asking.current = true;
    const readsBefore = reads.current;
    run(async () => {
      try {
        const now = await pipeline.selectionNow();
        if (reads.current !== readsBefore) return;
        const key = now ? `${now.sheet}!${now.address}` : null;
        setMoved(now && !sameRange(now, source) && key !== kept.current ? now : null);
      } finally {
        asking.current = false;
      }
    });
  };
  return (
    <div class="fui-stack" onPointerEnter={noticeSelection} onFocusIn={noticeSelection}>
      <Heading heading={heading} text={t("import.sourceTitle")} />
      {/* The first step's instructions name the button it shows; once checked, readAgainHint does. */}
      {state.phase === "source" && (
        <p class="fui-text">{t("import.sourceHint", { button: t("import.useSelection") })}</p>
      )}
      <CatalogPicker state={state} pipeline={pipeline} />
      {companies.length > 0 ? (
        <Dropdown
          label={t("import.company")}
          name="company"
          value={state.check.choices.companyId}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={onSelectCompany}
        />
      ) : (
        <p class="fui-caption">{state.check.choices.companyName || t("import.noCompany")}</p>
      )}
      {state.error && (
        <MessageBar intent="error" details={state.error.detail}>
          {say(state.error)}
        </MessageBar>
      )}
      <div class="fui-row">
        <Button
          appearance={state.phase === "source" ? "primary" : "secondary"}
          name="useSelection"
          busy={busy}
          onClick={() => read(() => pipeline.readSelection())}
        >
          {state.phase === "source" ? t("import.useSelection") : t("import.readSelectionAgain")}
        </Button>
      </div>
      {/* Below the button it offers an alternative to, so its arrival never moves that button. */}
      {moved && (
        <div class="fui-stack-s" data-testid="import-selection-changed" role="status">
          <p class="fui-text">
            {t("import.selectionChanged", { address: `${moved.sheet}!${moved.address}` })}
          </p>
          <div class="fui-row">
            <Button
              appearance="primary"
              name="useNewSelection"
              onClick={() => read(() => pipeline.readRange(moved))}
            >
              {t("import.useNewSelection", { address: moved.address })}
            </Button>
            <Button
              name="keepRange"
              onClick={() => {
                kept.current = `${moved.sheet}!${moved.address}`;
                setMoved(null);
              }}
            >
              {t("import.keepRange")}
            </Button>
          </div>
        </div>
      )}
      {state.phase === "checked" && <p class="fui-caption">{t("import.readAgainHint")}</p>}
      {state.phase === "checked" && state.check.analysis && (
        <CheckSection
          state={state}
          pipeline={pipeline}
          busy={busy}
          onCheckAgain={() => read(() => pipeline.checkAgain())}
        />
      )}
    </div>
  );
}
