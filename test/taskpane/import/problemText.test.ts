// The catalog check's problems as the estimator reads them: every kind has words in every
// language, and every problem the bad-input corpus produces reads without a gap in English and
// Russian, naming its cell, and saying in English what the engine's own English says.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  CATALOG_FIELDS,
  PROBLEM_KINDS,
  analyseCatalog,
  parseControlPoints,
  type CellBlock,
  type ColumnMapping,
  type Problem,
} from "../../../src/catalog";
import { deferredAreas } from "../../../src/i18n/deferred";
import { LANGUAGES, type Language } from "../../../src/i18n/types";
import { fieldLabel, problemText } from "../../../src/taskpane/import/problemText";

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
        for (const sentence of [message, fix]) {
          // A placeholder left unfilled; text from the sheet may hold braces of its own.
          expect(withoutSheetText(sentence, p)).not.toMatch(/\{\w+\}/);
          expect(sentence).not.toMatch(/undefined|NaN|\[object/);
          expect(sentence.length).toBeGreaterThan(10);
        }
        // Where the engine names the cell, the sentence in every language names it too.
        if (p.message.includes(p.cell)) expect(message).toContain(p.cell);
        if (p.fix.includes(p.cell)) expect(`${message} ${fix}`).toContain(p.cell);
        if (language === "ru") {
          expect(russianWords(message)).toMatch(CYRILLIC);
          expect(russianWords(fix)).toMatch(CYRILLIC);
          // No English sentence of the engine leaks into Russian (e.g. a control points reason).
          expect(russianWords(message)).not.toMatch(/\b(the|is|not|and|cannot)\b/);
        }
      },
    );
  });

  it("says in English what the engine says: the same cells and the same quoted cell text", () => {
    const missing: string[] = [];
    for (const [file, p] of allProblems) {
      const { message, fix } = problemText(p, "en");
      const ours = `${message} ${fix}`;
      for (const cell of `${p.message} ${p.fix}`.match(/\b[A-Z]{1,3}\d+\b/g) ?? []) {
        if (!ours.includes(cell)) missing.push(`${file} ${p.kind}: cell ${cell} in “${ours}”`);
      }
      // The engine names the control point of a too long binding; its values do not carry it.
      if (p.kind === "text-too-long" && p.field === "ControlPoints") continue;
      for (const m of p.message.matchAll(/"([^"]{1,60})"/g)) {
        const quoted = m[1] ?? "";
        if (!ours.includes(quoted)) missing.push(`${file} ${p.kind}: "${quoted}" in “${ours}”`);
      }
    }
    expect(missing).toEqual([]);
  });

  // The engine's English, word for word (quotes aside), for a few representative problems. (Elsewhere
  // the screen's English may differ in grammar: "Add a row for “12” (with its name)" for one parent.)
  it.each([
    ["008-excel-error-na.json", "excel-error", true],
    ["020-missing-code.json", "missing-code", true],
    ["024-duplicate-code.json", "duplicate-code", true],
    ["028-price-not-number.json", "price-not-number", true],
    ["045-deleted-and-imported.json", "deleted-and-imported", true],
    ["041-orphan-code.json", "orphan-code", false],
  ] as const)("%s: the English of %s is the engine's", (file, kind, withFix) => {
    const p = cases.find(([f]) => f === file)?.[1].find((x) => x.kind === kind);
    expect(p).toBeDefined();
    if (!p) return;
    const plain = (s: string): string => s.replace(/[“”"]/g, '"');
    const { message, fix } = problemText(p, "en");
    expect(plain(message)).toBe(plain(p.message));
    if (withFix) expect(plain(fix)).toBe(plain(p.fix));
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

  it("rewords every reason the control points reader gives, in Russian", () => {
    const bad = [
      '{"Binding":"Volume","VariableName":"V"}',
      "a=b\\",
      "[not json",
      '[{"Binding":"Volume","VariableName":"V"}, 3]',
      '[{"VariableName":"V"}]',
      '[{"Binding":"Volume"}]',
      "Volume",
      "=V",
      "Volume=",
    ];
    const generic = problemText({ ...controlPointsProblem("something the reader never says") }, "ru").message;
    for (const cell of bad) {
      const parsed = parseControlPoints(cell);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) continue;
      const { message } = problemText(controlPointsProblem(parsed.reason), "ru");
      expect({ cell, message, specific: message !== generic }).toMatchObject({ specific: true });
      expect(message).not.toMatch(/\b(the|is|not|has|no)\b/);
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
      message: "",
      fix: "",
    };
    expect(problemText(p, "en").message).toContain("1,500.5");
    expect(problemText(p, "ru").message.replace(/\s/g, " ")).toContain("1 500,5");
    expect(problemText(p, "ru").message).toContain("C1205");
  });
});

describe("problem variants the corpus does not reach", () => {
  const analyse = (values: CellBlock["values"], mapping?: ColumnMapping): Problem[] =>
    analyseCatalog({ sheet: "Catalog", startRow: 1, startColumn: 0, values }, { mapping }).problems;
  // Quotes aside, and a list of codes joined as the language joins lists ("2" and "3").
  const plain = (s: string): string => s.replace(/[“”"]/g, '"').replace(/" and "/g, '", "');

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
  ] as const)("%s reads as the engine says, and in Russian", (_name, make, kind) => {
    const p = make().find((x) => x.kind === kind);
    expect(p).toBeDefined();
    if (!p) return;
    const en = problemText(p, "en");
    expect(plain(en.message)).toBe(plain(p.message));
    const ru = problemText(p, "ru");
    for (const sentence of [ru.message, ru.fix]) {
      expect(withoutSheetText(sentence, p)).not.toMatch(/\{\w+\}|undefined/);
      expect(russianWords(sentence)).toMatch(CYRILLIC);
    }
    if (p.message.includes(p.cell)) expect(ru.message).toContain(p.cell);
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
      message: "",
      fix: "",
    };
    expect(problemText(p, "en").message).toBe("The selected range on sheet “Прайс” has no rows to import.");
    expect(problemText(p, "ru").message).toBe(
      "В выделенном диапазоне на листе «Прайс» нет строк для импорта.",
    );
  });

  it("an unknown reason gets a general sentence, not a gap", () => {
    const p: Problem = {
      kind: "invalid-code",
      severity: "error",
      sheet: "Catalog",
      row: 4,
      column: "A",
      cell: "A4",
      field: "Code",
      values: { text: "??", reason: "something-new" },
      message: "",
      fix: "",
    };
    expect(problemText(p, "ru")).toEqual({
      message: "Значение в A4 («??») нельзя использовать как код.",
      fix: "Введите код позиции в A4 как текст.",
    });
  });
});

function withoutSheetText(sentence: string, p: Problem): string {
  let out = sentence;
  for (const value of Object.values(p.values))
    if (typeof value === "string" && value !== "") out = out.split(value).join("");
  return out;
}

function controlPointsProblem(reason: string): Problem {
  return {
    kind: "malformed-control-points",
    severity: "error",
    sheet: "Catalog",
    row: 2,
    column: "D",
    cell: "D2",
    field: "ControlPoints",
    values: { text: "x", reason },
    message: "",
    fix: "",
  };
}
