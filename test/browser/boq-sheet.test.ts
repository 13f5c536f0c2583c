// The BOQ sheet as an estimator works in it across a refresh, in the workbench (320 px pane, dark,
// English and Russian): Insert BOQ sheet from the navigator; Refresh this BOQ sheet offered only
// while a BOQ sheet is active; a quantity adjusted in the estimator's column, a formula on another
// sheet pointing at that row, a platform quantity typed over; then the platform's BOQ changes (a
// quantity, a position lost above the adjusted row, one gained) and Refresh asks about the typed-
// over cell, then keeps the adjustment on its row and the outside formula on it (the emulation
// rewrites references as Excel does, #REF! where cells are deleted), names and fills what changed,
// and the totals add up. Screenshots in test-output/boq-sheet-*.png.
import type { Page } from "playwright-core";
import type {} from "../../dev/workbench/test-api"; // window.__workbench
import { openWorkbench, saveScreenshot, TEST_OUTPUT_DIR, type WorkbenchSession } from "./harness";
import { axeSerious, settled, signInAgain } from "./steps";
import path from "node:path";

const BROWSER_TIMEOUT_MS = 240_000;
const PANE_WIDTH = 320;
const OTHER_SHEET = "Catalog";
const CHANGED_FILL = "#FFEB9C";
// Columns of the sheet (0-based): level, code, name, unit, quantity, adjusted quantity, unit cost,
// adjusted unit cost, total, platform total, differs, note, row id, record.
const C = { level: 0, code: 1, name: 2, quantity: 4, adjusted: 5, unitCost: 6, adjustedCost: 7, total: 8 };
const C_PLATFORM_TOTAL = 9;
const C_KEY = 12;
const FIRST_ROW = 13; // A1 row of the first data row

const RUNS = [
  {
    lang: "en",
    displayLanguage: "en-US",
    tab: "BOQ",
    project: "Project",
    model: "Model",
    modelName: "Block #2 / North",
    /** The folders to open in the model tree, then the model. */
    modelPath: ["Architecture", "Structure", "Blocks", "Block #2 / North"],
    analysis: "Version and analysis",
    version: "2.1",
    versionOption: /^Version 2\.1 /,
    insertSheet: "Insert BOQ sheet",
    refresh: "Refresh this BOQ sheet",
    added: "Added position",
    question: "Refresh would replace what you typed",
    changedWord: "Quantity",
    removedWord: "no longer in the bill of quantities",
    newWord: "new",
  },
  {
    lang: "ru",
    displayLanguage: "ru-RU",
    tab: "Ведомость",
    project: "Проект",
    model: "Модель",
    modelName: "Корпус 1",
    modelPath: ["Architecture", "Structure", "Корпус 1"],
    analysis: "Версия и анализ",
    version: "1.1",
    versionOption: /^Версия 1\.1 /,
    insertSheet: "Вставить лист ВОР",
    refresh: "Обновить этот лист ВОР",
    added: "Новая позиция",
    question: "Обновление заменит то, что вы ввели",
    changedWord: "Количество",
    removedWord: "больше нет в ведомости",
    newWord: "новая",
  },
] as const;

type Row = Array<string | number | boolean>;

const quote = (sheet: string): string => `'${sheet.replace(/'/g, "''")}'`;

async function rowsOf(page: Page, sheet: string): Promise<Row[]> {
  const all = await page.evaluate((name) => window.__workbench.getValues(name, "A13:N400"), sheet);
  return all.filter((r) => r.some((v) => v !== ""));
}

async function paneShot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.locator("#wb-pane").screenshot({ path: path.join(TEST_OUTPUT_DIR, `${name}.png`) });
}

/** Types `value` into a cell of the grid as an estimator does: click, type, Enter. */
async function typeInGrid(page: Page, a1Row: number, column: number, value: string): Promise<void> {
  await page.locator(`#wb-sheet [data-row="${a1Row - 1}"][data-col="${column}"]`).click();
  await page.keyboard.type(value);
  await page.keyboard.press("Enter");
}

describe.each(RUNS)("the BOQ sheet across a refresh ($lang, dark, 320 px)", (run) => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench({ path: `/workbench.html?theme=dark&displayLanguage=${run.displayLanguage}` });
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "keeps the adjustment and an outside formula on their row, asks before replacing a typed value, names and fills what changed",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.setViewportSize({ width: 1400, height: 1000 });
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
      await signInAgain(page, wb.emulator);

      // Insert BOQ sheet from the navigator.
      await app.getByRole("tab", { name: run.tab }).click();
      const refreshButton = app.getByRole("button", { name: run.refresh });
      expect(await refreshButton.count()).toBe(0);
      const choose = async (label: string, typed: string, option: RegExp | string) => {
        const box = app.getByRole("combobox", { name: label });
        await box.fill(typed);
        await app.getByRole("option", { name: option }).first().click();
      };
      await choose(run.project, "brien", "O'Brien Tower");
      // The model in its folder tree: open the folders, then pick it.
      const tree = app.getByRole("tree", { name: run.model });
      for (const name of run.modelPath) await tree.getByText(name, { exact: true }).click();
      await choose(run.analysis, run.version, run.versionOption);
      await app.getByRole("button", { name: run.insertSheet }).click();
      await app.getByTestId("nav-notice").waitFor();
      const sheet =
        (await page.evaluate(() => window.__workbench.sheets())).find((s) => s.active)?.name ?? "";
      expect(sheet).toMatch(/^(BOQ|ВОР) /);

      // Refresh this BOQ sheet is offered on the BOQ sheet only, and at the top of the tab.
      await refreshButton.waitFor();
      await page.evaluate((name) => window.__workbench.activate(name), OTHER_SHEET);
      await refreshButton.waitFor({ state: "detached" });
      await page.evaluate((name) => window.__workbench.activate(name), sheet);
      await refreshButton.waitFor();
      const navTitle = app.getByRole("heading", { level: 2 }).first();
      expect((await refreshButton.boundingBox())?.y ?? 1e9).toBeLessThan(
        (await navTitle.boundingBox())?.y ?? 0,
      );

      // The rows: items have a quantity and a unit cost. Z is lost on the platform (above X),
      // Y's quantity changes (and the estimator typed over it), X is adjusted, a position is
      // gained after W.
      const before = await rowsOf(page, sheet);
      const items = before.flatMap((r, i) =>
        String(r[C_KEY]).startsWith("id:") && r[C.quantity] !== "" && Number(r[C.unitCost]) > 0 ? [i] : [],
      );
      expect(items.length).toBeGreaterThan(5);
      const [z, y, x, , w] = items as [number, number, number, number, number];
      const at = (i: number): number => FIRST_ROW + i; // A1 row
      const code = (i: number): string => String(before[i]?.[C.code]);
      const xQuantity = Number(before[x]?.[C.quantity]);
      const xCost = Number(before[x]?.[C.unitCost]);
      const adjusted = Math.round(xQuantity + 7);

      // As an estimator: open the outline down to the items (the sheet opens at sections and
      // their children), then the adjusted quantity of X, typed in its own column; a quantity typed
      // over the platform's on Y; on another sheet, X's total and name by reference.
      const itemLevel = Number(before[x]?.[C.level]);
      await page.getByRole("button", { name: `Show outline level ${itemLevel}` }).click();
      await typeInGrid(page, at(x), C.adjusted, String(adjusted));
      await typeInGrid(page, at(y), C.quantity, "99");
      await page.evaluate(
        ([other, ref, row]) => {
          window.__workbench.enterFormula(other, "B30", `=${ref}!I${row}`);
          window.__workbench.enterFormula(other, "C30", `=${ref}!C${row}`);
        },
        [OTHER_SHEET, quote(sheet), at(x)] as const,
      );
      const outside = () =>
        page.evaluate((other) => window.__workbench.getValues(other, "B30:C30"), OTHER_SHEET);
      expect((await outside())[0]?.[0]).toBeCloseTo(adjusted * xCost, 6);
      await page.evaluate((name) => window.__workbench.activate(name), sheet);

      // On the platform: the analysis run again.
      const boq = {
        project: "O'Brien Tower",
        model: run.modelName,
        scheme: "Main scheme",
        version: run.version,
      };
      const yNew = Math.round(Number(before[y]?.[C.quantity]) + 10);
      wb.emulator.boq.setQuantity({ ...boq, code: code(y), value: yNew });
      wb.emulator.boq.removeRow({ ...boq, code: code(z) });
      const gained = `${code(w)}-N`;
      wb.emulator.boq.addRow({
        ...boq,
        after: code(w),
        code: gained,
        name: run.added,
        value: 5,
        unitCost: 100,
      });

      // Refresh asks first: the typed-over quantity is named with its cell.
      await refreshButton.click();
      const question = app.getByTestId("sheet-refresh-question");
      await question.waitFor();
      const asked = (await question.textContent()) ?? "";
      expect(asked).toContain(run.question);
      expect(asked).toContain(`E${at(y)}`);
      expect(asked).toContain(code(y));
      // Nothing written yet: the sheet is as the estimator left it.
      const waiting = await rowsOf(page, sheet);
      expect(waiting[y]?.[C.quantity]).toBe(99);
      expect(waiting[z]?.[C.code]).toBe(code(z));
      await paneShot(page, `boq-sheet-question-${run.lang}-dark-${PANE_WIDTH}`);
      // By keyboard: the question has the focus (its heading takes it once drawn, in an effect after
      // the frame that shows it: waited for, not assumed); Tab reaches "Replace and refresh".
      await page.waitForFunction(() => document.activeElement?.id === "sheet-refresh-question");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      const outcome = app.getByTestId("sheet-refresh-outcome").getByRole("status").first();
      await outcome.waitFor();
      const said = (await app.getByTestId("sheet-refresh-outcome").textContent()) ?? "";
      // The question gone, the keyboard is back on the button.
      await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "refreshBoqSheet");

      // X moved up one row with Z gone: its adjustment stayed on it, the outside formula followed.
      const after = await rowsOf(page, sheet);
      const x2 = x - 1;
      expect(after[x2]?.[C.code]).toBe(code(x));
      expect(after[x2]?.[C.adjusted]).toBe(adjusted);
      expect(Number(after[x2]?.[C.total])).toBeCloseTo(adjusted * xCost, 6);
      const formula = await page.evaluate(
        (other) => window.__workbench.getFormulas(other, "B30"),
        OTHER_SHEET,
      );
      expect(formula[0]?.[0]).toBe(`=${quote(sheet)}!I${at(x2)}`);
      const [total, name] = (await outside())[0] ?? [];
      expect(total).toBeCloseTo(adjusted * xCost, 6);
      expect(name).toBe(before[x]?.[C.name]);
      expect(JSON.stringify(await outside())).not.toContain("#REF!");

      // Y: the platform's new quantity replaced the typed one, filled, and named old → new.
      const y2 = y - 1;
      expect(after[y2]?.[C.quantity]).toBe(yNew);
      const yCell = await page.evaluate(([s, a]) => window.__workbench.getCell(s, a), [
        sheet,
        `E${at(y2)}`,
      ] as const);
      expect(yCell.fill).toBe(CHANGED_FILL);
      expect(said).toContain(code(y));
      expect(said).toContain(run.changedWord);
      expect(said).toContain("→");
      expect(said).toContain(`${code(z)} `);
      expect(said).toContain(run.removedWord);
      expect(said).toContain(gained);
      expect(said).toContain(run.newWord);
      const g = after.findIndex((r) => r[C.code] === gained);
      expect(g).toBeGreaterThan(x2);
      expect(after[g]?.[C.name]).toBe(run.added);

      // Totals, by hand: each section's total is its items' (adjusted where given) quantity ×
      // unit cost; the grand total is the platform's plus what the adjustment adds.
      const level = (r: Row | undefined) => Number(r?.[C.level]);
      const xSectionEnd = after.findIndex(
        (r, i) => i > x2 && String(r[C_KEY]).startsWith("end:") && level(r) === level(after[x2]) - 1,
      );
      let heading = x2;
      while (heading >= 0 && !(level(after[heading]) === level(after[x2]) - 1)) heading -= 1;
      let sum = 0;
      for (let i = heading + 1; i < xSectionEnd; i += 1) {
        const r = after[i];
        if (!r || !String(r[C_KEY]).startsWith("id:") || r[C.quantity] === "") continue;
        const q = r[C.adjusted] === "" ? Number(r[C.quantity]) : Number(r[C.adjusted]);
        const c = r[C.adjustedCost] === "" ? Number(r[C.unitCost]) : Number(r[C.adjustedCost]);
        sum += q * c;
      }
      expect(Number(after[xSectionEnd]?.[C.total])).toBeCloseTo(sum, 2);
      const delta = (adjusted - xQuantity) * xCost;
      expect(Number(after[xSectionEnd]?.[C.total])).toBeCloseTo(
        Number(after[xSectionEnd]?.[C_PLATFORM_TOTAL]) + delta,
        2,
      );
      const grand = after[after.length - 1];
      expect(grand?.[C_KEY]).toBe("total");
      expect(Number(grand?.[C.total])).toBeCloseTo(Number(grand?.[C_PLATFORM_TOTAL]) + delta, 2);

      await paneShot(page, `boq-sheet-refreshed-${run.lang}-dark-${PANE_WIDTH}`);
      // The grid around the changes: the outline stays open as the estimator left it.
      await page.locator(`#wb-sheet [data-row="${at(y2) - 1}"][data-col="4"]`).scrollIntoViewIfNeeded();
      await settled(page);
      await saveScreenshot(page, `boq-sheet-refreshed-grid-${run.lang}-dark-${PANE_WIDTH}`);
      expect(await axeSerious(page)).toEqual([]);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
