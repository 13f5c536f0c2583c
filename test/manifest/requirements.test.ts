// Requirement sets declared and enforced (issue 42, item 4): the manifests ask for the ExcelApi
// version the add-in's unchecked Excel calls need, no more and no less. Each Excel member src/
// refers to is read with its "[Api set: ExcelApi 1.x]" from @types/office-js; a member above the
// declared minimum is allowed only where the code asks first (isSetSupported, or an ApiNotFound
// caught), in the files named below.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { DECLARED_EXCEL_API } from "../../dev/office-emulation/office";
import { ROOT, createSrcProgram, srcFiles } from "../architecture/rooms";

jest.setTimeout(120_000);

/** Members above the minimum, each used only where the host is asked first. */
const CHECKED: Record<string, { files: string[]; how: RegExp }> = {
  // Decimal and group separators (ExcelApi 1.11): isSetSupported("ExcelApi", "1.11") first.
  "Excel.Application.cultureInfo": {
    files: ["src/workbook/read.ts", "src/workbook/display.ts"],
    how: /isSetSupported/,
  },
  "Excel.Application.decimalSeparator": {
    files: ["src/workbook/read.ts", "src/workbook/display.ts"],
    how: /isSetSupported/,
  },
  "Excel.Application.useSystemSeparators": {
    files: ["src/workbook/read.ts", "src/workbook/display.ts"],
    how: /isSetSupported/,
  },
  "Excel.CultureInfo.numberFormat": {
    files: ["src/workbook/read.ts", "src/workbook/display.ts"],
    how: /isSetSupported/,
  },
  "Excel.NumberFormatInfo.numberDecimalSeparator": {
    files: ["src/workbook/read.ts", "src/workbook/display.ts"],
    how: /isSetSupported/,
  },
  "Excel.NumberFormatInfo.numberGroupSeparator": {
    files: ["src/workbook/display.ts"],
    how: /isSetSupported/,
  },
  // Moving a BOQ sheet's row on refresh (ExcelApi 1.11): isSetSupported("ExcelApi", "1.11")
  // first, else the row's cells are copied through formulasR1C1 (ExcelApi 1.2).
  "Excel.Range.moveTo": {
    files: ["src/workbook/boqSheetRefresh.ts"],
    how: /isSetSupported\("ExcelApi", MOVE_API_VERSION\)/,
  },
  // Merged cells (ExcelApi 1.13): ApiNotFound caught, nothing said about merged cells then.
  "Excel.Range.getMergedAreasOrNullObject": {
    files: ["src/workbook/writeTargets.ts"],
    how: /Before ExcelApi 1\.13/,
  },
};

function compareVersions(a: string, b: string): number {
  const [a1 = 0, a2 = 0] = a.split(".").map(Number);
  const [b1 = 0, b2 = 0] = b.split(".").map(Number);
  return a1 - b1 || a2 - b2;
}

/** Every Excel member src/ refers to, with its ExcelApi version and the files using it. */
function excelMembersUsed(): Map<string, { version: string; files: Set<string> }> {
  const program = createSrcProgram();
  const checker = program.getTypeChecker();
  const files = new Set(srcFiles(program));
  const used = new Map<string, { version: string; files: Set<string> }>();
  for (const sourceFile of program.getSourceFiles()) {
    const file = path.relative(ROOT, sourceFile.fileName).split(path.sep).join("/");
    if (!files.has(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const symbol = checker.getSymbolAtLocation(node);
        const declaration = symbol?.declarations?.[0];
        if (symbol && declaration && /@types\/office-js\//.test(declaration.getSourceFile().fileName)) {
          const name = checker.getFullyQualifiedName(symbol);
          const tags = symbol
            .getJsDocTags(checker)
            .map((tag) => ts.displayPartsToString(tag.text))
            .join(" ");
          const version = /\[Api set: ExcelApi ([\d.]+)/.exec(tags)?.[1];
          if (name.startsWith("Excel.") && version !== undefined) {
            const entry = used.get(name) ?? { version, files: new Set<string>() };
            entry.files.add(file);
            used.set(name, entry);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return used;
}

function declaredMinimum(): { xml: string | undefined; json: string | undefined } {
  const xml = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
  const json = JSON.parse(fs.readFileSync(path.join(ROOT, "manifest.json"), "utf8")) as {
    extensions: Array<{ requirements: { capabilities: Array<{ name: string; minVersion: string }> } }>;
  };
  return {
    xml: /<Set Name="ExcelApi" MinVersion="([\d.]+)"\/>/.exec(xml)?.[1],
    json: json.extensions[0]?.requirements.capabilities.find((c) => c.name === "ExcelApi")?.minVersion,
  };
}

let used: Map<string, { version: string; files: Set<string> }>;
beforeAll(() => {
  used = excelMembersUsed();
});

it("declares ExcelApi 1.10 in both manifests, the version the workbench suite also runs at", () => {
  expect(declaredMinimum()).toEqual({ xml: "1.10", json: "1.10" });
  expect(DECLARED_EXCEL_API).toBe("1.10");
});

it("needs nothing above the declared minimum without asking first, and the minimum is what the calls need", () => {
  const minimum = declaredMinimum().xml ?? "1.1";
  const unchecked = [...used].filter(([name]) => CHECKED[name] === undefined);
  const above = unchecked.filter(([, { version }]) => compareVersions(version, minimum) > 0);
  expect(above.map(([name, { version }]) => `${name} (ExcelApi ${version})`)).toEqual([]);
  const highest = unchecked
    .map(([, { version }]) => version)
    .sort(compareVersions)
    .at(-1);
  expect(highest).toBe(minimum);
  // What needs the minimum: the BOQ sheet's outline.
  expect(
    unchecked
      .filter(([, { version }]) => version === minimum)
      .map(([name]) => name)
      .sort(),
  ).toEqual(["Excel.Range.group", "Excel.Range.ungroup", "Excel.Worksheet.showOutlineLevels"]);
});

it("uses the newer members only in the files that ask the host first", () => {
  for (const [name, { files, how }] of Object.entries(CHECKED)) {
    const entry = used.get(name);
    if (!entry) continue;
    for (const file of entry.files) {
      expect(`${name} in ${file}: ${String(files.includes(file))}`).toBe(`${name} in ${file}: true`);
      expect(fs.readFileSync(path.join(ROOT, file), "utf8")).toMatch(how);
    }
  }
});
