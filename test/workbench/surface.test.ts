// The emulation is typed against @types/office-js through dev/office-emulation/surface.ts: tsc
// checks each emulated class against the surface interface it implements. This test checks the
// other half: every Excel member the add-in's code refers to is part of that surface, so nothing
// the add-in calls can be missing from the emulation or differ from Office's declaration.
import * as path from "node:path";
import ts from "typescript";
import { ROOT, createSrcProgram, officeSymbolsUsed, srcFiles } from "../architecture/rooms";

jest.setTimeout(120_000);

const SURFACE_FILE = "dev/office-emulation/surface.ts";
const PROBE = "src/workbook/__probe_surface.ts";
const PROBE_SOURCE = [
  "export function probe(context: Excel.RequestContext): void {",
  '  const sheet = context.workbook.worksheets.getItem("S");',
  "  sheet.getCell(0, 0).format.columnWidth = 20;",
  "}",
].join("\n");

let program: ts.Program;

beforeAll(() => {
  program = createSrcProgram({ [PROBE]: PROBE_SOURCE }, [SURFACE_FILE]);
});

/** Qualified names of Excel and OfficeExtension members used in `files` that the surface lacks. */
function missingFromSurface(files: readonly string[]): string[] {
  const checker = program.getTypeChecker();
  const surfaceFile = program.getSourceFile(path.join(ROOT, SURFACE_FILE));
  if (!surfaceFile) throw new Error(`${SURFACE_FILE} is not in the program.`);
  const surfaceOf = surfaceFile.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "SurfaceOf",
  );
  if (!surfaceOf) throw new Error("SurfaceOf is not declared in the surface.");
  const map = checker.getTypeAtLocation(surfaceOf.name);
  const missing: string[] = [];
  for (const [name, where] of officeSymbolsUsed(program, files)) {
    const parts = name.split(".");
    if (parts[0] !== "Excel" && parts[0] !== "OfficeExtension") continue;
    // The longest prefix the surface names ("Excel.Range"), then the rest as members.
    let prefix = parts.length;
    while (prefix > 0 && !map.getProperty(parts.slice(0, prefix).join("."))) prefix -= 1;
    const entry = map.getProperty(parts.slice(0, prefix).join("."));
    let type = entry ? checker.getTypeOfSymbol(entry) : undefined;
    for (const member of parts.slice(prefix)) {
      const property = type?.getProperty(member);
      type = property ? checker.getTypeOfSymbol(property) : undefined;
    }
    if (!type) missing.push(`${name} (${where})`);
  }
  return missing.sort();
}

it("every Excel member the add-in uses is in the typed surface the emulation implements", () => {
  const files = srcFiles(program).filter((f) => f !== PROBE);
  const used = [...officeSymbolsUsed(program, files).keys()].filter((n) => n.startsWith("Excel."));
  expect(used).toEqual(
    expect.arrayContaining(["Excel.run", "Excel.Range.values", "Excel.Worksheet.getRange"]),
  );
  expect(missingFromSurface(files)).toEqual([]);
});

it("names a member the add-in would start to use that the surface (and so the emulation) lacks", () => {
  expect(missingFromSurface([PROBE])).toEqual([
    `Excel.RangeFormat.columnWidth (${PROBE}:3)`,
    `Excel.Worksheet.getCell (${PROBE}:3)`,
  ]);
});
