import fc from "fast-check";
import {
  BOQ_FIELDS,
  boqMatrix,
  DEFAULT_COLUMNS,
  type BoqField,
  DESKTOP_RESULT_LIMIT,
  guardResultSize,
  MAX_RESULT_BYTES,
  WEB_RESULT_LIMIT,
} from "../../src/boq/matrix";
import { treeOrder } from "../../src/boq/tree";
import { BoqError } from "../../src/boq/errors";
import { estimate, row } from "./rows";
import { boqFailure, said } from "./said";

describe("the BOQ spill matrix", () => {
  it("has a header row with the default columns, then the rows in tree order with Level from ParentId", () => {
    const m = boqMatrix(estimate());
    expect(m[0]).toEqual([...DEFAULT_COLUMNS]);
    const codes = m.slice(1).map((r) => r[2]);
    expect(codes).toEqual(["S1", "A", "B", "S2", "C", "D"]);
    expect(m.slice(1).map((r) => r[0])).toEqual([1, 2, 2, 1, 2, 3]);
  });

  it("takes the columns asked for, fields in any case and LocalVars by name", () => {
    const m = boqMatrix(estimate(), ["code", "Floor", "zone", "TotalCost"]);
    expect(m[0]).toEqual(["Code", "Floor", "Zone", "TotalCost"]);
    expect(m[2]).toEqual(["A", "3", "", 20]);
    expect(m[3]).toEqual(["B", "", "B", 30]);
    // A variable with a null value is an empty cell, not the text "null".
    expect(m[6]).toEqual(["D", "", "", 7]);
  });

  it("words the header row as the caller gives it, and takes the caller's header words as columns", () => {
    const headers = Object.fromEntries(BOQ_FIELDS.map((f) => [f, `<${f}>`])) as Record<BoqField, string>;
    const words = { headers, aliases: new Map<string, BoqField>([["quantity", "Value"]]) };
    const m = boqMatrix(estimate(), undefined, DESKTOP_RESULT_LIMIT, words);
    expect(m[0]).toEqual(DEFAULT_COLUMNS.map((f) => `<${f}>`));
    expect(m.slice(1)).toEqual(boqMatrix(estimate()).slice(1));
    const asked = boqMatrix(estimate(), ["Code", " Quantity ", "Floor"], DESKTOP_RESULT_LIMIT, words);
    expect(asked[0]).toEqual(["<Code>", "<Value>", "Floor"]);
    expect(asked[2]).toEqual(["A", 2, "3"]);
    // Without the caller's words, a header word is no column.
    expect(boqFailure(() => boqMatrix(estimate(), ["Quantity"])).code).toBe("invalidValue");
  });

  it("refuses a column that is neither a field nor a variable, listing the fields", () => {
    const error = boqFailure(() => boqMatrix(estimate(), ["Code", "Colour"]));
    expect(error.code).toBe("invalidValue");
    expect(said(error)).toMatch(/Colour.*Fields: Level, CatalogName/);
  });

  it("puts a row whose parent did not come as a root", () => {
    const rows = [row("x", "missing", { Code: "X" }), row("y", "x", { Code: "Y" })];
    expect(treeOrder(rows).map((r) => [r.row.Code, r.level])).toEqual([
      ["X", 1],
      ["Y", 2],
    ]);
  });

  it("places every row exactly once, parents before children, whatever the order and even with loops", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30), { minLength: 1, maxLength: 30 }), (parents) => {
        const rows = parents.map((p, i) => row(`n${i}`, p < parents.length && p !== i ? `n${p}` : null));
        const ordered = treeOrder(rows);
        expect(ordered).toHaveLength(rows.length);
        expect(new Set(ordered.map((o) => o.row.Id)).size).toBe(rows.length);
        const position = new Map(ordered.map((o, i) => [o.row.Id, i]));
        ordered.forEach((o, i) => {
          const parentAt = position.get(o.row.ParentId ?? "");
          if (o.level > 1) {
            expect(parentAt).toBeLessThan(i);
            expect(ordered[parentAt ?? -1]?.level).toBe(o.level - 1);
          }
        });
      }),
    );
  });
});

describe("the 5 MB guard", () => {
  it("lets a result under the limit through", () => {
    expect(() => guardResultSize([["a", 1]], 100)).not.toThrow();
  });

  it("refuses a result over the limit, saying how many rows and suggesting fewer columns or a BOQ sheet", () => {
    const rows = Array.from({ length: 40_000 }, (_, i) =>
      row(`r${i}`, null, {
        Name: "Бетон монолитный класса B25 для фундаментных плит ".repeat(2),
        Code: `1.${i}`,
      }),
    );
    let error: unknown;
    try {
      boqMatrix(rows, ["Code", "Name", "CatalogName", "Unit", "Id", "ParentId"], MAX_RESULT_BYTES);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BoqError);
    const message = said(error as BoqError);
    expect(message).toContain("40,000 rows");
    expect(message).toMatch(/fewer columns/);
    expect(message).toMatch(/Insert BOQ sheet/);
  });

  it("counts Cyrillic as two bytes a letter, as the UTF-8 Excel receives", () => {
    const text = "Ж".repeat(60);
    expect(() => guardResultSize([[text]], 100)).toThrow(BoqError);
    expect(() => guardResultSize([["Z".repeat(60)]], 100)).not.toThrow();
  });
});

describe("the limit of Excel on the web", () => {
  const leaves = (n: number, name = "Concrete") =>
    Array.from({ length: n }, (_, i) => row(`r${i}`, null, { Code: `1.${i}`, Name: name, Value: i }));

  it("refuses more than 100,000 cells, naming the host and how to get the rest", () => {
    // 12,500 rows and a header in 8 columns: 100,008 cells.
    const error = boqFailure(() => boqMatrix(leaves(12_500), undefined, WEB_RESULT_LIMIT));
    const message = said(error);
    expect(error.code).toBe("notAvailable");
    expect(message).toContain("12,500 rows and 8 columns (100,008 cells)");
    expect(message).toContain("more than Excel on the web takes from one function (2 MB and 100,000 cells)");
    expect(message).toMatch(/fewer columns, set parents to FALSE .* Insert BOQ sheet/);
    // The same rows in two columns fit, and on desktop the eight columns fit too.
    expect(boqMatrix(leaves(12_500), ["Code", "Value"], WEB_RESULT_LIMIT)).toHaveLength(12_501);
    expect(boqMatrix(leaves(12_500), undefined, DESKTOP_RESULT_LIMIT)).toHaveLength(12_501);
  });

  it("refuses a result of fewer cells whose JSON passes the runtime's 2,000,000-character slice", () => {
    const long = "x".repeat(100);
    // 40,000 cells, half of them 103 characters: about 2.2 million characters.
    const rows = leaves(20_000, long);
    expect(JSON.stringify(boqMatrix(rows, ["Name", "Value"])).length).toBeGreaterThan(2_000_000);
    expect(said(boqFailure(() => boqMatrix(rows, ["Name", "Value"], WEB_RESULT_LIMIT)))).toContain(
      "Excel on the web",
    );
    // Measured as JSON.stringify counts: a Cyrillic letter is one character (two bytes).
    const cyrillic = [["Ж".repeat(1_000_000)]];
    expect(() => guardResultSize(cyrillic, WEB_RESULT_LIMIT)).not.toThrow();
    expect(() => guardResultSize([["Ж".repeat(2_000_000)]], WEB_RESULT_LIMIT)).toThrow(BoqError);
  });

  it("measures characters as JSON.stringify does, escapes included", () => {
    const cells = ['a"b', "back\\slash", "tab\there", "\u0001", "😀", 12.5, true, "Жук"];
    const exact = JSON.stringify([cells]).length;
    const limit = { ...WEB_RESULT_LIMIT, characters: exact };
    expect(() => guardResultSize([cells], limit)).not.toThrow();
    expect(() => guardResultSize([cells], { ...limit, characters: exact - 1 })).toThrow(BoqError);
  });
});
