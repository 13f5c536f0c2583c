// The words the Import screen shows for every problem, in every language, held in a data file:
// every problem of the bad-input corpus (test/fixtures/catalog) and a few sheets for variants the
// corpus does not reach (each reason the control points reader gives, deletions' variants). A
// change to the wording or to what the engine returns shows here line by line; a change on
// purpose rewrites the file (UPDATE_PROBLEM_WORDS=1 npx jest <this file> --selectProjects unit)
// and its commit says why each line differs.

import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyseCatalog, type CellBlock, type CellValue, type ColumnMapping } from "../../../src/catalog";
import { LANGUAGES } from "../../../src/i18n/types";
import { problemText } from "../../../src/import";

const FIXTURES = join(__dirname, "..", "..", "fixtures", "catalog");
const WORDS = join(FIXTURES, "words", "problem-words.json");

interface Sheet {
  sheet?: string;
  decimalSeparator?: string;
  mapping?: ColumnMapping;
  grid: Omit<CellBlock, "sheet">;
}

const grid = (values: CellValue[][]): Sheet["grid"] => ({ startRow: 1, startColumn: 0, values });

/** Sheets for variants the corpus does not reach, by name. */
const MORE_SHEETS: ReadonlyArray<readonly [string, Sheet]> = [
  ...[
    '{"Binding":"Volume","VariableName":"V"}',
    "a=b\\",
    "[not json",
    '{"Binding":"Volume"',
    '"just text"',
    '[{"Binding":"Volume","VariableName":"V"}, 3]',
    '[{"VariableName":"V"}]',
    '[{"Binding":"Volume"}]',
    "Volume",
    "Area=S; Volume",
    "=V",
    "Volume=",
    "Area=S; Volume=",
  ].map(
    (cell) =>
      [
        `control points ${cell}`,
        {
          grid: grid([
            ["Code", "Name", "Control points"],
            ["1", "A", cell],
          ]),
        },
      ] as const,
  ),
  [
    "a mapped letter that is no column",
    {
      mapping: { headerRow: 1, columns: { Code: "A", Name: "B", Price: "1" } },
      grid: grid([
        ["Code", "Name"],
        ["1", "A"],
      ]),
    },
  ],
  [
    "a saved header row below the real one",
    {
      mapping: { headerRow: 3, columns: { Code: "A", Name: "B" } },
      grid: grid([
        ["Code", "Name"],
        ["1", "A"],
        ["2", "B"],
        ["3", "C"],
      ]),
    },
  ],
  [
    "deletions whose code is a placeholder, a total, a formula, a fraction",
    {
      grid: {
        ...grid([
          ["Code", "Name", "Delete"],
          ["1", "A", ""],
          ["-", "B", "x"],
          ["Итого", "C", "x"],
          ["7", "D", "x"],
          [1.5, "E", "x"],
        ]),
        formulas: [
          ["Code", "Name", "Delete"],
          ["1", "A", ""],
          ["-", "B", "x"],
          ["Итого", "C", "x"],
          ["=3+4", "D", "x"],
          [1.5, "E", "x"],
        ],
      },
    },
  ],
  [
    "deletions with a malformed and a nil Guid",
    {
      grid: grid([
        ["Guid", "Code", "Name", "Delete"],
        ["", "1", "A", ""],
        ["not-a-guid", "2", "B", "x"],
        ["00000000-0000-0000-0000-000000000000", "3", "C", "x"],
      ]),
    },
  ],
  [
    "a price that is not finite",
    {
      grid: grid([
        ["Code", "Name", "Price"],
        ["1", "A", Number.POSITIVE_INFINITY],
      ]),
    },
  ],
  [
    "two missing parents under some of the positions",
    {
      grid: grid([
        ["Code", "Name"],
        ["1", "A"],
        ["1.1", "B"],
        ["2.1", "C"],
        ["3.1", "D"],
      ]),
    },
  ],
  [
    "a too long binding and variable name of a control point",
    {
      grid: grid([
        ["Code", "Name", "Control points"],
        ["1", "A", `${"b".repeat(1001)}=${"v".repeat(1001)}`],
      ]),
    },
  ],
];

const corpus: Array<readonly [string, Sheet]> = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((file) => [file, JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as Sheet] as const);

/** Every problem of every sheet with its words in every language, in the engine's order. */
function wordsOf(sheets: ReadonlyArray<readonly [string, Sheet]>) {
  return sheets.map(([source, s]) => {
    const analysis = analyseCatalog(
      { ...s.grid, sheet: s.sheet ?? "Catalog" },
      { decimalSeparator: s.decimalSeparator, mapping: s.mapping },
    );
    return {
      source,
      problems: analysis.problems.map((p) => ({
        kind: p.kind,
        cell: p.cell,
        severity: p.severity,
        field: p.field,
        ...Object.fromEntries(LANGUAGES.map((language) => [language, problemText(p, language)])),
      })),
    };
  });
}

const shown = { corpus: wordsOf(corpus), more: wordsOf(MORE_SHEETS) };

if (process.env["UPDATE_PROBLEM_WORDS"] === "1") writeFileSync(WORDS, `${JSON.stringify(shown, null, 2)}\n`);

describe("the words shown for every problem", () => {
  const stored = existsSync(WORDS) ? (JSON.parse(readFileSync(WORDS, "utf8")) as typeof shown) : null;

  it("are stored (UPDATE_PROBLEM_WORDS=1 writes them)", () => {
    expect(stored).not.toBeNull();
  });

  it.each(shown.corpus.map((c, i) => [c.source, i] as const))("of %s are the stored ones", (_source, i) => {
    expect(shown.corpus[i]).toEqual(stored?.corpus[i]);
  });

  it.each(shown.more.map((c, i) => [c.source, i] as const))("of %s are the stored ones", (_source, i) => {
    expect(shown.more[i]).toEqual(stored?.more[i]);
  });

  it("cover every sheet stored, in both languages", () => {
    expect(shown.corpus.map((c) => c.source)).toEqual(stored?.corpus.map((c) => c.source));
    expect(shown.more.map((c) => c.source)).toEqual(stored?.more.map((c) => c.source));
    expect(LANGUAGES).toEqual(["en", "ru"]);
  });
});
