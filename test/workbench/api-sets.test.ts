// The emulation's requirement sets (issue 42, item 4): dev/office-emulation/api-sets.ts says which
// ExcelApi version each member of the surface arrived with, and this test reads the same from
// @types/office-js ("[Api set: ExcelApi 1.13]" in each member's remarks), so the table is Office's.
import * as path from "node:path";
import ts from "typescript";
import { createEmulatedExcel } from "../../dev/office-emulation";
import { EXCEL_API_MEMBERS } from "../../dev/office-emulation/api-sets";
import {
  DECLARED_EXCEL_API,
  DEFAULT_REQUIREMENTS,
  NEWEST_EXCEL_API,
} from "../../dev/office-emulation/office";
import { findWriteBlockers } from "../../src/workbook";
import { ROOT, createSrcProgram } from "../architecture/rooms";

jest.setTimeout(120_000);

const SURFACE_FILE = "dev/office-emulation/surface.ts";

/** "ExcelApi 1.13" → "1.13" from a symbol's JSDoc; undefined without an ExcelApi set. */
function excelApiVersion(checker: ts.TypeChecker, symbol: ts.Symbol): string | undefined {
  const text = symbol
    .getJsDocTags(checker)
    .map((tag) => ts.displayPartsToString(tag.text))
    .join(" ");
  return /\[Api set: ExcelApi ([\d.]+)/.exec(text)?.[1];
}

/** Entity → member → version, for every member of the surface above ExcelApi 1.1, from @types/office-js. */
function versionsFromOffice(): Record<string, Record<string, string>> {
  const program = createSrcProgram({}, [SURFACE_FILE]);
  const checker = program.getTypeChecker();
  const surfaceFile = program.getSourceFile(path.join(ROOT, SURFACE_FILE));
  const surfaceOf = surfaceFile?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "SurfaceOf",
  );
  if (!surfaceOf) throw new Error("SurfaceOf is not declared in the surface.");
  const out: Record<string, Record<string, string>> = {};
  for (const entry of checker.getTypeAtLocation(surfaceOf.name).getProperties()) {
    const [namespace, entity] = entry.name.split(".");
    if (namespace !== "Excel" || entity === undefined) continue;
    const surface = checker.getTypeOfSymbol(entry);
    const excelNamespace = checker
      .getSymbolsInScope(surfaceFile as ts.SourceFile, ts.SymbolFlags.Namespace)
      .find((s) => s.name === "Excel");
    const real = excelNamespace && checker.getExportsOfModule(excelNamespace).find((s) => s.name === entity);
    if (!real) continue;
    const realType = checker.getDeclaredTypeOfSymbol(real);
    for (const member of surface.getProperties()) {
      const declared = realType.getProperty(member.name);
      const version = declared && excelApiVersion(checker, declared);
      if (version !== undefined && version !== "1.1") (out[entity] ??= {})[member.name] = version;
    }
  }
  return out;
}

it("names the ExcelApi version of every member of the surface above 1.1, as @types/office-js does", () => {
  const expected = versionsFromOffice();
  if (process.env["PRINT_API_SETS"] === "1") console.log(JSON.stringify(expected, null, 2));
  expect(EXCEL_API_MEMBERS).toEqual(expected);
});

describe("an emulated Excel of an older ExcelApi (office.js 1.1.110's own check, and Excel's at sync)", () => {
  const host = (version: string) =>
    createEmulatedExcel({
      sheets: { Sheet1: [["a"], ["b"], ["c"]] },
      requirements: { ...DEFAULT_REQUIREMENTS, ExcelApi: version },
    });

  it("defaults to the newest ExcelApi, where every member of the surface works", async () => {
    const excel = createEmulatedExcel({ sheets: { Sheet1: [["a"]] } });
    expect(excel.globals.Office.context.requirements.isSetSupported("ExcelApi", NEWEST_EXCEL_API)).toBe(true);
    await excel.run(async (context) => {
      const merged = context.workbook.worksheets
        .getItem("Sheet1")
        .getRange("A1:B2")
        .getMergedAreasOrNullObject();
      merged.load("address");
      await context.sync();
      expect(merged.isNullObject).toBe(true);
    });
  });

  it("throws ApiNotFound at the call of a method above it, with office.js's words", async () => {
    const excel = host("1.12");
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
      expect(() => range.getMergedAreasOrNullObject()).toThrow(
        expect.objectContaining({
          code: "ApiNotFound",
          httpStatusCode: 404,
          message:
            "The method or property Range.getMergedAreasOrNullObject is part of the ExcelApi 1.13 requirement set, which is not available in your version of Excel.",
        }),
      );
      await context.sync();
    });
    const old = host("1.9");
    await old.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      expect(() => sheet.getRange("1:2").group("ByRows")).toThrow(
        expect.objectContaining({ code: "ApiNotFound" }),
      );
      expect(() => sheet.showOutlineLevels(1, 0)).toThrow(expect.objectContaining({ code: "ApiNotFound" }));
      // A navigation property of 1.9 is there; one of 1.10 is not.
      expect(() => sheet.autoFilter).not.toThrow();
      await context.sync();
    });
    await host("1.8").run(async (context) => {
      expect(() => context.workbook.worksheets.getItem("Sheet1").autoFilter).toThrow(
        expect.objectContaining({ code: "ApiNotFound" }),
      );
      await context.sync();
    });
  });

  it("refuses at sync a property set or loaded above it, keeping what came before in the sync", async () => {
    const excel = host("1.10");
    const loaded = excel.run(async (context) => {
      context.application.load("decimalSeparator");
      await context.sync();
    });
    await expect(loaded).rejects.toMatchObject({
      code: "ApiNotFound",
      message: expect.stringContaining("The API you are trying to use could not be found."),
    });
    const old = host("1.8");
    const set = old.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.values = [["kept"]];
      range.format.indentLevel = 2; // ExcelApi 1.9
      await context.sync();
    });
    await expect(set).rejects.toMatchObject({ code: "ApiNotFound" });
    expect(old.values("Sheet1", "A1")).toEqual([["kept"]]);
    expect(old.cell("Sheet1", "A1")?.indentLevel).toBeUndefined();
  });

  it("answers at the declared minimum everything the add-in calls unchecked (ExcelApi 1.10)", async () => {
    const excel = host(DECLARED_EXCEL_API);
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("2:3").group("ByRows");
      sheet.showOutlineLevels(1, 0);
      sheet.getRange("2:3").ungroup("ByRows");
      sheet.getRangeByIndexes(0, 0, 1, 1).format.indentLevel = 1;
      sheet.freezePanes.freezeRows(1);
      sheet.protection.load("protected");
      await context.sync();
    });
    expect(excel.cell("Sheet1", "A1")?.indentLevel).toBe(1);
  });
});

describe("the add-in on an Excel before ExcelApi 1.13", () => {
  it("checks merged cells only where the host has them: nothing said, nothing failed before 1.13", async () => {
    const sheets = {
      Catalog: [
        ["Code", "Guid"],
        ["1", ""],
        ["2", ""],
      ],
    };
    const merge = async (excel: ReturnType<typeof createEmulatedExcel>): Promise<void> => {
      excel.setCells("Catalog", "B2", [["x"]]);
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem("Catalog").getRange("B2:B3").merge(false);
        await context.sync();
      });
    };
    const target = { sheet: "Catalog", column: "B", firstRow: 2, rowCount: 2 };
    const chosen = { rowIndex: 0, columnIndex: 0, rowCount: 3, columnCount: 2 };
    const newest = createEmulatedExcel({ sheets });
    await merge(newest);
    await expect(newest.run((context) => findWriteBlockers(context, target, chosen))).resolves.toEqual([
      { kind: "merged", cell: "B2", merged: "B2:B3" },
    ]);
    const older = createEmulatedExcel({
      sheets,
      requirements: { ...DEFAULT_REQUIREMENTS, ExcelApi: "1.12" },
    });
    await merge(older);
    await expect(older.run((context) => findWriteBlockers(context, target, chosen))).resolves.toEqual([]);
  });
});
