// Acceptance 1 of issue 42, the moved row: a BOQ sheet of O'Brien Tower / Tower AR 3.2 inserted
// from the navigator; an item's adjusted quantity is a formula relative to its own row and another
// sheet points at it; the emulator then runs the analysis again with that item moved to another
// section (emulator/src/publish.ts, inPlace), and Refresh this BOQ sheet moves the row: right after
// it both the relative formula and the outside reference are right. Excel of ExcelApi 1.10
// (WORKBENCH_EXCEL_API=1.10) has no Range.moveTo: there the relative formula is right and the
// outside reference shows #REF!, as the README says. Screenshot: test-output/boq-sheet-moved.png.
import type { Page } from "playwright-core";
import type {} from "../../dev/workbench/test-api"; // window.__workbench
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { signIn } from "./steps";

const BROWSER_TIMEOUT_MS = 240_000;
const OTHER_SHEET = "Catalog";
const FIRST_ROW = 13; // A1 row of the first data row
// Columns (0-based): level, code, name, unit, quantity, adjusted quantity, unit cost, …, row id.
const C = { code: 1, quantity: 4, unitCost: 6, key: 12 };
const WITHOUT_MOVE_TO = process.env["WORKBENCH_EXCEL_API"] === "1.10";

type Row = Array<string | number | boolean>;

async function rowsOf(page: Page, sheet: string): Promise<Row[]> {
  return page.evaluate((name) => window.__workbench.getValues(name, "A13:N400"), sheet);
}

let wb: WorkbenchSession;
beforeAll(async () => {
  wb = await openWorkbench();
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

it(
  "a row the analysis moved keeps its relative formula and the reference from another sheet",
  async () => {
    const { page } = wb;
    const app = page.locator("#app");
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, wb.emulator);
    await app.getByRole("tab", { name: "BOQ" }).click();
    const choose = async (label: string, typed: string, option: RegExp | string) => {
      await app.getByRole("combobox", { name: label }).fill(typed);
      await app.getByRole("option", { name: option }).first().click();
    };
    await choose("Project", "brien", "O'Brien Tower");
    const tree = app.getByRole("tree", { name: "Model" });
    for (const name of ["Architecture", "Tower AR"]) await tree.getByText(name, { exact: true }).click();
    await choose("Version and analysis", "3.2", /^Version 3\.2 /);
    await app.getByRole("button", { name: "Insert BOQ sheet" }).click();
    await app.getByTestId("nav-notice").waitFor();
    const sheet = (await page.evaluate(() => window.__workbench.sheets())).find((s) => s.active)?.name ?? "";
    expect(sheet).toMatch(/^BOQ /);
    const ref = `'${sheet.replace(/'/g, "''")}'`;

    // An item X of the first section, and the last item T of another one, where X will go.
    const before = await rowsOf(page, sheet);
    const items = before.flatMap((r, i) =>
      String(r[C.key]).startsWith("id:") && r[C.quantity] !== "" && Number(r[C.unitCost]) > 0 ? [i] : [],
    );
    const code = (i: number): string => String(before[i]?.[C.code]);
    // An item whose work type keeps another one (a work type left empty would become an item itself).
    const parentOf = (i: number): string => code(i).split(".").slice(0, -1).join(".");
    const x = items.find((i) => items.some((j) => j !== i && parentOf(j) === parentOf(i))) as number;
    const section = (i: number): string => code(i).split(".")[0] ?? "";
    const t = [...items].reverse().find((i) => section(i) !== section(x)) as number;
    expect(t).toBeGreaterThan(x);
    const xRow = FIRST_ROW + x;
    const quantity = Number(before[x]?.[C.quantity]);

    // The estimator: X's adjusted quantity relative to its own quantity; another sheet points at it.
    await page.evaluate(
      ([name, row, other, r]) => {
        window.__workbench.enterFormula(name, `F${row}`, `=E${row}*2`);
        window.__workbench.enterFormula(other, "B30", `=${r}!F${row}`);
      },
      [sheet, xRow, OTHER_SHEET, ref] as const,
    );
    const outside = () => page.evaluate((other) => window.__workbench.getCell(other, "B30"), OTHER_SHEET);
    expect((await outside()).value).toBeCloseTo(quantity * 2, 6);

    // The platform runs the analysis again: X now follows T in T's section.
    const published = wb.emulator.versions.publish({
      project: "O'Brien Tower",
      model: "Tower AR",
      from: "3.2",
      inPlace: true,
      changes: { move: [{ code: code(x), after: code(t) }] },
    });
    expect(published.moved).toEqual([code(x)]);

    // Back on the BOQ sheet (typing on the other sheet activated it): its refresh is offered.
    await page.evaluate((name) => window.__workbench.activate(name), sheet);
    await app.getByRole("button", { name: "Refresh this BOQ sheet" }).click();
    const outcome = app.getByTestId("sheet-refresh-outcome");
    await outcome.waitFor();
    expect(await outcome.getByRole("alert").count()).toBe(0);
    // Said as a move (not "the bill of quantities has not changed"), and X's line names both rows.
    const said = (await outcome.textContent()) ?? "";
    expect(said).toContain("moved: 1.");
    expect(said).toMatch(new RegExp(`${code(x).replace(/\./g, "\\.")} .*moved here from row ${xRow}\\b`));
    await page.evaluate(() => window.__workbench.formulasSettled());

    const after = await rowsOf(page, sheet);
    const moved = after.findIndex((r) => r[C.code] === code(x));
    expect(moved).toBeGreaterThan(x);
    const movedRow = FIRST_ROW + moved;
    const adjustedCell = await page.evaluate(([name, a]) => window.__workbench.getCell(name, a), [
      sheet,
      `F${movedRow}`,
    ] as const);
    expect(adjustedCell.formula).toBe(`=E${movedRow}*2`);
    expect(adjustedCell.value).toBeCloseTo(quantity * 2, 6);
    const reference = await outside();
    if (WITHOUT_MOVE_TO) {
      expect(reference.text).toBe("#REF!");
    } else {
      expect(reference.formula).toBe(`=${ref}!F${movedRow}`);
      expect(reference.value).toBeCloseTo(quantity * 2, 6);
    }
    // The items shown (the sheet opens at sections and their children), the moved cell selected.
    await page.getByRole("button", { name: "Show outline level 3" }).click();
    await page.fill("#wb-namebox", `F${movedRow}`);
    await page.press("#wb-namebox", "Enter");
    await saveScreenshot(page, "boq-sheet-moved");
    expect(wb.pageErrors).toEqual([]);
  },
  BROWSER_TIMEOUT_MS,
);
