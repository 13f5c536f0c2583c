// Insert formula as the navigator runs it: the result's size from the data path (the rows the
// preview pulled: no request), what the target cells hold (so the pane asks before anything is
// lost), the formula written, and what the cell shows afterwards (a spill, or the error with the
// message the function gave it). The first PLATFORM formula of a workbook also fixes the language of
// the functions' headers (the pane's language, kept in the workbook and said in the outcome, so
// every co-author's recalculation gives the same headers). Effects come in: the Excel runner, the
// BOQ data path and the workbook's document settings.
import { boqFormula, type BoqSelection } from "../boq/formula";
import { DESKTOP_RESULT_LIMIT, WEB_RESULT_LIMIT } from "../boq/matrix";
import { boqSpill, cellFailure, fieldHeaders, type BoqData, type BoqRequest } from "../boqdata";
import { getLanguage, t, type Language } from "../i18n";
import "../i18n/deferred"; // the navigator's messages load with this module
import {
  cellValueSupport,
  isExcelOnTheWeb,
  inspectFormulaTarget,
  readCellShown,
  requireUnprotectedAt,
  saveHeaderLanguage,
  workbookHeaderLanguage,
  writeFormulaAt,
  type DocumentSettingsStore,
  type ExcelRunner,
  type FormulaTarget,
} from "../workbook";

/** The choice, with the platform's ids of what was picked from its lists. */
export interface FormulaChoice extends BoqSelection {
  ids: { company: string; project: string; model: string };
}

export type FormulaOutcome = {
  address: string;
  textFormatChanged: boolean;
  /** The header language this formula chose for the workbook (its first PLATFORM formula). */
  headersChosen?: Language;
} & (
  | { kind: "spill"; rows: number; columns: number }
  | { kind: "error"; error: string; message: string }
  | { kind: "busy" }
);

/** How long the pane waits for Excel to show a result the data path already has. */
const SHOWN_WAIT_MS = 10_000;
const SHOWN_POLL_MS = 200;

/** The BOQ the navigator's formula asks for, by the ids picked (the names resolve to the same). */
export function requestOf(choice: FormulaChoice): BoqRequest {
  return {
    company: { kind: "id", id: choice.ids.company.toLowerCase() },
    project: { kind: "id", id: choice.ids.project.toLowerCase() },
    model: { kind: "id", id: choice.ids.model.toLowerCase() },
    scheme: choice.scheme,
    version: choice.version,
    // The formula the navigator writes leaves parents and columns at their defaults.
    parents: true,
  };
}

/** What the formula will spill, from the data path (rows and columns, the header included), or why not. */
export type Settled = { ok: true; rows: number; columns: number } | { ok: false; error: unknown };

/** The workbook's header language, or the one its first formula will choose: the pane's. */
function headersOf(settings: DocumentSettingsStore): Language {
  return workbookHeaderLanguage(settings) ?? getLanguage();
}

/**
 * Keeps the first formula's header language in the workbook; true when it was kept. A workbook
 * whose settings cannot be saved still gets its formula (in the same words: they are set in this
 * runtime's copy), only nothing is said of a choice that did not reach the file.
 */
async function chooseHeaders(settings: DocumentSettingsStore, language: Language): Promise<boolean> {
  try {
    await saveHeaderLanguage(settings, language);
    return true;
  } catch {
    return false;
  }
}

function settle(data: BoqData, choice: FormulaChoice, language: Language): Promise<Settled> {
  // The limit, headers and values (formatted where the host takes data types) the cell's own
  // function applies, so the sizes and messages are the same and the cell finds this very matrix kept.
  const limit = isExcelOnTheWeb() ? WEB_RESULT_LIMIT : DESKTOP_RESULT_LIMIT;
  const options = { support: cellValueSupport() };
  return boqSpill(data, requestOf(choice), undefined, undefined, limit, fieldHeaders(language), options).then(
    (matrix): Settled => ({ ok: true, rows: matrix.length, columns: matrix[0]?.length ?? 0 }),
    (error: unknown): Settled => ({ ok: false, error }),
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface FormulaJourney<C = FormulaChoice> {
  /** What the cells the formula will fill hold now. */
  check(choice: C): Promise<FormulaTarget>;
  /** Writes the formula at `target` and says what the cell shows. */
  write(choice: C, target: FormulaTarget): Promise<FormulaOutcome>;
}

/** What a formula of the navigator is: its text, and its result's size as the data path has it. */
export interface FormulaSpec<C> {
  formula(choice: C): string;
  /** The result's size with headers in `language` (the cell's own function gives the same). */
  settle(choice: C, language: Language): Promise<Settled>;
  /** Why a cell shows an error the data path did not give (a result past the host's limit). */
  unexplained?: () => string;
}

/**
 * Insert formula over any formula of the navigator: PLATFORM.BOQ here, PLATFORM.BOQDIFF in
 * Compare with…. Either may be the workbook's first PLATFORM formula, which fixes the header
 * language.
 */
export function insertFormulaJourney<C>(
  excel: ExcelRunner,
  settings: DocumentSettingsStore,
  spec: FormulaSpec<C>,
): FormulaJourney<C> {
  return {
    async check(choice) {
      const spill = await spec.settle(choice, headersOf(settings));
      // A result that fails fills one cell: only the target is in the way.
      const rows = spill.ok ? spill.rows : 1;
      const columns = spill.ok ? Math.max(1, spill.columns) : 1;
      return excel((context) => inspectFormulaTarget(context, rows, columns));
    },
    async write(choice, target) {
      // A sheet protected since the check: named before the header language is chosen.
      await excel((context) => requireUnprotectedAt(context, target.address));
      // Chosen before the formula is written, so the cell's first calculation already reads it.
      const kept = workbookHeaderLanguage(settings);
      const language = kept ?? getLanguage();
      const chosen = kept === undefined && (await chooseHeaders(settings, language));
      await excel((context) => writeFormulaAt(context, target.address, spec.formula(choice)));
      const address = target.address;
      const base = {
        address,
        textFormatChanged: target.textFormat,
        ...(chosen ? { headersChosen: language } : {}),
      };
      // The function asks the same data path: this settles when the cell's own call does.
      const spill = await spec.settle(choice, language);
      let shown = await excel((context) => readCellShown(context, address));
      for (let waited = 0; shown.value === "#BUSY!" && waited < SHOWN_WAIT_MS; waited += SHOWN_POLL_MS) {
        await delay(SHOWN_POLL_MS);
        shown = await excel((context) => readCellShown(context, address));
      }
      if (shown.value === "#BUSY!") return { ...base, kind: "busy" };
      if (shown.error !== undefined) {
        const error = shown.error;
        if (error === "#SPILL!")
          return { ...base, kind: "error", error, message: t("boqnav.outcomeSpillBlocked") };
        const failure = spill.ok ? undefined : cellFailure(spill.error);
        return {
          ...base,
          kind: "error",
          error,
          message: failure?.message ?? spec.unexplained?.() ?? t("common.unexpected"),
        };
      }
      const rows = spill.ok ? spill.rows : 1;
      const columns = spill.ok ? spill.columns : 0;
      return { ...base, kind: "spill", rows: rows - 1, columns };
    },
  };
}

export function formulaJourney(
  excel: ExcelRunner,
  data: BoqData,
  settings: DocumentSettingsStore,
): FormulaJourney {
  return insertFormulaJourney<FormulaChoice>(excel, settings, {
    formula: boqFormula,
    settle: (choice, language) => settle(data, choice, language),
  });
}
