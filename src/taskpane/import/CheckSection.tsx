// The check of the range read: the columns found (and the editor to change them), the problems
// (errors first; a click selects the cell), skipping the rows with errors, Check again and Preview.
import { useEffect, useRef, useState } from "preact/hooks";
import { CATALOG_FIELDS, type CatalogField, type Problem } from "../../catalog";
import {
  canPreview,
  previewBlocker,
  selectProblemsInOrder,
  selectSkippable,
  type ImportState,
} from "../../import";
import { errorText, t, type MessageKey } from "../../i18n";
import { Button, Checkbox, Dropdown, MessageBar, VirtualList } from "../components";
import { fieldLabel, problemText } from "../../import";
import { rememberedText } from "./rememberedText";
import { run, say, type ImportActions } from "./screen";

/** The remembered columns: used (said), or offered with one click when they differ from the headers. */
function Remembered({ state, pipeline }: { state: ImportState; pipeline: ImportActions }) {
  const fit = pipeline.rememberedFit();
  const text = rememberedText(fit, state.check.choices.catalogName.trim());
  if (text === null) return null;
  return (
    <div class="fui-stack-s" data-testid="import-remembered" data-fit={fit.kind}>
      <p class="fui-caption">{text}</p>
      {fit.kind === "differs" && (
        <div class="fui-row">
          <Button name="applyRemembered" onClick={() => run(() => pipeline.applyRemembered())}>
            {t("catalogPicker.rememberedApply")}
          </Button>
        </div>
      )}
    </div>
  );
}

const BLOCKER_WORDS: Record<"catalog" | "company" | "nothing", MessageKey> = {
  catalog: "catalogPicker.previewNeedsCatalog",
  company: "catalogPicker.previewNeedsCompany",
  nothing: "catalogPicker.previewNothing",
};

function MappingList({ state, pipeline }: { state: ImportState; pipeline: ImportActions }) {
  const mapping = pipeline.mappingDraft();
  // No header row was found: the user says which column is which. The editor opens by itself then,
  // and stays open while the user chooses: the first column chosen makes a mapping, which must not
  // close the editor under the next choice.
  const undetected = state.check.mapping === null;
  const editor = useRef<HTMLDetailsElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    const details = editor.current;
    if (details === null) return;
    if (undetected && !opened.current) details.open = true;
    opened.current = undetected;
  });
  if (!mapping) return null;
  const fields = Object.entries(mapping.columns) as [CatalogField, string][];
  const columns = pipeline.sourceColumns();
  const options = [
    { value: "", label: t("import.mappingNone") },
    ...columns.map((c) => ({
      value: c.letter,
      label: c.header === "" ? c.letter : t("import.mappingDetected", { letter: c.letter, header: c.header }),
    })),
  ];
  // A column moved to another field leaves the field that had it: one column, one field.
  const choose = (field: CatalogField, letter: string) => {
    const next: Partial<Record<CatalogField, string>> = {};
    for (const [f, l] of fields) if (f !== field && l !== letter) next[f] = l;
    if (letter !== "") next[field] = letter;
    void pipeline.setMapping({ headerRow: mapping.headerRow, columns: next });
  };
  return (
    <div class="fui-stack-s">
      <h3 class="fui-text">
        <strong>{t("import.mappingTitle")}</strong>
      </h3>
      {!undetected && (
        <p class="fui-caption">
          {mapping.headerRow === null
            ? t("import.noHeaderRow")
            : t("import.headerRow", { row: mapping.headerRow })}
        </p>
      )}
      <Remembered state={state} pipeline={pipeline} />
      <ul class="boq-import-list" data-testid="import-mapping">
        {fields.map(([field, letter]) => (
          <li key={field} class="fui-caption">
            {t("import.mappingField", { field: fieldLabel(field) })}: {letter}
          </li>
        ))}
      </ul>
      {columns.length > 0 && (
        <details class="boq-import-mapping-edit" data-testid="import-mapping-edit" ref={editor}>
          <summary class="fui-text">{t("import.mappingChange")}</summary>
          <p class="fui-caption">
            {undetected
              ? t("import.mappingUndetected", { row: mapping.headerRow ?? 1 })
              : t("import.mappingChangeHint")}
          </p>
          <div class="fui-stack-s">
            {CATALOG_FIELDS.map((field) => (
              <Dropdown
                key={field}
                label={t("import.mappingField", { field: fieldLabel(field) })}
                name={`mapping-${field}`}
                value={mapping.columns[field] ?? ""}
                options={options}
                onChange={(letter) => choose(field, letter)}
              />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

export function CheckSection({
  state,
  pipeline,
  busy,
  onCheckAgain,
}: {
  state: ImportState;
  pipeline: ImportActions;
  busy: boolean;
  onCheckAgain: () => void;
}) {
  const analysis = state.check.analysis;
  const problems = selectProblemsInOrder(state);
  const [selectError, setSelectError] = useState<string | null>(null);
  if (!analysis) return null;
  const errors = analysis.counts.errors;
  const blocker = previewBlocker(state);
  const skippable = selectSkippable(state);
  const select = (p: Problem) =>
    run(async () => {
      const failure = await pipeline.selectProblem(p);
      setSelectError(failure ? errorText(failure) : null);
    });
  const renderProblem = (i: number) => {
    const p = problems[i];
    if (!p) return null;
    const text = problemText(p);
    return (
      <button
        type="button"
        class={`boq-import-problem boq-import-problem-${p.severity}`}
        data-cell={p.cell}
        onClick={() => select(p)}
      >
        <span class="boq-import-problem-where">
          {p.severity === "error" ? t("import.severityError") : t("import.severityWarning")}
          {": "}
          {p.field === null
            ? t("import.problemBlock", { cell: p.cell })
            : t("import.problemAt", { cell: p.cell, field: fieldLabel(p.field) })}
        </span>
        <span class="boq-import-problem-what">{text.message}</span>
        <span class="boq-import-problem-fix">{t("import.problemFix", { fix: text.fix })}</span>
      </button>
    );
  };
  return (
    <div class="fui-stack-s" data-testid="import-check">
      <h3 class="fui-subtitle">{t("import.checkTitle")}</h3>
      {state.check.source && (
        <p class="fui-text" data-testid="import-range">
          {t("import.sourceRange", { address: `${state.check.source.sheet}!${state.check.source.address}` })}
        </p>
      )}
      <p class="fui-text" data-testid="import-check-summary">
        {t("import.checkSummary", {
          positions: t("import.checkPositions", { count: analysis.counts.positions }),
          deletions: t("import.checkDeletions", { count: analysis.counts.deletions }),
          errors: t("import.checkErrors", { count: errors }),
          warnings: t("import.checkWarnings", { count: analysis.counts.warnings }),
        })}
      </p>
      {state.check.notice && <MessageBar intent="warning">{say(state.check.notice)}</MessageBar>}
      <MappingList state={state} pipeline={pipeline} />
      {problems.length === 0 ? (
        // "Ready to preview" only where Preview can be chosen; else the reason is said by the button.
        <MessageBar intent="success">
          {canPreview(state) ? t("import.noProblems") : t("import.noProblemsYet")}
        </MessageBar>
      ) : (
        <>
          <p class="fui-caption">{t("import.problemsHint")}</p>
          <VirtualList
            label={t("import.checkTitle")}
            testId="import-problems"
            count={problems.length}
            itemKey={(i) => {
              const p = problems[i];
              return p ? `${p.kind}-${p.cell}-${i}` : String(i);
            }}
            renderItem={renderProblem}
          />
        </>
      )}
      {selectError && <MessageBar intent="warning">{selectError}</MessageBar>}
      {errors > 0 && <p class="fui-text">{t("import.errorsBlock", { count: errors })}</p>}
      {blocker !== null && blocker !== "errors" && (
        <p class="fui-text" id="import-preview-why" data-testid="import-preview-why">
          {t(BLOCKER_WORDS[blocker])}
        </p>
      )}
      {skippable && (
        <Checkbox
          name="skipErrorRows"
          label={t("import.skipRows", { count: state.check.errorRows.length })}
          checked={state.check.choices.skipErrorRows}
          onChange={(skipErrorRows) => pipeline.setChoices({ skipErrorRows })}
        />
      )}
      <div class="fui-row">
        <Button name="checkAgain" busy={busy} onClick={onCheckAgain}>
          {t("import.checkAgain")}
        </Button>
        <Button
          appearance="primary"
          name="toPreview"
          disabled={!canPreview(state)}
          aria-describedby={blocker !== null && blocker !== "errors" ? "import-preview-why" : undefined}
          onClick={() => void pipeline.preview()}
        >
          {t("import.toPreview")}
        </Button>
      </div>
    </div>
  );
}
