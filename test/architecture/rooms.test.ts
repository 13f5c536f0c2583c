// The rooms' rules (docs/architecture.md; stated in ./rooms.ts) checked on the real sources, and the
// checker itself checked on probe files that break each rule on purpose next to look-alikes
// (comments, strings, shadowing locals) that must not count. The probes exist only in memory: they
// are added to the TypeScript program through its compiler host, never written into src/.
import {
  checkFiles,
  createSrcProgram,
  emulationFiles,
  srcFiles,
  type RoomRule,
  type Violation,
} from "./rooms";

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
  // The rules between the rooms: one probe per rule, each with an allowed import beside the break.
  "src/api/__probe_upward.ts": [
    'import { LANGUAGES } from "../i18n";',
    'import { quoteSheetName } from "../workbook";',
    'import type { Session } from "../session";',
    "export const upward = [LANGUAGES, quoteSheetName] as const;",
    "export type Upward = Session;",
  ].join("\n"),
  // Keys and values below the pane: types and the language codes are free, words are not.
  "src/api/__probe_words.ts": [
    'import { LANGUAGES, t, type MessageKey } from "../i18n";',
    'import type { Said } from "../i18n";',
    '// t("api.network") in a comment is no call',
    "export const sentence = (key: MessageKey): string => t(key, {}, LANGUAGES[0]);",
    'export const said: Said = { key: "api.network" };',
  ].join("\n"),
  "src/workbook/__probe_words.ts": [
    'import * as i18n from "../i18n";',
    'import { say as word } from "../i18n";',
    'export { errorText } from "../i18n";',
    "export const words = [i18n, word] as const;",
  ].join("\n"),
  "src/session/__probe_words.ts": [
    'import "../i18n/deferred";',
    'import type { Language } from "../i18n";',
    'export const english: Language = "en";',
  ].join("\n"),
  "src/workbook/__probe_sideways.ts": [
    'import { createLogger } from "../log/logger";',
    'import { getSession } from "../session";',
    'import type { Session } from "../session";',
    'import { quoteSheetName } from "./names";',
    "export const sideways = [createLogger, quoteSheetName, getSession] as const;",
    "export type Sideways = Session;",
  ].join("\n"),
  "src/catalog/__probe_sentence.ts": [
    "// A comment says as many words as it likes: only strings count.",
    'export const sentence = "The code repeats an earlier code";',
    'export const label = "Price, RUB";',
    'export const key = "problems.duplicateCode";',
    "export const template = (row: number): string => `Row ${row} has no price`;",
    "export const pattern = (sep: string): RegExp => new RegExp(`^\\d{1,3}(?:${sep}\\d{3})+$`, 'u');",
    "export const spaced = (a: string, b: string): string => `${a} and ${b}`;",
    "export class ProbeError extends Error {",
    "  constructor(row: number) {",
    "    super(`Row ${row} could not be read at all`);",
    "  }",
    "}",
    "export function fail(row: number): never {",
    '  if (row < 0) throw new RangeError("A row number is never negative");',
    "  throw new ProbeError(row);",
    "}",
  ].join("\n"),
  "src/boq/__probe_sentence.ts": 'export const hint = "version, for example 3.10";\n',
  "src/taskpane/__probe_deep.ts": [
    'import { getSession } from "../session";',
    'import { SettingsStore } from "../session/settings";',
    'import type { Session } from "../session/session";',
    'import "../i18n/deferred";',
    'import { createLogger } from "../log/logger";',
    "export const deep = [getSession, SettingsStore, createLogger] as const;",
    "export type Deep = Session;",
  ].join("\n"),
  // The pane wires the journeys' effects and writes nothing itself.
  "src/taskpane/__probe_write.ts": [
    'import { documentSettings, runExcel, writeFormulaAt, type FormulaTarget } from "../workbook";',
    'import * as workbook from "../workbook";',
    "export const wired = [documentSettings, runExcel, workbook] as const;",
    "export const writes = writeFormulaAt;",
    "export type Target = FormulaTarget;",
  ].join("\n"),
  // src/functions has one door, its entry: its boundary and header words are its own.
  "src/taskpane/__probe_door.ts": [
    'import { cellError } from "../functions/guard";',
    'import type { header } from "../functions/headers";',
    'import type { RefreshOutcome } from "../boqsheet";',
    "export const second = cellError;",
    "export type Third = typeof header | RefreshOutcome;",
  ].join("\n"),
  "dev/office-emulation/__probe_borrow.ts": [
    'import { columnLetter } from "../../src/catalog";',
    'import { parseAddress } from "./address";',
    "export const borrowed = [columnLetter, parseAddress];",
  ].join("\n"),
  "src/annex/__probe_room.ts": 'export const unplaced = "annex";\n',
  // 501 and 500 lines of nothing but constants: the length rule alone.
  "src/boq/__probe_long.ts":
    Array.from({ length: 501 }, (_, i) => `export const n${i} = ${i};`).join("\n") + "\n",
  "src/boq/__probe_500.ts":
    Array.from({ length: 500 }, (_, i) => `export const m${i} = ${i};`).join("\n") + "\n",
  // The inner rooms of src/import: model/ is pure; an inner room imports lower inner floors only.
  "src/import/model/__probe_effect.ts": [
    'import { countLog } from "./logCounts";',
    'import { quoteSheetName } from "../../workbook";',
    'import type { ExcelRunner } from "../../workbook";',
    "export const effect = [countLog, quoteSheetName] as const;",
    "export type Runner = ExcelRunner;",
    "export const stamp = (): number => Date.now();",
    'export const sentence = "Nothing was sent yet";',
  ].join("\n"),
  "src/import/model/__probe_upward.ts": [
    'import type { ImportState } from "./state";',
    'import type { Journey } from "../jobs/journey";',
    "export type Upward = [ImportState, Journey];",
  ].join("\n"),
  "src/import/store/__probe_sideways.ts": [
    'import type { IgnoredReason } from "../model/ignoredReasons";',
    'import { reasonText } from "../words/reasonWords";',
    "export type Below = IgnoredReason;",
    "export const sideways = reasonText;",
  ].join("\n"),
  "src/import/jobs/__probe_top.ts": [
    'import { ImportHistory } from "../store/history";',
    'import { transition } from "../model/state";',
    'import type { ImportPipeline } from "../pipeline";',
    "export const below = [ImportHistory, transition] as const;",
    "export type Top = ImportPipeline;",
  ].join("\n"),
  "src/import/annex/__probe_inner.ts": [
    'import { transition } from "../model/state";',
    "export const unplaced = transition;",
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

const real = (files: string[]): string[] => files.filter((f) => !Object.hasOwn(PROBES, f));
const breaking = (kinds: RoomRule[]): string[] =>
  checkFiles(program, [...real(srcFiles(program)), ...real(emulationFiles(program))])
    .filter((v) => v.kind !== undefined && kinds.includes(v.kind))
    .map((v) => `${v.file}:${v.line}: ${v.rule}: ${v.text}`);

it("the add-in's sources keep every room's own rule", () => {
  const files = real(srcFiles(program));
  expect(files.length).toBeGreaterThan(50);
  expect(files).toEqual(expect.arrayContaining(["src/workbook/read.ts", "src/catalog/cells.ts"]));
  expect(checkFiles(program, files).filter((v) => v.kind === undefined)).toEqual([]);
});

it("every room stands on a floor, and imports only rooms of lower floors", () => {
  expect(breaking(["room", "floor"])).toEqual([]);
});

it("an import of another room goes through its door: its index.ts, or src/functions's functions.ts", () => {
  expect(breaking(["index"])).toEqual([]);
});

it("the pane imports no value of src/workbook but the effects it wires into the journeys", () => {
  const pane = real(srcFiles(program)).filter((f) => f.startsWith("src/taskpane/"));
  expect(pane).toEqual(expect.arrayContaining(["src/taskpane/boq/runtime.ts"]));
  expect(breaking(["pane"])).toEqual([]);
});

it("the inner rooms of src/import stand on their inner floors, and src/import/model is a pure room", () => {
  const files = real(srcFiles(program));
  for (const inner of ["model", "store", "words", "jobs"])
    expect(files.some((f) => f.startsWith(`src/import/${inner}/`))).toBe(true);
  const model = files.filter((f) => f.startsWith("src/import/model/"));
  expect(model).toEqual(
    expect.arrayContaining(["src/import/model/state/index.ts", "src/import/model/records.ts"]),
  );
  expect(breaking(["room", "floor"]).filter((v) => v.startsWith("src/import/"))).toEqual([]);
  expect(checkFiles(program, model)).toEqual([]);
});

/** The files past 500 lines among `names` (a file's lines: its text's, less the empty one after its last newline). */
function longFiles(names: readonly string[]): string[] {
  const wanted = new Set(names);
  return program.getSourceFiles().flatMap((sf) => {
    const f = [...wanted].find((name) => sf.fileName.endsWith(`/${name}`));
    const lines = sf.text.replace(/\n$/, "").split("\n").length;
    return f !== undefined && lines > 500 ? [`${f}: ${lines} lines`] : [];
  });
}

it("no file of src/ runs past 500 lines (a longer one is two jobs, or two languages' words)", () => {
  const files = real(srcFiles(program));
  expect(files.length).toBeGreaterThan(50);
  expect(longFiles(files)).toEqual([]);
  // The check itself: a probe of 501 lines is caught, one of 500 is not.
  expect(longFiles(["src/boq/__probe_long.ts", "src/boq/__probe_500.ts"])).toEqual([
    "src/boq/__probe_long.ts: 501 lines",
  ]);
});

it("the pure rooms hold no sentence", () => {
  expect(breaking(["sentence"])).toEqual([]);
});

it("the rooms below the pane word nothing: no value of src/i18n but its language codes", () => {
  expect(breaking(["words"])).toEqual([]);
});

it("the Office emulation borrows nothing from src/", () => {
  const files = real(emulationFiles(program));
  expect(files).toEqual(expect.arrayContaining(["dev/office-emulation/address.ts"]));
  expect(breaking(["emulation"])).toEqual([]);
});

it("catches each deliberate break, and not the comments, strings and local names that look like one", () => {
  const found = byProbe(checkFiles(program, Object.keys(PROBES)));
  expect(found).toEqual({
    "src/catalog/__probe_clock.ts": [
      "6: clock in a pure room: Date",
      '2: a sentence in a pure room (words come from src/i18n): "window.document fetch( Date.now() Office.context"',
    ],
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
      '2: an import of src/api (floor 1) from floor 0: upward: "../api/http"',
    ],
    "src/taskpane/__probe_excel.ts": [
      "2: Excel outside src/workbook: Excel",
      "3: Excel outside src/workbook: workbook",
      "3: Excel outside src/workbook: Excel",
      "4: OfficeExtension outside src/workbook: sync",
      "7: network outside src/api: fetch",
    ],
    // The rules between the rooms: one probe per rule, each with an allowed import beside the break.
    "src/api/__probe_upward.ts": [
      '2: an import of src/workbook (floor 3) from floor 1: upward: "../workbook"',
      '3: a type-only import of src/session (floor 3) from floor 1: upward: "../session"',
    ],
    "src/api/__probe_words.ts": [
      '1: t of src/i18n in src/api, which carries keys and values: the edge words them: "../i18n"',
    ],
    "src/workbook/__probe_words.ts": [
      '1: * of src/i18n in src/workbook, which carries keys and values: the edge words them: "../i18n"',
      '2: say of src/i18n in src/workbook, which carries keys and values: the edge words them: "../i18n"',
      '3: errorText of src/i18n in src/workbook, which carries keys and values: the edge words them: "../i18n"',
    ],
    "src/session/__probe_words.ts": [
      '1: the module ../i18n/deferred of src/i18n in src/session, which carries keys and values: the edge words them: "../i18n/deferred"',
    ],
    "src/workbook/__probe_sideways.ts": [
      '2: an import of src/session from src/workbook, a room on the same floor 3: "../session"',
      '3: a type-only import of src/session from src/workbook, a room on the same floor 3: "../session"',
    ],
    "src/catalog/__probe_sentence.ts": [
      '2: a sentence in a pure room (words come from src/i18n): "The code repeats an earlier code"',
      "5: a sentence in a pure room (words come from src/i18n): `Row ${row} has no price`",
    ],
    "src/boq/__probe_sentence.ts": [
      '1: a sentence in a pure room (words come from src/i18n): "version, for example 3.10"',
    ],
    "src/taskpane/__probe_deep.ts": [
      '2: an import past the index.ts of src/session: "../session/settings"',
      '3: a type-only import past the index.ts of src/session: "../session/session"',
    ],
    "src/taskpane/__probe_write.ts": [
      '1: writeFormulaAt of src/workbook in src/taskpane, which renders and wires: Excel calls live in the journeys: "../workbook"',
      '2: * of src/workbook in src/taskpane, which renders and wires: Excel calls live in the journeys: "../workbook"',
    ],
    "src/taskpane/__probe_door.ts": [
      '1: an import past the one door of src/functions, functions.ts: "../functions/guard"',
      '2: a type-only import past the one door of src/functions, functions.ts: "../functions/headers"',
    ],
    "dev/office-emulation/__probe_borrow.ts": [
      '1: dev/office-emulation imports src/, so it is no independent check of it: "../../src/catalog"',
    ],
    "src/annex/__probe_room.ts": [
      "1: the room src/annex is not on a floor (FLOORS in test/architecture/rooms.ts): src/annex/__probe_room.ts",
    ],
    "src/import/model/__probe_effect.ts": [
      expect.stringMatching(
        /^2: a pure room imports src\/workbook\/index\.ts, which is not pure \(src\/workbook\/[\w/]+\.ts:\d+ /,
      ),
      "6: clock in a pure room: Date",
      '7: a sentence in a pure room (words come from src/i18n): "Nothing was sent yet"',
    ],
    "src/import/model/__probe_upward.ts": [
      '2: a type-only import of src/import/jobs (inner floor 2) from inner floor 0: upward: "../jobs/journey"',
    ],
    "src/import/store/__probe_sideways.ts": [
      '2: an import of src/import/words from src/import/store, inner rooms on the same inner floor 1: "../words/reasonWords"',
    ],
    "src/import/jobs/__probe_top.ts": [
      '3: a type-only import of the files directly in src/import (inner floor 3) from inner floor 2: upward: "../pipeline"',
    ],
    "src/import/annex/__probe_inner.ts": [
      "1: the inner room src/import/annex is not on an inner floor (INNER_FLOORS in test/architecture/rooms.ts): src/import/annex/__probe_inner.ts",
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
