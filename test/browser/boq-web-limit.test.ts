// PLATFORM.BOQ past Excel on the web's limit for one result (the workbench emulates the web host,
// where a result longer than the runtime's 2,000,000-character slice stays #BUSY! for ever): the
// cell says so and how to get the data, instead of hanging; fewer columns spill.
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { signInAgain, typeFormula } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
/** End positions of the emulator's large model: 8 default columns make 120,008 cells. */
const ROWS = 15_000;
const ARGS = '"Northwind Construction", "Benchmark", "Large model", "Main scheme", "1.1", FALSE';

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench({ emulator: { demoSize: ROWS } });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

it(
  "a BOQ past the web limit says how to get it instead of staying #BUSY!, and fewer columns spill",
  async () => {
    const { page } = wb;
    expect(await page.evaluate(() => window.__workbench.host())).toBe("web");
    await signInAgain(page, wb.emulator);
    await typeFormula(page, "P2", `=PLATFORM.BOQ(${ARGS})`);
    const cell = await page.evaluate((s) => window.__workbench.getCell(s, "P2"), SHEET);
    expect(cell.text).toBe("#N/A");
    expect(cell.errorMessage).toMatch(
      /^The result has 15,000 rows and 8 columns \(120,008 cells\), more than Excel on the web takes from one function \(2 MB and 100,000 cells\)\. To get it: ask for fewer columns, set parents to FALSE/,
    );
    expect(await page.evaluate(() => window.__workbench.undeliveredResults())).toEqual([]);
    expect(await page.evaluate(() => window.__workbench.busyCells())).toEqual([]);
    await saveScreenshot(page, "boq-web-limit-message");

    await typeFormula(page, "P2", `=PLATFORM.BOQ(${ARGS}, "Code, Value")`);
    const values = await page.evaluate((s) => window.__workbench.getValues(s, "P2:Q3"), SHEET);
    expect(values[0]).toEqual(["Code", "Quantity"]);
    const lastRow = `P${2 + ROWS}`;
    const last = await page.evaluate(([s, a]) => window.__workbench.getCell(s, a), [SHEET, lastRow] as const);
    expect(last.spilledFrom).toMatch(/P2/);
    expect(await page.evaluate(() => window.__workbench.undeliveredResults())).toEqual([]);
    expect(wb.pageErrors).toEqual([]);
  },
  BROWSER_TIMEOUT_MS,
);
