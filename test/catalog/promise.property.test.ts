// The engine's promise, checked on generated sheets (fast-check): every non-empty row below the
// header is either in the body, with each mapped cell's value as the user meant it, or named by
// a problem; a row named by an error is never in the body.
//
// Each generated cell carries what the user meant by it (`meant`), decided when the cell is
// made, not by the engine: the number 7 typed in the Code column means the code "7", the text
// "1 234,5" in a comma workbook means 1234.5, "abc" in the Price column means nothing readable.

import fc from "fast-check";
import { analyseCatalog, buildImportBody, CatalogBlockedError } from "../../src/catalog";
import type {
  CatalogAnalysis,
  CatalogDeletion,
  CatalogField,
  CatalogPosition,
  CellBlock,
  CellValue,
  ColumnMapping,
} from "../../src/catalog";

// 400 generated sheets; 50 in the mutation run (STRYKER_MUTATOR_WORKER is set in Stryker's worker
// processes only), where this test runs again for every mutant of the engine it covers.
const RUNS = process.env.STRYKER_MUTATOR_WORKER === undefined ? 400 : 50;
const SETTINGS = { CatalogName: "Generated", CompanyId: "company" };

/** A cell as generated: its value and what the user meant (undefined: nothing readable). */
interface GenCell {
  value: CellValue;
  meant?: string | number | boolean | undefined;
}

type Field = Exclude<CatalogField, "Binding" | "ControlPoints">;

const HEADERS: Readonly<Record<Field, readonly string[]>> = {
  Code: ["Code", "Код", "Шифр", "Item code", "Код позиции"],
  Name: ["Name", "Title", "Наименование", "Наименование работ и затрат", "Description"],
  Price: ["Price", "Цена", "Цена без НДС, руб.", "Unit rate", "Price (EUR)"],
  Unit: ["Unit", "Ед. изм.", "Ед. измерения", "UoM", "Единица измерения"],
  CurrencyCharCode: ["Currency", "Валюта", "Код валюты"],
  Guid: ["Guid", "GUID", "UUID", "Идентификатор"],
  Delete: ["Delete", "Удалить", "To delete"],
};
const UNKNOWN_HEADERS = ["Примечание", "Qty", "Кол-во", "Remarks", "Цех", ""];
const OPTIONAL: readonly Field[] = ["Price", "Unit", "CurrencyCharCode", "Guid", "Delete"];

const blank: fc.Arbitrary<GenCell> = fc.constantFrom<GenCell>({ value: "" }, { value: "   " });

const codeCell: fc.Arbitrary<GenCell> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("1", "2", "А", "Ss", "Pr"),
      fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
    )
    .chain(([root, parts]) => {
      const code = [root, ...parts.map((p) => String(p).padStart(2, "0"))].join(".");
      return fc.constantFrom<GenCell>({ value: code, meant: code }, { value: ` ${code} `, meant: code });
    }),
  fc.integer({ min: 1, max: 999 }).map((n): GenCell => ({ value: n, meant: String(n) })),
  fc.constantFrom<GenCell>(
    { value: "-" },
    { value: "…" },
    { value: "Итого" },
    { value: true },
    { value: -3 },
  ),
  blank,
);

const nameCell: fc.Arbitrary<GenCell> = fc.oneof(
  fc
    .constantFrom("Бетон", "Concrete works", "Арматура А500", "Steel, grade S355")
    .map((n): GenCell => ({ value: n, meant: n })),
  // A long name (the platform states no limit) is sent whole, with a warning.
  fc.constantFrom<GenCell>({ value: "x".repeat(1001), meant: "x".repeat(1001) }, { value: 12, meant: "12" }),
  blank,
);

function priceCell(decimalSeparator: string): fc.Arbitrary<GenCell> {
  return fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }).map((c): GenCell => ({ value: c / 100, meant: c / 100 })),
    fc.integer({ min: 0, max: 999_999 }).map((c): GenCell => ({
      value: `${Math.floor(c / 100)}${decimalSeparator}${String(c % 100).padStart(2, "0")}`,
      meant: c / 100,
    })),
    // The other separator before three digits ("1.500" in a comma workbook): 1.5 or 1500? Not readable.
    fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 })).map(([a, b]): GenCell => ({
      value: `${a}${decimalSeparator === "," ? "." : ","}${String(b).padStart(3, "0")}`,
    })),
    // A formula's float noise: the user sees and means 0.3.
    fc.constant<GenCell>({ value: 0.1 + 0.2, meant: 0.3 }),
    fc.constantFrom<GenCell>(
      { value: "abc" },
      { value: -5 },
      { value: false },
      { value: 1e21 },
      { value: "12 руб" },
    ),
    blank,
  );
}

const unitCell: fc.Arbitrary<GenCell> = fc.oneof(
  fc.constantFrom("m3", "т", "шт", "100 м2").map((u): GenCell => ({ value: u, meant: u })),
  blank,
);
const currencyCell: fc.Arbitrary<GenCell> = fc.oneof(
  fc.constantFrom<GenCell>(
    { value: "EUR", meant: "EUR" },
    { value: "rub", meant: "RUB" },
    { value: "USD", meant: "USD" },
  ),
  fc.constantFrom<GenCell>({ value: "RUR" }, { value: "XXX" }, { value: "руб." }, { value: "EURO" }),
  blank,
);
const guidCell: fc.Arbitrary<GenCell> = fc.oneof(
  fc.uuid().map((g): GenCell => ({ value: g.toUpperCase(), meant: g.toLowerCase() })),
  fc.uuid().map((g): GenCell => ({ value: `{${g}}`, meant: g.toLowerCase() })),
  fc.constantFrom<GenCell>(
    { value: "not-a-guid" },
    { value: "00000000-0000-0000-0000-000000000000" },
    { value: 17 },
  ),
  blank,
);
const deleteCell: fc.Arbitrary<GenCell> = fc.oneof(
  { weight: 6, arbitrary: blank },
  {
    weight: 1,
    arbitrary: fc.constantFrom<GenCell>(
      { value: "x", meant: true },
      { value: "да", meant: true },
      { value: true, meant: true },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<GenCell>(
      { value: "no", meant: false },
      { value: false, meant: false },
      { value: "maybe" },
    ),
  },
);
const otherCell: fc.Arbitrary<GenCell> = fc.oneof(
  fc.constantFrom<GenCell>({ value: "срочно" }, { value: 3 }, { value: "see note" }),
  blank,
);

function cellFor(field: Field | null, decimalSeparator: string): fc.Arbitrary<GenCell> {
  switch (field) {
    case "Code":
      return codeCell;
    case "Name":
      return nameCell;
    case "Price":
      return priceCell(decimalSeparator);
    case "Unit":
      return unitCell;
    case "CurrencyCharCode":
      return currencyCell;
    case "Guid":
      return guidCell;
    case "Delete":
      return deleteCell;
    default:
      return otherCell;
  }
}

interface GenSheet {
  decimalSeparator: string;
  /** Column of each field in the generated order; null for a column of unknown header. */
  fields: (Field | null)[];
  headers: string[];
  /** Data rows: ordinary rows, blank rows and repeats of the header row. */
  rows: (GenCell[] | "header" | "blank")[];
  titleRows: number;
}

const sheetArb: fc.Arbitrary<GenSheet> = fc
  .record({
    decimalSeparator: fc.constantFrom(".", ","),
    optional: fc.subarray([...OPTIONAL]),
    unknown: fc.array(fc.constantFrom(...UNKNOWN_HEADERS), { maxLength: 2 }),
    titleRows: fc.integer({ min: 0, max: 2 }),
    seed: fc.integer(),
  })
  .chain(({ decimalSeparator, optional, unknown, titleRows }) => {
    const columns: { field: Field | null; header: fc.Arbitrary<string> }[] = [
      ...(["Code", "Name", ...optional] as Field[]).map((f) => ({
        field: f,
        header: fc.constantFrom(...HEADERS[f]),
      })),
      ...unknown.map((h) => ({ field: null, header: fc.constant(h) })),
    ];
    return fc
      .shuffledSubarray(columns, { minLength: columns.length, maxLength: columns.length })
      .chain((order) => {
        const row = fc.tuple(...order.map((c) => cellFor(c.field, decimalSeparator)));
        return fc.record({
          decimalSeparator: fc.constant(decimalSeparator),
          fields: fc.constant(order.map((c) => c.field)),
          headers: fc.tuple(...order.map((c) => c.header)),
          rows: fc.array(
            fc.oneof(
              { weight: 10, arbitrary: row },
              { weight: 1, arbitrary: fc.constant<"header">("header") },
              { weight: 1, arbitrary: fc.constant<"blank">("blank") },
            ),
            { maxLength: 12 },
          ),
          titleRows: fc.constant(titleRows),
        });
      });
  });

function toBlock(sheet: GenSheet): { block: CellBlock; headerRow: number } {
  const width = sheet.fields.length;
  const values: CellValue[][] = [];
  for (let t = 0; t < sheet.titleRows; t++)
    values.push(["Прайс-лист на 2025 год", ...Array<CellValue>(width - 1).fill("")]);
  values.push([...sheet.headers]);
  for (const r of sheet.rows) {
    if (r === "header") values.push([...sheet.headers]);
    else if (r === "blank") values.push(Array<CellValue>(width).fill(""));
    else values.push(r.map((c) => c.value));
  }
  return {
    block: { sheet: "Generated", startRow: 1, startColumn: 0, values },
    headerRow: sheet.titleRows + 1,
  };
}

const isBlankValue = (v: CellValue): boolean => v === "" || (typeof v === "string" && v.trim() === "");

function checkPromise(sheet: GenSheet): void {
  const { block, headerRow } = toBlock(sheet);
  const analysis: CatalogAnalysis = analyseCatalog(block, { decimalSeparator: sheet.decimalSeparator });
  // The header the generator wrote is the one found, with every known field in its column.
  const expectedColumns: ColumnMapping["columns"] = {};
  sheet.fields.forEach((f, c) => {
    if (f !== null) expectedColumns[f] = String.fromCharCode(65 + c);
  });
  expect(analysis.mapping).toEqual({ headerRow, columns: expectedColumns });

  const errors = analysis.problems.filter((p) => p.severity === "error");
  // Nothing is sent while there is an error: the body refuses to be built.
  if (errors.length > 0) {
    expect(() => buildImportBody(analysis, SETTINGS)).toThrow(CatalogBlockedError);
  } else {
    const { body } = buildImportBody(analysis, SETTINGS);
    expect(body.Data).toHaveLength(analysis.positions.length);
    expect(body.DeletedData).toHaveLength(analysis.deletions.length);
  }
  const positionByRow = new Map<number, CatalogPosition>(analysis.positions.map((p) => [p.row, p]));
  const deletionByRow = new Map<number, CatalogDeletion>(analysis.deletions.map((d) => [d.row, d]));
  const namedRows = new Set(analysis.problems.map((p) => p.row));
  const errorRows = new Set(errors.map((p) => p.row));
  const namedCells = new Set(analysis.problems.map((p) => p.cell));

  sheet.rows.forEach((r, i) => {
    const row = headerRow + 1 + i;
    // An unset deletion mark (no, FALSE) alone is not content: checkbox-like columns are filled to the end.
    const values = (block.values[row - 1] ?? []).filter(
      (v, c) => !(sheet.fields[c] === "Delete" && r !== "header" && r !== "blank" && r[c]?.meant === false),
    );
    if (values.every(isBlankValue)) {
      expect(positionByRow.has(row) || deletionByRow.has(row)).toBe(false);
      return;
    }
    const position = positionByRow.get(row);
    const deletion = deletionByRow.get(row);
    // Every non-empty row is sent or named.
    expect({ row, sent: position !== undefined || deletion !== undefined || namedRows.has(row) }).toEqual({
      row,
      sent: true,
    });
    // A row named by an error is never sent.
    if (errorRows.has(row)) expect(position ?? deletion).toBeUndefined();
    if (r === "header" || r === "blank") return;
    // What is sent is what the user meant, cell by cell; a cell left out is named.
    sheet.fields.forEach((field, c) => {
      if (field === null || field === "Delete") return;
      const cell = r[c] as GenCell;
      const sent = position?.[field] ?? (deletion as Record<string, unknown> | undefined)?.[field];
      if (position === undefined && deletion === undefined) return;
      // A deletion carries only its keys and name; the platform reads nothing else of it.
      if (deletion !== undefined && field !== "Guid" && field !== "Code" && field !== "Name") return;
      const address = `${String.fromCharCode(65 + c)}${row}`;
      if (sent === undefined) {
        if (!isBlankValue(cell.value))
          expect({ address, named: namedCells.has(address) }).toEqual({ address, named: true });
      } else {
        expect({ address, sent }).toEqual({ address, sent: cell.meant });
      }
    });
    // A row is a deletion exactly when its Delete cell means it.
    const deleteColumn = sheet.fields.indexOf("Delete");
    if (deleteColumn >= 0 && deletion !== undefined) expect(r[deleteColumn]?.meant).toBe(true);
    if (deleteColumn >= 0 && position !== undefined) expect(r[deleteColumn]?.meant).not.toBe(true);
  });
}

describe("the promise on generated sheets", () => {
  it(`holds for ${RUNS} sheets: every non-empty row is sent as meant or named, and no error row is sent`, () => {
    fc.assert(
      fc.property(sheetArb, (sheet) => {
        checkPromise(sheet);
      }),
      { numRuns: RUNS },
    );
  });
});
