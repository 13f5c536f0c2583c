// Hostile sheets, class 6 (issue 43): a remembered column choice (a mapping naming its header row)
// applied after a title row was inserted above the header. The check does not know the header's
// words, so it finds no header itself; read with the mapping, the header became a data row and
// was imported as a position. Now the mapping is applied only while the row it names still reads
// as the header: otherwise mapping-header-mismatch, an error, says where the header is now.
import {
  analyseCatalog,
  buildImportBody,
  CatalogBlockedError,
  detectHeader,
  type CellValue,
} from "../../src/catalog";
import { fitRemembered, rememberChoice } from "../../src/import";
import { pricesBlock, worded } from "./helpers";

const settings = { CatalogName: "Main", CompanyId: "9b2f7c1e-0d6a-4c1b-8f3e-2a5d7e9c4b10" };
const CODE_NAME_PRICE = { Code: "B", Name: "C", Price: "D" };

function checked(
  values: CellValue[][],
  headerRow: number,
  columns: Record<string, string> = CODE_NAME_PRICE,
) {
  const block = pricesBlock(values);
  const analysis = analyseCatalog(block, { mapping: { headerRow, columns } });
  const mismatch = analysis.problems.filter((p) => p.kind === "mapping-header-mismatch").map(worded);
  return { block, analysis, mismatch };
}

describe("a remembered header with a title row inserted above it", () => {
  const polish: CellValue[][] = [
    ["Cennik 2026"],
    ["Poz.", "Opis", "Kwota"],
    ["1", "Walls", 5],
    ["1.1", "Brick", 7],
  ];

  it("is not applied: the header would be imported as a position, and the import is refused", () => {
    const { block, analysis, mismatch } = checked(polish, 4);
    expect(detectHeader(block).mapping).toBeNull();
    expect(mismatch).toEqual([
      expect.objectContaining({
        severity: "error",
        cell: "B4",
        values: { headerRow: 4, foundRow: 5 },
        message:
          "The column choice names row 4 (B4) as the header, but the header of this table is now in row 5; reading from row 5 would import the header.",
        fix: "Choose the columns again for this table (header in row 5).",
      }),
    ]);
    expect(() => buildImportBody(analysis, settings)).toThrow(CatalogBlockedError);
  });

  it("is applied where it names the header's row", () => {
    const { analysis, mismatch } = checked(polish, 5);
    expect(mismatch).toEqual([]);
    expect(analysis.positions.map((p) => [p.row, p.Code, p.Price])).toEqual([
      [6, "1", 5],
      [7, "1.1", 7],
    ]);
  });

  it("is told by its Code header holding no digit where the codes below hold one, without a price column", () => {
    const { mismatch } = checked(
      [["Preisliste"], ["Art.", "Bezeichnung"], ["A.01", "Beton"], ["A.02", "Stahl"]],
      4,
      { Code: "B", Name: "C" },
    );
    expect(mismatch.map((p) => p.values)).toEqual([{ headerRow: 4, foundRow: 5 }]);
  });

  it("passes over several title rows, and a blank row inserted above the header", () => {
    const titles = checked([["Cennik"], ["Q3 2026"], ["Poz.", "Opis", "Kwota"], ["1", "Walls", 5]], 4);
    expect(titles.mismatch.map((p) => p.values)).toEqual([{ headerRow: 4, foundRow: 6 }]);
    const blank = checked(
      [
        ["", "", ""],
        ["Poz.", "Opis", "Kwota"],
        ["1", "Walls", 5],
      ],
      4,
    );
    expect(blank.mismatch.map((p) => p.values)).toEqual([{ headerRow: 4, foundRow: 5 }]);
  });

  it("is told as before when the check knows the header's words", () => {
    const { mismatch } = checked([["Price list"], ["Code", "Name", "Price"], ["1", "Walls", 5]], 4);
    expect(mismatch.map((p) => p.values)).toEqual([{ headerRow: 4, foundRow: 5 }]);
  });
});

describe("a mapping naming a title row above data with no header", () => {
  it.each<[string, CellValue[][], Record<string, string>]>([
    [
      "codes and names only",
      [["Cennik 2026"], ["1.1", "Walls"], ["1.2", "Floors"]],
      { Code: "B", Name: "C" },
    ],
    ["with prices", [["Cennik 2026"], ["1.1", "Walls", 5], ["1.2", "Floors", 6]], CODE_NAME_PRICE],
    ["with lettered codes", [["Cennik"], ["A.01", "Walls"], ["A.02", "Floors"]], { Code: "B", Name: "C" }],
  ])("fits, %s: every data row is read", (_case, values, columns) => {
    const { analysis, mismatch } = checked(values, 4, columns);
    expect(mismatch).toEqual([]);
    expect(analysis.positions.map((p) => p.row)).toEqual([5, 6]);
  });

  it("fits when the named row is the header in full and a row below looks alike", () => {
    const { mismatch } = checked(
      [
        ["Poz.", "Opis", "Kwota"],
        ["Uwaga", "Ceny netto", ""],
        ["1", "Walls", 5],
      ],
      4,
    );
    expect(mismatch).toEqual([]);
  });
});

describe("a remembered choice through the import room's layouts (src/import/model/layouts.ts)", () => {
  const chosenOver = pricesBlock([
    ["Poz.", "Opis", "Kwota"],
    ["1", "Walls", 5],
  ]);
  const remembered = [rememberChoice(chosenOver, { headerRow: 4, columns: CODE_NAME_PRICE })];

  it("finds its header below an inserted title by the header's texts, and reads from there", () => {
    const now = pricesBlock([["Cennik 2026"], ["Poz.", "Opis", "Kwota"], ["1", "Walls", 5]]);
    const fit = fitRemembered(now, remembered);
    expect(fit).toEqual({ kind: "applies", mapping: { headerRow: 5, columns: CODE_NAME_PRICE } });
    const analysis = analyseCatalog(now, { mapping: fit.kind === "applies" ? fit.mapping : null });
    expect(analysis.problems).toEqual([]);
    expect(analysis.positions.map((p) => [p.row, p.Code])).toEqual([[6, "1"]]);
  });

  it("applied by hand where the header changed too, names the title row no longer: refused, not imported", () => {
    const now = pricesBlock([["Cennik 2026"], ["Poz.", "Opis", "Kwota netto"], ["1", "Walls", 5]]);
    const fit = fitRemembered(now, remembered);
    expect(fit.kind).toBe("differs");
    const mapping = fit.kind === "differs" ? fit.mapping : null;
    expect(mapping?.headerRow).toBe(4);
    const analysis = analyseCatalog(now, { mapping });
    // The header row read as data is named too (its price is no number): the mismatch says why.
    expect(analysis.problems.map((p) => [p.kind, p.values])).toContainEqual([
      "mapping-header-mismatch",
      { headerRow: 4, foundRow: 5 },
    ]);
    expect(() => buildImportBody(analysis, settings)).toThrow(CatalogBlockedError);
  });
});
