import {
  analyseCatalog,
  detectHeader,
  mappingFromLetters,
  matchHeader,
  resolveMapping,
} from "../../src/catalog";
import type { CatalogField, CellBlock, CellValue } from "../../src/catalog";
import { worded } from "./helpers";

const block = (values: CellValue[][], startRow = 1, startColumn = 0): CellBlock => ({
  sheet: "Catalog",
  startRow,
  startColumn,
  values,
});

describe("matchHeader", () => {
  it.each<[string, CatalogField]>([
    ["Code", "Code"],
    ["  CODE ", "Code"],
    ["Код", "Code"],
    ["Шифр", "Code"],
    ["Name", "Name"],
    ["Наименование", "Name"],
    ["Название", "Name"],
    ["Price", "Price"],
    ["Цена", "Price"],
    ["Стоимость", "Price"],
    ["Unit", "Unit"],
    ["Ед. изм.", "Unit"],
    ["ед.изм", "Unit"],
    ["Единица измерения", "Unit"],
    ["Currency", "CurrencyCharCode"],
    ["Валюта", "CurrencyCharCode"],
    ["Delete", "Delete"],
    ["Удалить", "Delete"],
    ["Guid", "Guid"],
    ["ID", "Guid"],
    ["Идентификатор", "Guid"],
    ["Binding", "Binding"],
    ["Привязка", "Binding"],
    ["Control points", "ControlPoints"],
    ["Control-Points:", "ControlPoints"],
    ["Контрольные точки", "ControlPoints"],
    ["Unit of measure", "Unit"],
    ["Цена, руб.", "Price"],
    ["Цена за ед., руб.", "Price"],
    ["Price (EUR)", "Price"],
    ["Unit / Ед. изм.", "Unit"],
    ["Наименование работ", "Name"],
    ["Код:", "Code"],
  ])("%p is %s", (text, field) => {
    expect(matchHeader(text)).toBe(field);
  });

  it.each(["Total", "Quantity", "", "1.1", "Concrete", "Total, руб.", "Notes (Code)"])(
    "%p is not a field",
    (text) => {
      expect(matchHeader(text)).toBeNull();
    },
  );
});

describe("detectHeader", () => {
  it("finds the header below title rows and maps columns to sheet letters", () => {
    const result = detectHeader(
      block(
        [
          ["Price list", "", "", ""],
          ["", "", "", ""],
          ["Шифр", "Наименование", "Ед. изм.", "Примечание"],
          ["1", "Бетон", "м3", ""],
        ],
        4,
        1,
      ),
    );
    expect(result.mapping).toEqual({ headerRow: 6, columns: { Code: "B", Name: "C", Unit: "D" } });
    expect(result.problems).toEqual([]);
  });

  it("needs a Code column and one more field", () => {
    expect(
      detectHeader(
        block([
          ["Name", "Price"],
          ["Concrete", 1],
        ]),
      ).mapping,
    ).toBeNull();
    expect(
      detectHeader(
        block([
          ["Code", "Notes"],
          ["1", "x"],
        ]),
      ).mapping,
    ).toBeNull();
    expect(detectHeader(block([["Code", "Name"]])).mapping).not.toBeNull();
  });

  it("prefers the row naming the most fields", () => {
    const result = detectHeader(
      block([
        ["Code", "Name", "", ""],
        ["Code", "Name", "Price", "Unit"],
      ]),
    );
    expect(result.mapping?.headerRow).toBe(2);
  });

  it("does not take numbers or booleans for header words", () => {
    expect(
      detectHeader(
        block([
          [1, true],
          ["Code", "Name"],
        ]),
      ).mapping?.headerRow,
    ).toBe(2);
  });
});

describe("mappings", () => {
  const values: CellValue[][] = [
    ["Code", "Name", "Price"],
    ["1", "Root", 10],
    ["1.1", "Child", 5],
  ];

  it("are plain data that can be saved and reused", () => {
    const first = analyseCatalog(block(values));
    const saved = JSON.parse(JSON.stringify(first.mapping)) as unknown;
    expect(saved).toEqual(first.mapping);
    const again = analyseCatalog(block(values), { mapping: first.mapping });
    expect(again.positions).toEqual(first.positions);
  });

  it("can be supplied for a block without a header", () => {
    const analysis = analyseCatalog(block(values.slice(1)), {
      mapping: { headerRow: null, columns: { Code: "a", Name: "b", Price: "c" } },
    });
    expect(analysis.problems).toEqual([]);
    expect(analysis.positions.map((p) => [p.Code, p.Name, p.Price])).toEqual([
      ["1", "Root", 10],
      ["1.1", "Child", 5],
    ]);
  });

  it("resolve to sheet column indexes for a block that does not start at column A", () => {
    const resolved = resolveMapping(block(values, 1, 3), {
      headerRow: 1,
      columns: { Code: "D", Price: "F" },
    });
    expect(resolved.columns).toEqual({ Code: 3, Price: 5 });
    expect(resolved.problems).toEqual([]);
  });

  it("built from letters the user typed are upper-cased and drop blank choices", () => {
    expect(mappingFromLetters(2, { Code: " b ", Name: "c", Price: "" })).toEqual({
      headerRow: 2,
      columns: { Code: "B", Name: "C" },
    });
  });

  it("report a letter that is not a column instead of guessing", () => {
    const analysis = analyseCatalog(block(values), {
      mapping: mappingFromLetters(1, { Code: "A", Name: "B1" }),
    });
    // Column B holds data nobody reads now, which is said too.
    expect(analysis.problems.map((p) => [p.kind, p.field, p.severity])).toEqual([
      ["invalid-mapping", "Name", "error"],
      ["unmapped-column", null, "warning"],
      ["unmapped-column", null, "warning"],
    ]);
  });
});

describe("messages about columns", () => {
  it("name a field as a header would, not by its wire name", () => {
    const duplicate = detectHeader(
      block([
        ["Code", "Name", "Currency", "Валюта"],
        ["1", "Root", "EUR", "евро"],
      ]),
    );
    expect(duplicate.problems.map(worded).map((p) => [p.kind, p.cell, p.field, p.message])).toEqual([
      [
        "duplicate-column",
        "D1",
        "CurrencyCharCode",
        'The header in D1 ("Валюта") also names Currency, but column C ("Currency") fits it better and is read; column D is not read.',
      ],
    ]);
    const clash = resolveMapping(block([["1", "Root", "EUR"]]), {
      headerRow: null,
      columns: { Code: "A", Name: "B", CurrencyCharCode: "B" },
    });
    expect(clash.problems.map(worded).map((p) => [p.kind, p.cell, p.message])).toEqual([
      ["invalid-mapping", "B1", "Column B is mapped to both Name and Currency."],
    ]);
  });
});

describe("an empty block", () => {
  it("is a clear stop, not an empty import", () => {
    const analysis = analyseCatalog(block([]));
    expect(analysis.positions).toEqual([]);
    expect(analysis.problems.map((p) => [p.kind, p.cell, p.severity])).toEqual([
      ["empty-selection", "A1", "error"],
    ]);
    expect(analysis.counts.positions).toBe(0);
  });
});
