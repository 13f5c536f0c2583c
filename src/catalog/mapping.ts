// A mapping against its block: letters that are columns of the block, one field per column, a
// header row that still holds the header, and the columns with data that no field reads.

import { cleanText, columnIndex, columnLetter, valueText } from "./cells";
import { findHeaderRow, HEADER_SCAN_ROWS } from "./columns";
import { spreadHeaderTexts } from "./headerRows";
import { isTotalHeader, matchHeader } from "./headers";
import { problemAt } from "./problems";
import { stepCounter, type Steps } from "./steps";
import type {
  CatalogField,
  CellBlock,
  CellValue,
  ColumnMapping,
  FieldColumns,
  Problem,
  UnmappedColumn,
} from "./types";
import { CATALOG_FIELDS } from "./types";

/**
 * Check a mapping (detected or supplied) against the block: letters must be columns inside the
 * block, one field per column. Returns the sheet column index of each mapped field.
 */
export function resolveMapping(
  block: CellBlock,
  mapping: ColumnMapping,
): { columns: FieldColumns; problems: Problem[] } {
  const problems: Problem[] = [];
  const columns: FieldColumns = {};
  const width = blockWidth(block);
  const anchor = {
    sheet: block.sheet,
    row: mapping.headerRow ?? block.startRow,
    columnIndex: block.startColumn,
  };
  const owner = new Map<number, CatalogField>();
  for (const field of CATALOG_FIELDS) {
    const letters = mapping.columns[field];
    if (letters === undefined) continue;
    const index = columnIndex(letters);
    const offset = index === null ? -1 : index - block.startColumn;
    if (index === null || offset < 0 || offset >= width) {
      const reason = index === null ? "not-a-column" : "outside-range";
      problems.push(problemAt(anchor, "invalid-mapping", "error", field, { column: letters }, reason));
      continue;
    }
    const taken = owner.get(offset);
    if (taken !== undefined) {
      const values = { column: columnLetter(index), otherField: taken };
      problems.push(
        problemAt(
          { ...anchor, columnIndex: index },
          "invalid-mapping",
          "error",
          field,
          values,
          "same-column",
        ),
      );
      continue;
    }
    owner.set(offset, field);
    columns[field] = index;
  }
  if (mapping.headerRow !== null) {
    const headerOffset = mapping.headerRow - block.startRow;
    if (headerOffset < 0 || headerOffset >= block.values.length) {
      problems.push(
        problemAt(
          { ...anchor, row: block.startRow },
          "invalid-mapping",
          "error",
          null,
          { headerRow: mapping.headerRow },
          "header-outside-range",
        ),
      );
    }
  }
  return { columns, problems };
}

/**
 * A saved or chosen mapping names its header row; the sheet may have changed since (rows
 * inserted above, a different table selected). When the header the sheet now has sits in
 * another row, or the named row holds data (a number under Code or Price), the mapping no
 * longer fits: reading with it would skip a real row or import the header.
 */
export function checkMappingHeader(
  block: CellBlock,
  mapping: ColumnMapping,
  columns: FieldColumns,
): Problem[] {
  if (mapping.headerRow === null) return [];
  const r = mapping.headerRow - block.startRow;
  if (r < 0 || r >= block.values.length) return [];
  const found = findHeaderRow(block);
  const foundRow = found === null ? null : block.startRow + found;
  const at = { sheet: block.sheet, row: mapping.headerRow, columnIndex: columns.Code ?? block.startColumn };
  if (foundRow !== null && foundRow !== mapping.headerRow) {
    return [
      problemAt(at, "mapping-header-mismatch", "error", null, { headerRow: mapping.headerRow, foundRow }),
    ];
  }
  if (found === null) {
    const moved = headerBelow(block, r, columns);
    if (moved !== null) {
      const foundRow = block.startRow + moved;
      return [
        problemAt(at, "mapping-header-mismatch", "error", null, { headerRow: mapping.headerRow, foundRow }),
      ];
    }
  }
  const row = block.values[r] ?? [];
  for (const field of ["Code", "Price"] as const) {
    const c = columns[field];
    if (c === undefined) continue;
    const v = row[c - block.startColumn];
    if (typeof v === "number") {
      return [
        problemAt({ ...at, columnIndex: c }, "mapping-header-mismatch", "error", field, {
          headerRow: mapping.headerRow,
          text: valueText(v),
        }),
      ];
    }
  }
  return [];
}

/** How many mapped cells of a row hold text, and whether any holds a number or a boolean. */
function mappedCells(
  row: readonly CellValue[] | undefined,
  offsets: readonly number[],
): { texts: number; values: number } {
  let texts = 0;
  let values = 0;
  for (const c of offsets) {
    const v = row?.[c];
    if (v === undefined || v === "") continue;
    if (typeof v !== "string") values++;
    else if (cleanText(v) !== "") texts++;
  }
  return { texts, values };
}

const DIGIT = /\d/;

/**
 * A header whose words the check does not know (it finds no header row itself) can still be told
 * from a title or a blank row above it: when the row the mapping names holds text in fewer mapped
 * columns than the first filled row below, and that row reads as a header, not as a position:
 * text in two or more mapped columns and nothing else, over the rows below, where a mapped column
 * holds text above a number ("Kwota" over 5) or the Code cell has no digit above one that has
 * ("Poz." over "1.1"). That is a title row inserted above a remembered header: read with the
 * mapping, the header would be imported as a position. The block offset of that row, or null.
 */
function headerBelow(block: CellBlock, r: number, columns: FieldColumns): number | null {
  const offsets = Object.values(columns).map((index) => index - block.startColumn);
  if (offsets.length < 2) return null;
  const end = Math.min(block.values.length, r + 1 + HEADER_SCAN_ROWS);
  /** The first row from `from` with at least `texts` texts in mapped columns, or any other value there. */
  const rowWith = (from: number, texts: number): number | null => {
    for (let i = from; i < end; i++) {
      const cells = mappedCells(block.values[i], offsets);
      if (cells.values > 0 || cells.texts >= texts) return i;
    }
    return null;
  };
  // Titles (one cell each) between the named row and the header are passed over.
  const below = rowWith(r + 1, 2);
  if (below === null) return null;
  const candidate = mappedCells(block.values[below], offsets);
  if (candidate.values > 0 || candidate.texts < 2) return null;
  if (mappedCells(block.values[r], offsets).texts >= candidate.texts) return null;
  const data = rowWith(below + 1, 1);
  if (data === null) return null;
  const header = block.values[below] ?? [];
  const first = block.values[data] ?? [];
  const textOverNumber = offsets.some((c) => {
    const above = header[c];
    return typeof above === "string" && cleanText(above) !== "" && typeof first[c] === "number";
  });
  const code = columns.Code === undefined ? -1 : columns.Code - block.startColumn;
  const codeHeader = header[code];
  const codeData = first[code];
  const wordOverCode =
    typeof codeHeader === "string" &&
    !DIGIT.test(codeHeader) &&
    (typeof codeData === "number" || (typeof codeData === "string" && DIGIT.test(codeData)));
  return textOverNumber || wordOverCode ? below : null;
}

/** Columns of the widest row. */
export function blockWidth(block: CellBlock): number {
  let width = 0;
  for (const row of block.values) if (row.length > width) width = row.length;
  return width;
}

/**
 * Columns of the block that hold data below the header but are not mapped, each reported once
 * (at its header cell) so nothing the user typed is dropped without a word. A column already
 * reported as a second column for a field is listed but not reported again.
 */
export function* findUnmappedColumnsInSteps(
  block: CellBlock,
  mapping: ColumnMapping,
  columns: FieldColumns,
  reported: ReadonlySet<number>,
): Steps<{ unmapped: UnmappedColumn[]; problems: Problem[] }> {
  // Each unmapped column is read to its last row: many of them on a long sheet are millions of
  // cells, so the scan pauses every STEP_ITEMS rows (see steps.ts).
  const step = stepCounter();
  const mapped = new Set<number>(Object.values(columns));
  const width = blockWidth(block);
  const headerOffset = mapping.headerRow === null ? null : mapping.headerRow - block.startRow;
  const first = headerOffset === null ? 0 : Math.max(0, headerOffset + 1);
  const unmapped: UnmappedColumn[] = [];
  const problems: Problem[] = [];
  // A header over two rows names a column by both ("Стоимость всего"), not by its second row alone.
  const spread = spreadHeaderTexts(block, mapping.headerRow);
  for (let c = 0; c < width; c++) {
    const index = block.startColumn + c;
    if (mapped.has(index)) continue;
    let filledRows = 0;
    for (let r = first; r < block.values.length; r++) {
      if (step()) yield;
      const v = block.values[r]?.[c];
      if (v === undefined || v === "") continue;
      if (typeof v === "string" && cleanText(v) === "") continue;
      filledRows++;
    }
    if (filledRows === 0) continue;
    const header =
      spread?.[c] ??
      (headerOffset !== null && headerOffset >= 0 ? valueText(block.values[headerOffset]?.[c] ?? "") : "");
    // A total ("Стоимость всего") is no field of a position, whatever its first word names.
    const suggestion = header === "" || isTotalHeader(header) ? null : matchHeader(header);
    const column = columnLetter(index);
    unmapped.push({ column, header, filledRows, suggestion });
    if (reported.has(index)) continue;
    const row = mapping.headerRow ?? block.startRow;
    problems.push(
      problemAt({ sheet: block.sheet, row, columnIndex: index }, "unmapped-column", "warning", null, {
        column,
        header,
        filledRows,
        suggestion: suggestion ?? "",
      }),
    );
  }
  return { unmapped, problems };
}
