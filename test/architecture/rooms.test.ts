// The rooms' rules (GUIDE.md, rules stated in ./rooms.ts) checked on the real sources, and the
// checker itself checked on probe files that break each rule on purpose next to look-alikes
// (comments, strings, shadowing locals) that must not count.
import { checkFiles, createSrcProgram, srcFiles, type Violation } from "./rooms";

// One TypeScript program of src/ plus the probes: a few seconds on a slow machine.
jest.setTimeout(120_000);

const PROBES: Record<string, string> = {
  "src/catalog/__probe_clock.ts": [
    "// Excel.run(async (context) => context.sync()); fetch('/x'); Date.now()",
    'export const text = "window.document fetch( Date.now() Office.context";',
    "export function shadow(document: string, fetch: (x: string) => string): string {",
    "  return fetch(document);",
    "}",
    "export const stamp = (): number => Date.now();",
    "export const fixed = (ms: number): Date => new Date(ms);",
    "export const isDate = (x: unknown): boolean => x instanceof Date;",
  ].join("\n"),
  "src/boq/__probe_dom.ts": [
    "export const width = (): number => window.innerWidth;",
    "export const today = (): Date => new Date();",
    "export const later = (f: () => void): void => void setTimeout(f, 10);",
    "export const host = (): string => Office.context.diagnostics.host.toString();",
  ].join("\n"),
  "src/catalog/__probe_imports.ts": [
    'import { h } from "preact";',
    'import { createHttpClient } from "../api/http";',
    'import { cleanText } from "./cells";',
    'import { z } from "zod";',
    "export const used = [h, createHttpClient, cleanText, z];",
  ].join("\n"),
  "src/taskpane/__probe_excel.ts": [
    "export async function recalc(): Promise<void> {",
    "  await Excel.run(async (context) => {",
    "    context.workbook.application.calculate(Excel.CalculationType.full);",
    "    await context.sync();",
    "  });",
    "}",
    'export const download = (): Promise<Response> => globalThis.fetch("https://example.com");',
    "export const later = (f: () => void): void => void setTimeout(f, 10);",
  ].join("\n"),
  "src/import/__probe_types.ts": [
    "export function valuesOf(range: Excel.Range): unknown[][] {",
    "  return range.values;",
    "}",
    'export const saved = (): unknown => Office.context.document.settings.get("x");',
    "export const request = (): XMLHttpRequest => new XMLHttpRequest();",
  ].join("\n"),
};

const byProbe = (violations: Violation[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const v of violations) (out[v.file] ??= []).push(`${v.line}: ${v.rule}: ${v.text}`);
  return out;
};

let program: ReturnType<typeof createSrcProgram>;

beforeAll(() => {
  program = createSrcProgram(PROBES);
});

it("the add-in's sources keep every room's rule", () => {
  const files = srcFiles(program).filter((f) => !Object.hasOwn(PROBES, f));
  expect(files.length).toBeGreaterThan(50);
  expect(files).toEqual(expect.arrayContaining(["src/workbook/read.ts", "src/catalog/cells.ts"]));
  expect(checkFiles(program, files)).toEqual([]);
});

it("catches each deliberate break, and not the comments, strings and local names that look like one", () => {
  const found = byProbe(checkFiles(program, Object.keys(PROBES)));
  expect(found).toEqual({
    "src/catalog/__probe_clock.ts": ["6: clock in a pure room: Date"],
    "src/boq/__probe_dom.ts": [
      "1: DOM in a pure room: window",
      "2: clock in a pure room: Date",
      "3: clock in a pure room: setTimeout",
      "4: Office in a pure room: Office",
    ],
    "src/catalog/__probe_imports.ts": [
      '1: a pure room imports the package preact: "preact"',
      expect.stringMatching(
        /^2: a pure room imports src\/api\/http\.ts, which is not pure \(src\/api\/http\.ts:\d+ (network|clock) in a pure room\)/,
      ),
    ],
    "src/taskpane/__probe_excel.ts": [
      "2: Excel outside src/workbook: Excel",
      "3: Excel outside src/workbook: workbook",
      "3: Excel outside src/workbook: Excel",
      "4: OfficeExtension outside src/workbook: sync",
      "7: network outside src/api: fetch",
    ],
    "src/import/__probe_types.ts": [
      "1: Excel outside src/workbook: Excel",
      "2: Excel outside src/workbook: values",
      "4: Office outside the rooms that reach the host: Office",
      "4: the document (Office.context.document) outside src/workbook: settings",
      "4: the document (Office.context.document) outside src/workbook: get",
      "5: network outside src/api: XMLHttpRequest",
      "5: network outside src/api: XMLHttpRequest",
    ],
  });
});
