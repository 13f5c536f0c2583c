// The matrix a PLATFORM.BOQ formula spills: a header row, then one row per BOQ row in tree order,
// with the columns the user asked for (row fields, Level, or LocalVars variables by name), each
// cell through the one seam from a value to a cell (./cellValues: a plain value, or a number with
// its format where the host takes data types). Pure.
import type { BoqRow } from "../api/schemas";
import {
  BOQ_FIELDS,
  fieldKind,
  fieldValue,
  PLAIN_VALUES,
  positionCard,
  spillEntity,
  spillValue,
  variableValue,
  type BoqField,
  type SpillValue,
  type ValueSupport,
} from "./cellValues";
import { argumentError, unavailable, words, type BoqError } from "./errors";
import { rowTotals, type RowTotal } from "./totals";
import { treeOrder } from "./tree";

export { BOQ_FIELDS, type BoqField } from "./cellValues";

/** One cell of a PLATFORM function's result (./cellValues SpillValue). */
export type Cell = SpillValue;
export type Matrix = Cell[][];

export const DEFAULT_COLUMNS: readonly BoqField[] = [
  "Level",
  "CatalogName",
  "Code",
  "Name",
  "Unit",
  "Value",
  "ValueCost",
  "TotalCost",
];

/** Excel refuses a custom function result larger than this (serialized). */
export const MAX_RESULT_BYTES = 5 * 1024 * 1024;

/**
 * What one result may hold on a host. Microsoft states a 5 MB payload for a custom function
 * (office-js issue 4654); Excel on the web's runtime sends results in slices of 2,000,000
 * characters of JSON, and a result longer than a slice stays #BUSY! for ever with no error
 * (issues 2222, 2786, 6841), as do results of about 100,000 cells there (2222: 20 columns × 5,000
 * rows). Past its host's limit, the cell says how to get the data instead.
 */
export interface ResultLimit {
  host: "web" | "desktop";
  /** UTF-8 bytes of the JSON the host receives. */
  bytes: number;
  /** Characters of JSON.stringify(matrix), the web runtime's own measure. */
  characters: number;
  cells: number;
}

/** Room left in a 2,000,000-character slice for the runtime's envelope around a result. */
const WEB_ENVELOPE_CHARACTERS = 1_000;
export const WEB_RESULT_LIMIT: ResultLimit = {
  host: "web",
  bytes: MAX_RESULT_BYTES,
  characters: 2_000_000 - WEB_ENVELOPE_CHARACTERS,
  cells: 100_000,
};
export const DESKTOP_RESULT_LIMIT: ResultLimit = {
  host: "desktop",
  bytes: MAX_RESULT_BYTES,
  characters: Number.POSITIVE_INFINITY,
  cells: Number.POSITIVE_INFINITY,
};

/**
 * The header row's words: each field's header in the workbook's header language, and the words a
 * column list may use for a field besides its name (the headers of every language). src/boq has
 * no words of its own: the edge (src/functions) gives them. Without them, headers are field names.
 */
export interface FieldHeaders {
  headers: Readonly<Record<BoqField, string>>;
  /** The label of a card's parent section ("Section"): field names' words have none. */
  section?: string;
  /** Lower-cased header words → field; a field name or a variable of that name comes first. */
  aliases?: ReadonlyMap<string, BoqField>;
}

type Column =
  { kind: "field"; field: BoqField; header: string } | { kind: "var"; name: string; header: string };

const FIELD_BY_LOWER = new Map<string, BoqField>(BOQ_FIELDS.map((f) => [f.toLowerCase(), f]));

function resolveColumns(
  requested: readonly string[] | undefined,
  rows: readonly BoqRow[],
  words: FieldHeaders | undefined,
): Column[] {
  const header = (field: BoqField): string => words?.headers[field] ?? field;
  if (!requested) return DEFAULT_COLUMNS.map((field) => ({ kind: "field", field, header: header(field) }));
  let variables: Map<string, string> | undefined;
  return requested.map((name): Column => {
    const field = FIELD_BY_LOWER.get(name.toLowerCase());
    if (field) return { kind: "field", field, header: header(field) };
    if (!variables) {
      variables = new Map();
      for (const row of rows) {
        for (const v of row.LocalVars)
          if (!variables.has(v.Name.toLowerCase())) variables.set(v.Name.toLowerCase(), v.Name);
      }
    }
    const variable = variables.get(name.toLowerCase());
    if (variable !== undefined) return { kind: "var", name: variable, header: variable };
    // A header word ("Quantity") after the variables, so a variable named like a header keeps its column.
    const aliased = words?.aliases?.get(name.trim().toLowerCase());
    if (aliased) return { kind: "field", field: aliased, header: header(aliased) };
    throw argumentError("boq.columnUnknown", { column: name, fields: BOQ_FIELDS.join(", ") });
  });
}

/** UTF-8 bytes and JSON characters of a cell as Excel receives it, plus its separator. */
function cellSize(cell: Cell): { bytes: number; characters: number } {
  if (typeof cell === "object") {
    // A data type travels as its JSON: measured as that text, less the quotes a string would add.
    const size = cellSize(JSON.stringify(cell));
    return { bytes: size.bytes - 2, characters: size.characters - 2 };
  }
  if (typeof cell !== "string") {
    const n = (typeof cell === "number" && !Number.isFinite(cell) ? "null" : String(cell)).length + 1;
    return { bytes: n, characters: n };
  }
  let bytes = 3; // quotes and comma
  let characters = 3;
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) {
      bytes += 2;
      characters += 2;
    } else if (c < 0x20) {
      bytes += 6;
      characters += 6;
    } else if (c < 0x80) {
      bytes += 1;
      characters += 1;
    } else if (c < 0x800) {
      bytes += 2;
      characters += 1;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      characters += 2;
      i++;
    } else {
      bytes += 3;
      characters += 1;
    }
  }
  return { bytes, characters };
}

function tooLarge(matrix: Matrix, limit: ResultLimit): BoqError {
  const columns = matrix[0]?.length ?? 0;
  const web = limit.host === "web";
  return unavailable("boq.tooLarge", {
    rows: matrix.length - 1,
    columns,
    cells: matrix.length * columns,
    host: words(web ? "boq.hostWeb" : "boq.hostDesktop"),
    limit: words(web ? "boq.limitWeb" : "boq.limitDesktop"),
  });
}

/**
 * Throws the "too large" error when the matrix would pass the host's limit for one result (a
 * number: a byte limit alone, as on desktop).
 */
export function guardResultSize(matrix: Matrix, limit: ResultLimit | number = DESKTOP_RESULT_LIMIT): void {
  const rule = typeof limit === "number" ? { ...DESKTOP_RESULT_LIMIT, bytes: limit } : limit;
  let cells = 0;
  for (const row of matrix) cells += row.length;
  if (cells > rule.cells) throw tooLarge(matrix, rule);
  // The JSON exactly: each cell is counted with a comma after it, so a row's last comma stands for
  // the comma between rows, and the last row's for one of the outer brackets (hence 1, not 2).
  let bytes = 1;
  let characters = 1;
  for (const row of matrix) {
    bytes += 2;
    characters += 2;
    for (const cell of row) {
      const size = cellSize(cell);
      bytes += size.bytes;
      characters += size.characters;
    }
    if (bytes > rule.bytes || characters > rule.characters) throw tooLarge(matrix, rule);
  }
}

/** Each row's parent's name, by the row's index in `rows` (null: a top-level row). */
function sectionNames(rows: readonly BoqRow[]): Map<BoqRow, string | null> {
  const byId = new Map<string, BoqRow>();
  for (const row of rows) if (row.Id) byId.set(row.Id.toLowerCase(), row);
  return new Map(rows.map((row) => [row, byId.get((row.ParentId ?? "").toLowerCase())?.Name ?? null]));
}

/**
 * Header + rows in tree order; throws a BoqError for an unknown column or a too-large result. The
 * header row is in `words` (field names without them; a variable's header is its name); the cells
 * are as a host with `support` takes them (plain values by default). With `cards`, each row's Name
 * cell (its Code cell where Name is not among the columns) is the position as an entity with its
 * card (./cellValues positionCard), where the host takes entities; its text elsewhere.
 */
export function boqMatrix(
  rows: readonly BoqRow[],
  columns?: readonly string[],
  limit: ResultLimit | number = DESKTOP_RESULT_LIMIT,
  words?: FieldHeaders,
  support: ValueSupport = PLAIN_VALUES,
  cards = false,
): Matrix {
  const cols = resolveColumns(columns, rows, words);
  const matrix: Matrix = [cols.map((c) => c.header)];
  const ordered = treeOrder(rows);
  const totals = rowTotals(ordered);
  const fields = cols.flatMap((c) => (c.kind === "field" ? [c.field] : []));
  const shown = !cards
    ? undefined
    : fields.includes("Name")
      ? "Name"
      : fields.includes("Code")
        ? "Code"
        : undefined;
  const sections = shown && support.entities ? sectionNames(rows) : undefined;
  const cardWords = {
    field: (field: BoqField) => words?.headers[field] ?? field,
    section: words?.section ?? "Section",
  };
  ordered.forEach((item, i) => {
    const total = totals[i] as RowTotal;
    matrix.push(
      cols.map((c) => {
        if (c.kind === "var") return spillValue("text", variableValue(item.row, c.name), support);
        if (c.field === shown && sections) {
          const section = sections.get(item.row) ?? null;
          return spillEntity(positionCard(item, total, section, shown, cardWords), support);
        }
        return spillValue(fieldKind(c.field), fieldValue(item, c.field, total), support);
      }),
    );
  });
  guardResultSize(matrix, limit);
  return matrix;
}
