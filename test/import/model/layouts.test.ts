// Remembered columns per sheet layout: a choice the user made is applied only where its header
// row is found again; a sheet with other headers keeps its own columns and is told a remembered
// choice differs; a choice made over data (no header row) is applied to another sheet without
// one, saying how its first row is read; the previous version's mapping is never applied by itself.
import type { CellBlock, CellValue } from "../../../src/catalog";
import {
  MAX_LAYOUTS,
  fitRemembered,
  parseRemembered,
  rememberChoice,
  withChoice,
  type RememberedColumns,
} from "../../../src/import/model/layouts";

function block(rows: CellValue[][], startRow = 1, startColumn = 0): CellBlock {
  return { sheet: "Sheet1", startRow, startColumn, values: rows };
}

// Headers the engine does not recognise (no Code column named): the user chose the columns.
const ODD = block([
  ["Item", "Description", "Cost", "UoM"],
  ["1", "Roofing", "", ""],
  ["1.1", "Bitumen membrane", 12, "m2"],
]);
const ODD_CHOICE = { headerRow: 1, columns: { Code: "A", Name: "B", Price: "C", Unit: "D" } } as const;

// Headers the engine recognises, in other columns.
const OTHER = block([
  ["Name", "Code", "Unit", "Price"],
  ["Roofing", "1", "", ""],
  ["Bitumen membrane", "1.1", "m2", 12],
]);

describe("a choice of columns the user made", () => {
  it("is kept with its header row's texts", () => {
    const kept = rememberChoice(ODD, { headerRow: 1, columns: { ...ODD_CHOICE.columns } });
    expect(kept).toEqual({
      columns: { Code: "A", Name: "B", Price: "C", Unit: "D" },
      header: { A: "item", B: "description", C: "cost", D: "uom" },
      headerOffset: 0,
    });
  });

  it("is applied where the same header row is found, even rows lower", () => {
    const kept = rememberChoice(ODD, { headerRow: 1, columns: { ...ODD_CHOICE.columns } });
    const lower = block([["Price list 2026"], [], ...ODD.values], 5);
    expect(fitRemembered(lower, [kept])).toEqual({
      kind: "applies",
      mapping: { headerRow: 7, columns: ODD_CHOICE.columns },
    });
  });

  it("is not applied to a sheet with other headers: the pane is told it differs, with the columns to apply", () => {
    const kept = rememberChoice(ODD, { headerRow: 1, columns: { ...ODD_CHOICE.columns } });
    expect(fitRemembered(OTHER, [kept])).toEqual({
      kind: "differs",
      mapping: { headerRow: 1, columns: ODD_CHOICE.columns },
      legacy: false,
      madeWithoutHeader: false,
    });
  });

  it("keeps one choice per layout, newest first, at most MAX_LAYOUTS", () => {
    const a = rememberChoice(ODD, { headerRow: 1, columns: { ...ODD_CHOICE.columns } });
    const b = rememberChoice(OTHER, { headerRow: 1, columns: { Code: "B", Name: "A" } });
    const a2 = { ...a, columns: { Code: "A", Name: "B" } };
    expect(withChoice(withChoice([a], b), a2)).toEqual([a2, b]);
    let many: RememberedColumns[] = [];
    for (let i = 0; i < MAX_LAYOUTS + 3; i += 1) {
      many = withChoice(many, { columns: { Code: "A" }, header: { A: `code ${i}` }, headerOffset: 0 });
    }
    expect(many).toHaveLength(MAX_LAYOUTS);
    expect(many[0]?.header).toEqual({ A: `code ${MAX_LAYOUTS + 2}` });
  });
});

describe("a choice made when the header row was data", () => {
  // The pane took row 1 as the header because none was found, and it holds a position (a price).
  const DATA = block([
    ["1", "Roofing", 10, "m2"],
    ["1.1", "Bitumen membrane", 12, "m2"],
  ]);

  it("is kept without a header row", () => {
    expect(rememberChoice(DATA, { headerRow: 1, columns: { Code: "A", Name: "B", Price: "C" } })).toEqual({
      columns: { Code: "A", Name: "B", Price: "C" },
      header: null,
      headerOffset: null,
    });
  });

  it("is applied to another sheet without a header row, every row read as a position", () => {
    const kept = rememberChoice(DATA, { headerRow: 1, columns: { Code: "A", Name: "B", Price: "C" } });
    const next = block([
      ["2", "Walls", 20, "m2"],
      ["2.1", "Brick", 22, "m2"],
    ]);
    expect(fitRemembered(next, [kept])).toEqual({
      kind: "no-header",
      mapping: { headerRow: null, columns: { Code: "A", Name: "B", Price: "C" } },
      firstRow: "position",
      row: 1,
      field: null,
    });
  });

  it("taken with row 1 as the header, reads a first row holding a number under Price as a position and says so", () => {
    const kept: RememberedColumns = {
      columns: { Code: "A", Name: "B", Price: "C" },
      header: null,
      headerOffset: 0,
    };
    expect(fitRemembered(DATA, [kept])).toMatchObject({
      kind: "no-header",
      firstRow: "position",
      field: "Price",
    });
    const titled = block([
      ["код", "что", "сколько"],
      ["1", "Roofing", 10],
    ]);
    expect(fitRemembered(titled, [kept])).toEqual({
      kind: "no-header",
      mapping: { headerRow: 1, columns: { Code: "A", Name: "B", Price: "C" } },
      firstRow: "header",
      row: 1,
      field: null,
    });
  });

  it("is not applied to a sheet whose header row the engine finds: it differs", () => {
    const kept = rememberChoice(DATA, { headerRow: 1, columns: { Code: "A", Name: "B", Price: "C" } });
    expect(fitRemembered(OTHER, [kept])).toMatchObject({ kind: "differs", madeWithoutHeader: true });
  });
});

describe("the previous version's mapping (no header row kept)", () => {
  const legacy = { headerRow: 1, columns: { Code: "B", Name: "C" } };

  it("is read as a remembered choice that is never applied by itself", () => {
    const list = parseRemembered(undefined, legacy);
    expect(list).toEqual([
      { columns: { Code: "B", Name: "C" }, header: null, headerOffset: 0, legacy: true },
    ]);
    expect(fitRemembered(OTHER, list)).toEqual({
      kind: "differs",
      mapping: { headerRow: 1, columns: { Code: "B", Name: "C" } },
      legacy: true,
      madeWithoutHeader: true,
    });
    const bare = block([["1", "Roofing", 10]]);
    expect(fitRemembered(bare, list).kind).toBe("differs");
  });

  it("gives way to a choice made since", () => {
    const kept = rememberChoice(ODD, { headerRow: 1, columns: { ...ODD_CHOICE.columns } });
    expect(parseRemembered([kept], legacy)).toEqual([kept]);
    expect(withChoice(parseRemembered(undefined, legacy), kept)).toEqual([kept]);
  });

  it("and anything else stored is ignored", () => {
    expect(parseRemembered("x", { columns: 3 })).toEqual([]);
    expect(parseRemembered([{ columns: {} }], null)).toEqual([]);
    expect(fitRemembered(OTHER, [])).toEqual({ kind: "none" });
  });
});
