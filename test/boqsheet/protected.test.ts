// A protected sheet (issue 42, item 5): Excel's default protection refuses the rows, formats,
// outline and values a refresh or an insert changes. The add-in asks first and names the sheet to
// unprotect, having changed nothing: not a cell, not the outline, not the document's settings,
// and (for a refresh asked before anything) not a request to the platform.
import type { OfficeEmulation } from "../../dev/office-emulation";
import { insertBoqSheet, refreshActiveBoqSheet, type BoqSheetDeps } from "../../src/boqsheet";
import { insertFormulaJourney } from "../../src/boqsheet/formulaJourney";
import { errorText } from "../../src/i18n";
import { HEADER_LANGUAGE_KEY } from "../../src/workbook";
import type { MemoryDocumentSettings } from "../../src/workbook/documentSettings";
import { estimate, row } from "../boq/rows";
import { fakeData, journey, newPlatform, type FakePlatform, CHOICE, SHEET } from "./fakes";

const UNPROTECT = `Sheet "${SHEET}" is protected, so nothing was changed: unprotect it (Review > Unprotect Sheet) and try again.`;

let excel: OfficeEmulation;
let platform: FakePlatform;
let settings: MemoryDocumentSettings;
let deps: BoqSheetDeps;

beforeEach(() => {
  platform = newPlatform(estimate());
  ({ excel, deps, settings } = journey(fakeData(platform).data));
});

async function protect(sheet: string): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).protection.protect();
    await context.sync();
  });
}

/** The workbook as a file would hold it (cells, formats, outline, hidden rows) and the settings. */
function everything(): string {
  excel.saveWorkbook();
  return JSON.stringify({ file: excel.savedFile(), settings: settings.get("boqBridge.boqSheets") });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  );
}

/** The platform now: A removed, B changed, E added: a refresh would delete, write and insert rows. */
function changeOnThePlatform(): void {
  platform.rows = estimate()
    .filter((r) => r.Id !== "a")
    .map((r) => (r.Id === "b" ? { ...r, Value: 4, TotalCost: 40 } : r));
  platform.rows.push(row("e", "s2", { Value: 2, ValueCost: 5, TotalCost: 10 }));
}

describe("Refresh this BOQ sheet on a protected sheet", () => {
  it("leaves every cell as it was, names the sheet, and asks the platform nothing", async () => {
    await insertBoqSheet(deps, CHOICE);
    changeOnThePlatform();
    await protect(SHEET);
    const before = everything();
    const calls = platform.calls.length;
    const error = await failure(refreshActiveBoqSheet(deps));
    expect(error).toMatchObject({ code: "sheet-protected" });
    expect(errorText(error)).toBe(UNPROTECT);
    expect(everything()).toBe(before);
    expect(platform.calls.length).toBe(calls);
  });

  it("changes nothing when the sheet was protected while the user was asked", async () => {
    await insertBoqSheet(deps, CHOICE);
    changeOnThePlatform();
    excel.setCells(SHEET, "E15", [[9]]); // B's platform quantity typed over: the refresh asks first
    const step = await refreshActiveBoqSheet(deps);
    if (step.kind !== "confirm") throw new Error(`expected a question, got ${step.kind}`);
    await protect(SHEET);
    const before = everything();
    const error = await failure(step.proceed());
    expect(errorText(error)).toBe(UNPROTECT);
    expect(everything()).toBe(before);
  });

  it("changes nothing when a sheet of the earlier layout was protected before it is made again", async () => {
    const written = await insertBoqSheet(deps, CHOICE);
    const sources = settings.get("boqBridge.boqSheets") as Record<string, Record<string, unknown>>;
    const { layout: _layout, ...earlier } = sources[written.sheetId] ?? {};
    settings.set("boqBridge.boqSheets", { [written.sheetId]: earlier });
    const step = await refreshActiveBoqSheet(deps);
    if (step.kind !== "rebuild") throw new Error(`expected the rebuild question, got ${step.kind}`);
    await protect(SHEET);
    const before = everything();
    const error = await failure(step.proceed());
    expect(errorText(error)).toBe(UNPROTECT);
    expect(everything()).toBe(before);
  });
});

describe("Insert formula on a protected sheet", () => {
  const spec = {
    formula: () => "=1+1",
    settle: () => Promise.resolve({ ok: true as const, rows: 1, columns: 1 }),
  };

  it("is refused when the target is checked, naming the sheet", async () => {
    excel.setCells("Notes", "B2", [["keep"]]);
    excel.select("Notes", "B3");
    await protect("Notes");
    const formula = insertFormulaJourney((batch) => excel.run(batch), settings, spec);
    const error = await failure(formula.check({}));
    expect(errorText(error)).toBe(
      'Sheet "Notes" is protected, so nothing was changed: unprotect it (Review > Unprotect Sheet) and try again.',
    );
  });

  it("chooses no header language and writes nothing when the sheet was protected after the check", async () => {
    excel.select("Notes", "B3");
    const formula = insertFormulaJourney((batch) => excel.run(batch), settings, spec);
    const target = await formula.check({});
    await protect("Notes");
    const before = everything();
    const error = await failure(formula.write({}, target));
    expect(error).toMatchObject({ code: "sheet-protected" });
    expect(settings.get(HEADER_LANGUAGE_KEY) ?? undefined).toBeUndefined();
    expect(everything()).toBe(before);
  });
});
