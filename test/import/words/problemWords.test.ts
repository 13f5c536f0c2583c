// The catalog check's problems as the estimator reads them: every kind has words in every
// language, every problem the bad-input corpus produces reads without a gap in English and
// Russian and names its cell, and every reason code of a kind with variants has its own words.
// (The exact words of every problem of the corpus are held in problemWords.snapshot.test.ts.)

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  CATALOG_FIELDS,
  CONTROL_POINTS_REASONS,
  EXCEL_ERRORS,
  PROBLEM_KINDS,
  PROBLEM_REASONS,
  analyseCatalog,
  type CellBlock,
  type ColumnMapping,
  type Problem,
  type ProblemKind,
  type ProblemReason,
} from "../../../src/catalog";
import { deferredAreas } from "../../../src/i18n/deferred";
import { LANGUAGES, type Language } from "../../../src/i18n/types";
import { fieldLabel, problemText } from "../../../src/import";

const FIXTURES = join(__dirname, "..", "..", "fixtures", "catalog");

interface CorpusCase {
  sheet?: string;
  decimalSeparator?: string;
  mapping?: ColumnMapping;
  grid: Omit<CellBlock, "sheet">;
}

const cases = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((file) => {
    const c = JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as CorpusCase;
    const analysis = analyseCatalog(
      { ...c.grid, sheet: c.sheet ?? "Catalog" },
      { decimalSeparator: c.decimalSeparator, mapping: c.mapping },
    );
    return [file, analysis.problems] as const;
  });
const allProblems: Array<readonly [string, Problem]> = cases.flatMap(([file, problems]) =>
  problems.map((p) => [file, p] as const),
);

const camel = (kind: string): string => kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const messages = deferredAreas.problems as unknown as Record<Language, Record<string, unknown>>;
const CYRILLIC = /[а-яё]/i;
/** A sentence quoting cell text may hold Latin words; its own words must be Russian. */
const russianWords = (s: string): string => s.replace(/[«“"][^»”"]*[»”"]/g, "");

/** A problem at D2 of sheet "Catalog", for the variants built by hand. */
function problemOf(kind: ProblemKind, values: Problem["values"], reason?: ProblemReason): Problem {
  const p: Problem = {
    kind,
    severity: "error",
    sheet: "Catalog",
    row: 2,
    column: "D",
    cell: "D2",
    field: "ControlPoints",
    values,
  };
  if (reason !== undefined) p.reason = reason;
  return p;
}

function expectNoGaps(sentence: string, p: Problem): void {
  // A placeholder left unfilled; text from the sheet may hold braces of its own.
  expect(withoutSheetText(sentence, p)).not.toMatch(/\{\w+\}/);
  expect(sentence).not.toMatch(/undefined|NaN|\[object/);
  expect(sentence.length).toBeGreaterThan(10);
}

describe("problem messages", () => {
  it.each([...PROBLEM_KINDS])("%s has a problem and a fix sentence in every language", (kind) => {
    for (const language of LANGUAGES) {
      for (const key of [camel(kind), `${camel(kind)}Fix`]) {
        const message = messages[language][key];
        expect({ language, key, defined: message !== undefined }).toEqual({ language, key, defined: true });
      }
    }
  });

  it("the corpus makes problems of every kind, so every kind is worded below", () => {
    expect(new Set(allProblems.map(([, p]) => p.kind))).toEqual(new Set(PROBLEM_KINDS));
  });

  describe.each(LANGUAGES)("in %s", (language) => {
    it.each(allProblems.map(([file, p]) => [file, p.kind, p.cell, p] as const))(
      "%s: %s at %s reads without gaps and names the cell",
      (_file, _kind, _cell, p) => {
        const { message, fix } = problemText(p, language);
        expectNoGaps(message, p);
        expectNoGaps(fix, p);
        // Where the English names the cell, every language names it too.
        const english = problemText(p, "en");
        if (english.message.includes(p.cell)) expect(message).toContain(p.cell);
        if (`${english.message} ${english.fix}`.includes(p.cell))
          expect(`${message} ${fix}`).toContain(p.cell);
        if (language === "ru") {
          expect(russianWords(message)).toMatch(CYRILLIC);
          expect(russianWords(fix)).toMatch(CYRILLIC);
          // No English leaks into Russian (e.g. a control points reason).
          expect(russianWords(message)).not.toMatch(/\b(the|is|not|and|cannot)\b/);
        }
      },
    );
  });

  it("names the cell of every problem of a row", () => {
    const aboutTheBlock = new Set<ProblemKind>([
      "no-header",
      "missing-column",
      "invalid-mapping",
      "empty-selection",
      "block-outside-sheet",
    ]);
    for (const [file, p] of allProblems) {
      if (aboutTheBlock.has(p.kind)) continue;
      expect({ file, kind: p.kind, names: problemText(p, "en").message.includes(p.cell) }).toEqual({
        file,
        kind: p.kind,
        names: true,
      });
    }
  });

  it("words each Russian problem differently from its English one", () => {
    for (const [, p] of allProblems) {
      expect(problemText(p, "ru").message).not.toBe(problemText(p, "en").message);
    }
  });

  it("names every field in every language", () => {
    for (const field of CATALOG_FIELDS) {
      for (const language of LANGUAGES) expect(fieldLabel(field, language)).not.toMatch(/^problems\./);
    }
    expect(fieldLabel("Price", "ru")).toBe("Цена");
    expect(fieldLabel("CurrencyCharCode", "en")).toBe("Currency");
  });

  it("says what each Excel error value means, in every language", () => {
    for (const language of LANGUAGES) {
      const unknown = problemText(problemOf("excel-error", { text: "#WHAT" }), language).message;
      for (const shown of EXCEL_ERRORS) {
        const { message } = problemText(problemOf("excel-error", { text: shown }), language);
        const specific = message.replace(shown, "#WHAT") !== unknown;
        expect({ shown, language, specific }).toEqual({ shown, language, specific: true });
      }
    }
  });

  it("formats numbers for the language and keeps row numbers as Excel shows them", () => {
    const p: Problem = {
      kind: "price-text",
      severity: "warning",
      sheet: "Catalog",
      row: 1205,
      column: "C",
      cell: "C1205",
      field: "Price",
      values: { text: "1 500,5", value: 1500.5 },
    };
    expect(problemText(p, "en").message).toContain("1,500.5");
    expect(problemText(p, "ru").message.replace(/\s/g, " ")).toContain("1 500,5");
    expect(problemText(p, "ru").message).toContain("C1205");
  });
});

describe("the reasons of kinds with variants", () => {
  const reasons = Object.entries(PROBLEM_REASONS).flatMap(([kind, codes]) =>
    codes.map((reason) => [kind as ProblemKind, reason] as const),
  );
  const VALUES = {
    text: "x",
    column: "Z",
    otherField: "Code",
    headerRow: 3,
    separator: ",",
    value: "1.1",
    item: 2,
    binding: "Volume",
    header: "Cost",
    usedColumn: "C",
    usedHeader: "Price",
  };

  it.each(reasons)("%s: %s reads without gaps in every language", (kind, reason) => {
    const p = problemOf(kind, VALUES, reason);
    for (const language of LANGUAGES) {
      const { message, fix } = problemText(p, language);
      expectNoGaps(message, p);
      expectNoGaps(fix, p);
      if (language === "ru") expect(russianWords(message)).not.toMatch(/\b(the|is|not|has|no)\b/);
    }
  });

  it("give each reason the control points reader has its own words, naming the item and its binding", () => {
    const words = CONTROL_POINTS_REASONS.map(
      (reason) => problemText(problemOf("malformed-control-points", VALUES, reason), "ru").message,
    );
    const unknown = problemText(problemOf("malformed-control-points", VALUES), "ru").message;
    expect(new Set([...words, unknown]).size).toBe(CONTROL_POINTS_REASONS.length + 1);
    expect(problemText(problemOf("malformed-control-points", VALUES, "item-no-equals"), "en").message).toBe(
      "The Control points in D2 cannot be read: item 2 (“Volume”) has no “=” between the binding and the variable name.",
    );
    expect(
      problemText(problemOf("malformed-control-points", VALUES, "element-no-binding"), "ru").message,
    ).toBe("Контрольные точки в D2 нельзя прочитать: у элемента 2 JSON-массива нет текста «Binding».");
  });

  it("word a problem without a reason, or with one its kind does not have, in the kind's general words", () => {
    const general = problemText(problemOf("invalid-code", { text: "??" }), "ru");
    expect(general).toEqual({
      message: "Значение в D2 («??») нельзя использовать как код.",
      fix: "Введите код позиции в D2 как текст.",
    });
    expect(problemText(problemOf("invalid-code", { text: "??" }, "item-no-equals"), "ru")).toEqual(general);
  });
});

describe("problem variants the corpus does not reach", () => {
  const analyse = (values: CellBlock["values"], mapping?: ColumnMapping): Problem[] =>
    analyseCatalog({ sheet: "Catalog", startRow: 1, startColumn: 0, values }, { mapping }).problems;

  it.each([
    [
      "a mapped letter that is no column",
      () =>
        analyse(
          [
            ["Code", "Name"],
            ["1", "A"],
          ],
          { headerRow: 1, columns: { Code: "A", Name: "B", Price: "1" } },
        ),
      "invalid-mapping",
    ],
    [
      "a saved header row below the real one",
      () =>
        analyse(
          [
            ["Code", "Name"],
            ["1", "A"],
            ["2", "B"],
            ["3", "C"],
          ],
          { headerRow: 3, columns: { Code: "A", Name: "B" } },
        ),
      "mapping-header-mismatch",
    ],
    [
      "a deletion whose code is a placeholder",
      () =>
        analyse([
          ["Code", "Name", "Delete"],
          ["1", "A", ""],
          ["-", "B", "x"],
        ]),
      "invalid-code",
    ],
    [
      "a deletion whose code is a total",
      () =>
        analyse([
          ["Code", "Name", "Delete"],
          ["1", "A", ""],
          ["Итого", "B", "x"],
        ]),
      "invalid-code",
    ],
    [
      "a price that is not finite",
      () =>
        analyse([
          ["Code", "Name", "Price"],
          ["1", "A", Number.POSITIVE_INFINITY],
        ]),
      "price-not-number",
    ],
    [
      "two missing parents under some of the positions",
      () =>
        analyse([
          ["Code", "Name"],
          ["1", "A"],
          ["1.1", "B"],
          ["2.1", "C"],
          ["3.1", "D"],
        ]),
      "orphan-code",
    ],
  ] as const)("%s reads in every language, naming the cell", (_name, make, kind) => {
    const p = make().find((x) => x.kind === kind);
    expect(p).toBeDefined();
    if (!p) return;
    for (const language of LANGUAGES) {
      const { message, fix } = problemText(p, language);
      expectNoGaps(message, p);
      expectNoGaps(fix, p);
      if (language === "ru") expect(russianWords(message)).toMatch(CYRILLIC);
      if (kind !== "invalid-mapping") expect(message).toContain(p.cell);
    }
  });

  it("a header with no rows below it and no header row at all", () => {
    const p: Problem = {
      kind: "no-data-rows",
      severity: "error",
      sheet: "Прайс",
      row: 1,
      column: "A",
      cell: "A1",
      field: null,
      values: { sheet: "Прайс", headerRow: 0 },
    };
    expect(problemText(p, "en").message).toBe("The selected range on sheet “Прайс” has no rows to import.");
    expect(problemText(p, "ru").message).toBe(
      "В выделенном диапазоне на листе «Прайс» нет строк для импорта.",
    );
  });

  it("a parent code holding a comma is one code in the list", () => {
    const p: Problem = {
      kind: "orphan-code",
      severity: "warning",
      sheet: "Catalog",
      row: 2,
      column: "A",
      cell: "A2",
      field: "Code",
      values: { parents: ["1, 2", "3"], parentCount: 2, more: 0, positions: 2, total: 5 },
    };
    expect(problemText(p, "en").message).toMatch(/^2 parent codes “1, 2” and “3” are not in the list/);
  });
});

function withoutSheetText(sentence: string, p: Problem): string {
  let out = sentence;
  for (const value of Object.values(p.values)) {
    for (const text of typeof value === "object" ? value : [value]) {
      if (typeof text === "string" && text !== "") out = out.split(text).join("");
    }
  }
  return out;
}
