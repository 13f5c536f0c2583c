// PLATFORM.BOQDIFF's body, below its JSDoc wrapper in functions.ts: two BOQs of one project (two
// versions of a model, or of two models) pulled through the BOQ data path's comparison
// (src/boqdata pullComparison: the formulas' and the sheets' cache, one request per side), compared
// by src/boq/compare and laid out by src/boq/compareMatrix, worded in the workbook's header
// language like every PLATFORM function's header row; its figures carry their number formats
// where the host takes data types (./platform hostValues, src/boq/cellValues).
import { parseBoolean, parseColumnList, parseNameOrId, parseVersionTag, requireText } from "../boq/args";
import {
  compareMatrix,
  DIFF_COLUMNS,
  diffColumns,
  type DiffColumn,
  type DiffWords,
} from "../boq/compareMatrix";
import type { Matrix, ResultLimit } from "../boq/matrix";
import {
  changeDetails,
  changeText,
  headerWords,
  pullComparison,
  type BoqData,
  type BoqRequest,
} from "../boqdata";
import { t, type Language, type MessageKey } from "../i18n";
import "../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module
import { headerLanguage } from "./headers";
import { hostValues } from "./platform";

export interface BoqDiffArgs {
  company: unknown;
  project: unknown;
  model: unknown;
  scheme: unknown;
  versionA: unknown;
  versionB: unknown;
  modelB?: unknown;
  columns?: unknown;
  showUnchanged?: unknown;
}

const COLUMN_WORDS: Readonly<Record<DiffColumn, MessageKey>> = {
  Level: "headers.level",
  Code: "compare.colCode",
  Name: "compare.colName",
  Unit: "compare.colUnit",
  QuantityA: "compare.colQuantityA",
  QuantityB: "compare.colQuantityB",
  DeltaQuantity: "compare.colDeltaQuantity",
  TotalA: "compare.colTotalA",
  TotalB: "compare.colTotalB",
  DeltaTotal: "compare.colDeltaTotal",
  DeltaPercent: "compare.colDeltaPercent",
  Change: "compare.colChange",
  Details: "compare.colDetails",
};

function blank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** Both sides, every argument checked before anything is asked of the platform. */
function requests(args: BoqDiffArgs): { a: BoqRequest; b: BoqRequest } {
  const scheme = requireText(args.scheme, "scheme", "boq.whatScheme");
  const versionA = parseVersionTag(args.versionA, "versionA");
  const versionB = parseVersionTag(args.versionB, "versionB");
  const model = parseNameOrId(args.model, "model", "boq.whatModel");
  const a: BoqRequest = {
    company: parseNameOrId(args.company, "company", "boq.whatCompany"),
    project: parseNameOrId(args.project, "project", "boq.whatProject"),
    model,
    scheme,
    version: versionA,
    parents: true,
  };
  const modelB = blank(args.modelB) ? model : parseNameOrId(args.modelB, "modelB", "boq.whatModel");
  return { a, b: { ...a, model: modelB, version: versionB } };
}

let aliases: ReadonlyMap<string, DiffColumn> | undefined;

/** The comparison's header words of every language, so `columns` may name a column as it reads. */
function columnAliases(): ReadonlyMap<string, DiffColumn> {
  aliases ??= headerWords(DIFF_COLUMNS, COLUMN_WORDS);
  return aliases;
}

/** The comparison's words in `language` (the comparison sheet's own, src/boqdata changeText). */
export function diffWords(language: Language): DiffWords {
  const headers = {} as Record<DiffColumn, string>;
  for (const column of DIFF_COLUMNS) headers[column] = t(COLUMN_WORDS[column], {}, language);
  return {
    headers,
    change: (kind) => changeText(kind, language),
    details: (row) => changeDetails(row, language),
    pair: (a, b) => t("compare.pair", { a, b }, language),
  };
}

export async function boqDiff(
  data: BoqData,
  args: BoqDiffArgs,
  signal: AbortSignal | undefined,
  limit: ResultLimit,
): Promise<Matrix> {
  // Checked in the order a user reads the errors: the column list and the flag, then the BOQs.
  const columns = diffColumns(parseColumnList(args.columns), columnAliases());
  const showUnchanged = parseBoolean(args.showUnchanged, "showUnchanged", false);
  const { a, b } = requests(args);
  const { comparison } = await pullComparison(data, { a, b, showUnchanged }, { signal });
  return compareMatrix(comparison, columns, diffWords(headerLanguage()), limit, hostValues());
}
