// The lint config is a safety net only if it catches what it promises to: a promise whose failure
// nobody sees. These tests lint small snippets as if they were files in src/ (they never touch
// the disk) with the project's own eslint.config.js and the type information of tsconfig.json.
import { execFile } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const folder = `lint-probe-${process.pid}`;

interface Probe {
  code: string;
  /** Where the snippet pretends to live, relative to the project root. */
  file: string;
}

// ESLint loads eslint.config.js with a dynamic import, which Jest's module sandbox does not
// offer, so a child Node process lints the probes exactly as `npm run lint` would, except for
// where the type information comes from: the type-aware rules need each file in a TypeScript
// program, so the child builds one with the repository's compiler options whose compiler host
// serves the probes from memory, hands it to the parser (parserOptions.programs), and lints each
// probe with lintText under its pretended path. Nothing is written, so a test reading src/ at the
// same time (test/architecture) never sees a probe.
const LINT_SCRIPT = `
const { ESLint } = require("eslint");
const path = require("node:path");
const ts = require("typescript");
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", async () => {
  const probes = JSON.parse(input);
  const root = process.cwd();
  const probeFiles = new Map(probes.map((probe) => [path.join(root, probe.file), probe.code]));
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const code = probeFiles.get(path.resolve(fileName));
    return code === undefined
      ? getSourceFile(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, code, languageVersion, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => probeFiles.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => probeFiles.get(path.resolve(fileName)) ?? readFile(fileName);
  const program = ts.createProgram({ rootNames: [...probeFiles.keys()], options: { ...options, noEmit: true }, host });
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
  });
  const out = [];
  for (const [file, code] of probeFiles) {
    const [result] = await eslint.lintText(code, { filePath: file, warnIgnored: true });
    out.push(result.messages.filter((m) => m.severity === 2).map((m) => m.line + ":" + (m.ruleId ?? m.message)));
  }
  process.stdout.write(JSON.stringify(out));
});
`;

/** Rule ids (with line numbers) of the errors ESLint reports for each probe. */
function lint(probes: Probe[]): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["-e", LINT_SCRIPT],
      { cwd: root, maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`ESLint failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as string[][]);
      },
    );
    child.stdin?.end(JSON.stringify(probes));
  });
}

const probes = {
  floating: {
    file: `src/${folder}/floating.ts`,
    code: [
      "export function refresh(): void {",
      "  Excel.run(async (context) => {",
      "    context.workbook.application.calculate(Excel.CalculationType.full);",
      "    await context.sync();",
      "  });",
      '  fetch("https://platform.example.com/api/v1/projects");',
      "}",
      "",
    ].join("\n"),
  },
  handled: {
    file: `src/${folder}/handled.ts`,
    code: [
      "export async function refresh(): Promise<void> {",
      "  await Excel.run(async (context) => {",
      "    context.workbook.application.calculate(Excel.CalculationType.full);",
      "    await context.sync();",
      "  });",
      '  void fetch("https://platform.example.com/api/v1/projects").catch(() => undefined);',
      "}",
      "",
    ].join("\n"),
  },
  misused: {
    file: `src/${folder}/misused.ts`,
    code: [
      "export async function wire(button: HTMLButtonElement, count: number): Promise<number> {",
      '  button.addEventListener("click", async () => {',
      "    await Excel.run(async (context) => context.sync());",
      "  });",
      "  return await count;",
      "}",
      "",
    ].join("\n"),
  },
  office: {
    file: `src/${folder}/office.ts`,
    code: [
      "export async function read(): Promise<string> {",
      "  return Excel.run(async (context) => {",
      "    const range = context.workbook.getSelectedRange();",
      "    return range.address;",
      "  });",
      "}",
      "",
    ].join("\n"),
  },
  spreads: {
    file: `src/${folder}/spreads.ts`,
    code: [
      "export function lowest(rows: number[], more: number[][]): number[] {",
      "  const all: number[] = [];",
      "  all.push(...rows);",
      "  const low = Math.min(...rows);",
      "  all.push(...[low, 1]);",
      "  const joined = [...rows, ...(more[0] ?? [])];",
      "  Array.prototype.push.apply(all, rows);",
      "  const both = new Set(...[joined]);",
      "  return [...all, ...both, Math.max(...[low, 2])];",
      "}",
      "",
    ].join("\n"),
  },
  devSpreads: {
    file: `dev/${folder}/spreads.ts`,
    code: ["export function lowest(rows: number[]): number {", "  return Math.min(...rows);", "}", ""].join(
      "\n",
    ),
  },
  dev: {
    file: `dev/${folder}/ping.ts`,
    code: ["export function ping(): void {", '  fetch("http://localhost:3000/");', "}", ""].join("\n"),
  },
  emulator: {
    file: `emulator/src/${folder}/ping.ts`,
    code: ["export function ping(): void {", '  fetch("http://localhost:3000/");', "}", ""].join("\n"),
  },
} satisfies Record<string, Probe>;

type ProbeName = keyof typeof probes;
let errors: Record<ProbeName, string[]>;

beforeAll(async () => {
  const names = Object.keys(probes) as ProbeName[];
  const results = await lint(names.map((name) => probes[name]));
  errors = Object.fromEntries(names.map((name, i) => [name, results[i] ?? []])) as Record<
    ProbeName,
    string[]
  >;
}, 180_000);

describe("eslint.config.js", () => {
  it("fails a floating Excel.run and a floating fetch in src/", () => {
    expect(errors.floating).toEqual([
      "2:@typescript-eslint/no-floating-promises",
      "6:@typescript-eslint/no-floating-promises",
    ]);
  });

  it("accepts the same calls awaited, or marked fire-and-forget with void and a handled failure", () => {
    expect(errors.handled).toEqual([]);
  });

  it("fails an async handler where a void callback is expected, and an await on a non-promise", () => {
    expect(errors.misused).toEqual([
      "2:@typescript-eslint/no-misused-promises",
      "5:@typescript-eslint/await-thenable",
    ]);
  });

  it("keeps the Office add-in rules: reading a property without load and sync", () => {
    expect(errors.office.some((e) => e.startsWith("4:office-addins/"))).toBe(true);
  });

  it("fails a spread of an array into a call's arguments in src/, and apply with an array, but not a literal tuple", () => {
    // Excel's 1,048,576 rows spread into a call overflow the stack (65,536 arguments in
    // JavaScriptCore); an array literal written in the call is a fixed tuple, and spreads inside
    // array literals are no call at all.
    expect(errors.spreads).toEqual([
      "3:no-restricted-syntax",
      "4:no-restricted-syntax",
      "7:no-restricted-syntax",
    ]);
    expect(errors.devSpreads).toEqual([]);
  });

  it("applies the promise rules to dev/ and emulator/ too", () => {
    expect(errors.dev).toEqual(["2:@typescript-eslint/no-floating-promises"]);
    expect(errors.emulator).toEqual(["2:@typescript-eslint/no-floating-promises"]);
  });
});
