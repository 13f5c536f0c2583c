// The BOQ navigator as an estimator meets it, at 320 px in the dark and the light theme, in English
// and Russian:
// the models in their folder tree (the union model marked), an analysis's details, the preview of
// its bill of quantities before anything is inserted (fetched once: inserting asks the platform
// nothing more), a renamed scheme under both ways the platform may list it (offered by its
// original name with the current one beside it, or refused with the reason and nothing inserted),
// and Insert formula that asks before replacing anything and works in a Text-formatted cell; the
// first formula of the workbook fixes the language of the functions' headers (said, and kept in the
// workbook). Screenshots in test-output/boq-nav-*-{dark,light}-320.png; an axe check of each screen
// in both themes.
import type { Locator, Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, settled, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";

interface Words {
  tab: string;
  project: string;
  analysis: string;
  scheme: string;
  insert: string;
}

const EN: Words = {
  tab: "BOQ",
  project: "Project",
  analysis: "Version and analysis",
  scheme: "Priority scheme",
  insert: "Insert formula",
};
const RU: Words = {
  tab: "Ведомость",
  project: "Проект",
  analysis: "Версия и анализ",
  scheme: "Схема приоритетов",
  insert: "Вставить формулу",
};

/** Opens the workbench at 320 px, dark, in `language`, signed in, on the BOQ tab. */
async function open(language: string, words: Words, variations = {}) {
  const requests: string[] = [];
  const wb = await openWorkbench({
    path: `/workbench.html?theme=dark&displayLanguage=${language}`,
    emulator: { variations, log: (line) => requests.push(line) },
  });
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 2300 });
  await signInAgain(page, wb.emulator);
  await page.evaluate(() => window.__workbench.setPaneWidth(320));
  await page.locator("#app").getByRole("tab", { name: words.tab }).click();
  return { wb, requests };
}

async function choose(app: Locator, label: string, typed: string, option: string | RegExp): Promise<void> {
  const box = app.getByRole("combobox", { name: label });
  await box.fill(typed);
  await app.getByRole("option", { name: option }).first().click();
}

/** Opens the folders of `path` in the model tree and picks the model at its end. */
async function pickModel(app: Locator, path: string[]): Promise<void> {
  const tree = app.getByRole("tree");
  for (const name of path) await tree.getByText(name, { exact: true }).click();
}

/** Screenshots the pane as it is (dark), then the same screen in the light theme, and back. */
async function pane(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.locator("#wb-pane").screenshot({ path: await saveScreenshot(page, name) });
  expect(await axeSerious(page)).toEqual([]);
  await page.evaluate(() => window.__workbench.setOfficeTheme("light"));
  await page.locator('#app .fui-root[data-theme="light"]').first().waitFor();
  await settled(page);
  await page
    .locator("#wb-pane")
    .screenshot({ path: await saveScreenshot(page, name.replace("-dark-", "-light-")) });
  expect(await axeSerious(page)).toEqual([]);
  await page.evaluate(() => window.__workbench.setOfficeTheme("dark"));
  await page.locator('#app .fui-root[data-theme="dark"]').first().waitFor();
}

/** The header row a formula at `address` spilled (eight columns: the navigator's formula). */
async function headerRow(page: Page, address: string): Promise<unknown[]> {
  const [row] = await page.evaluate(({ sheet, at }) => window.__workbench.getValues(sheet, at), {
    sheet: SHEET,
    at: address,
  });
  return row ?? [];
}

function boqRequests(lines: readonly string[]): number {
  return lines.filter((l) => l.includes("UnionTree")).length;
}

async function selectCell(page: Page, address: string): Promise<void> {
  await page.fill("#wb-namebox", address);
  await page.press("#wb-namebox", "Enter");
}

describe("the BOQ navigator in English, 320 px, dark", () => {
  let wb: WorkbenchSession;
  let requests: string[];
  beforeAll(async () => {
    ({ wb, requests } = await open("en-US", EN));
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "shows the models in their folder tree, an analysis's details and a preview fetched once for the insert",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await choose(app, EN.project, "brien", "O'Brien Tower");
      const tree = app.getByRole("tree", { name: "Model" });
      await expect(tree.getByRole("treeitem").first().textContent()).resolves.toContain("union model");
      await pickModel(app, ["Architecture", "Structure", "Blocks"]);
      await pickModel(app, ["Tower AR"]);
      expect(await tree.locator('[aria-expanded="true"]').count()).toBe(3);
      await pane(page, "boq-nav-tree-en-dark-320");

      await choose(app, EN.analysis, "3.2", /Version 3\.2/);
      const details = app.getByTestId("analysis-details");
      await expect(details.textContent()).resolves.toMatch(/StatusCalculated/);
      await expect(details.textContent()).resolves.toMatch(/Total cost[\d,]+\.\d\d/);
      const preview = app.getByTestId("boq-preview");
      await preview.locator("table").waitFor();
      const facts = (await preview.textContent()) ?? "";
      const rows = Number(/Rows([\d,]+)/.exec(facts)?.[1]?.replace(/,/g, ""));
      expect(rows).toBeGreaterThan(10);
      expect(facts).toMatch(/Levels\d/);
      expect(await preview.locator("tbody tr").count()).toBe(5);
      expect(boqRequests(requests)).toBe(1);
      await pane(page, "boq-nav-preview-en-dark-320");

      // Inserted where nothing is in the way: the spill is the previewed BOQ, with no new request.
      await selectCell(page, "AA1");
      await app.getByRole("button", { name: EN.insert }).click();
      const notice = app.getByTestId("nav-notice").filter({ hasText: "shows the bill of quantities" });
      await notice.waitFor();
      expect(await notice.textContent()).toContain(`a header and ${rows.toLocaleString("en-US")} rows`);
      // The workbook's first PLATFORM formula: its headers' language is chosen, said and kept.
      expect(await notice.textContent()).toContain(
        "Headers of PLATFORM formulas in this workbook are in English",
      );
      expect(await page.evaluate(() => window.__workbench.documentSettings())).toMatchObject({
        "boq-bridge.headerLanguage.v1": "en",
      });
      expect(await headerRow(page, "AA1:AH1")).toEqual([
        "Level",
        "Catalog",
        "Code",
        "Name",
        "Unit",
        "Quantity",
        "Unit cost",
        "Total",
      ]);
      expect(boqRequests(requests)).toBe(1);
      expect(wb.pageErrors).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "asks before writing over a filled cell, and leaves it as it was when the estimator cancels",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate((s) => window.__workbench.setCells(s, "K40", [["keep me"]]), SHEET);
      await selectCell(page, "K40");
      await app.getByRole("button", { name: EN.insert }).click();
      const ask = app.getByTestId("formula-ask");
      await ask.waitFor();
      expect(await ask.textContent()).toMatch(/K40 is not empty: the formula would replace what is in it/);
      await pane(page, "boq-nav-ask-en-dark-320");
      await ask.getByRole("button", { name: "Cancel" }).click();
      await app.getByTestId("nav-notice").filter({ hasText: "Nothing was inserted." }).waitFor();
      expect((await page.evaluate((s) => window.__workbench.getCell(s, "K40"), SHEET)).value).toBe("keep me");

      // Data further down, where the result would spill: said as such.
      await selectCell(page, "K30");
      await app.getByRole("button", { name: EN.insert }).click();
      await ask.waitFor();
      expect(await ask.textContent()).toMatch(/K\d+:\w+ holds data where the bill of quantities would spill/);
      await ask.getByRole("button", { name: "Insert anyway" }).click();
      const notice = app.getByTestId("nav-notice").filter({ hasText: "#SPILL!" });
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/K30 shows #SPILL!: cells below or to the right/);
      expect((await page.evaluate((s) => window.__workbench.getCell(s, "K40"), SHEET)).value).toBe("keep me");
      await pane(page, "boq-nav-spill-blocked-en-dark-320");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "writes a working formula into a Text-formatted cell and says what it shows",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate(() =>
        Excel.run(async (context) => {
          context.workbook.worksheets.getItem("Catalog").getRange("AK1").numberFormat = [["@"]];
          await context.sync();
        }),
      );
      await selectCell(page, "AK1");
      await app.getByRole("button", { name: EN.insert }).click();
      const notice = app.getByTestId("nav-notice").filter({ hasText: "shows the bill of quantities" });
      await notice.waitFor();
      expect(await notice.textContent()).toContain("it is now General");
      // Not the workbook's first formula: the headers' language was chosen before.
      expect(await notice.textContent()).not.toContain("Headers of PLATFORM formulas");
      const cell = await page.evaluate((s) => window.__workbench.getCell(s, "AK1"), SHEET);
      expect(cell.formula).toMatch(/^=PLATFORM\.BOQ\(/);
      expect(cell.value).toBe("Level");
      await pane(page, "boq-nav-text-cell-en-dark-320");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "offers a renamed scheme by the original name the analysis lists, with its current name beside it",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await choose(app, EN.scheme, "Supplier", /Supplier prices \(now “Supplier prices 2025”\)/);
      await app.getByTestId("boq-preview").locator("table").waitFor();
      // Enabled once the preview stands (the check is not made in the same instant the table appears).
      await app.getByRole("button", { name: EN.insert, disabled: false }).waitFor();
      // What the Insert of the previous test said was of another scheme: it is not left beside this one.
      expect(await app.getByTestId("nav-notice").count()).toBe(0);
      await pane(page, "boq-nav-renamed-original-en-dark-320");
    },
    BROWSER_TIMEOUT_MS,
  );
  it(
    "changes the workbook's header language in Settings, and every formula's header row follows",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await app.locator('button[name="openSettings"]').click();
      const headers = app.getByRole("combobox", { name: "Headers of PLATFORM formulas in this workbook" });
      expect(await headers.inputValue()).toBe("en");
      await headers.selectOption("ru");
      await pane(page, "boq-settings-headers-en-dark-320");
      const before = boqRequests(requests);
      await app.locator('button[name="saveSettings"]').click();
      await app.locator('button[name="openSettings"]').waitFor();
      await page.waitForFunction((s) => window.__workbench.getValues(s, "AA1")[0]?.[0] === "Уровень", SHEET);
      expect(await page.evaluate(() => window.__workbench.documentSettings())).toMatchObject({
        "boq-bridge.headerLanguage.v1": "ru",
      });
      // Both formulas, in the pane's English: the workbook's headers, from the kept rows.
      expect(await headerRow(page, "AA1:AH1")).toEqual(await headerRow(page, "AK1:AR1"));
      expect((await headerRow(page, "AA1:AH1")).slice(5)).toEqual(["Количество", "Цена за ед.", "Стоимость"]);
      expect(boqRequests(requests)).toBe(before);
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe("the BOQ navigator in Russian, 320 px, dark, with analyses listing current scheme names", () => {
  let wb: WorkbenchSession;
  beforeAll(async () => {
    ({ wb } = await open("ru-RU", RU, { analysisSchemesCurrentNames: true }));
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "shows the tree, the details and the preview, and a refused scheme with its reason and nothing to insert",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await choose(app, RU.project, "brien", "O'Brien Tower");
      await expect(app.getByRole("treeitem").first().textContent()).resolves.toContain("сводная модель");
      // By keyboard alone: into the tree, down to the folder, open it, down to the model, Enter.
      const tree = app.getByRole("tree");
      await tree.getByRole("treeitem").first().focus();
      await expect(tree.getByRole("treeitem").first().getAttribute("data-node-id")).resolves.toMatch(
        /^union:/,
      );
      // Each key as soon as the one before has taken effect: the tree may be drawing itself again
      // (the project's data arriving), and the key's move must still take the focus.
      for (const [key, then, open] of [
        ["ArrowDown", /^folder:\/Architecture$/, false],
        ["ArrowRight", /^folder:\/Architecture$/, true],
        ["ArrowDown", /^model:/, false],
      ] as const) {
        await page.keyboard.press(key);
        await page.waitForFunction(
          ({ source, expanded }) => {
            const active = document.activeElement;
            return (
              new RegExp(source).test(active?.getAttribute("data-node-id") ?? "") &&
              (!expanded || active?.getAttribute("aria-expanded") === "true")
            );
          },
          { source: then.source, expanded: open },
        );
      }
      await page.keyboard.press("Enter");
      await expect(tree.locator('[aria-selected="true"]').first().textContent()).resolves.toBe("Tower AR");
      await pane(page, "boq-nav-tree-ru-dark-320");
      await choose(app, RU.analysis, "3.2", /Версия 3\.2/);
      await expect(app.getByTestId("analysis-details").textContent()).resolves.toMatch(/СостояниеРассчитан/);
      await app.getByTestId("boq-preview").locator("table").waitFor();
      await pane(page, "boq-nav-preview-ru-dark-320");

      // The workbook's first formula, in Russian: the headers are chosen in Russian, and said.
      await selectCell(page, "AA1");
      await app.getByRole("button", { name: RU.insert }).click();
      // The outcome, not the notice shown while the cell is still calculating ("…AA1; ожидание…").
      const inserted = app.getByTestId("nav-notice").filter({ hasText: "Заголовки формул PLATFORM" });
      await inserted.waitFor();
      expect(await inserted.textContent()).toContain("Catalog!AA1");
      expect(await inserted.textContent()).toContain(
        "Заголовки формул PLATFORM в этой книге — на языке: русский",
      );
      expect(await headerRow(page, "AA1:AH1")).toEqual([
        "Уровень",
        "Каталог",
        "Шифр",
        "Наименование",
        "Ед. изм.",
        "Количество",
        "Цена за ед.",
        "Стоимость",
      ]);

      const before = await page.evaluate((s) => window.__workbench.getFormulas(s), SHEET);
      await choose(app, RU.scheme, "2025", "Supplier prices 2025");
      const preview = app.getByTestId("boq-preview");
      await preview.getByRole("alert").waitFor();
      expect(await preview.textContent()).toMatch(
        /Платформа не выдаёт эту ведомость по схеме «Supplier prices 2025»/,
      );
      expect(await preview.textContent()).not.toMatch(/404|SchemeNotFound/);
      expect(await app.getByRole("button", { name: RU.insert }).isDisabled()).toBe(true);
      expect(await app.getByRole("button", { name: "Вставить лист ВОР" }).isDisabled()).toBe(true);
      await pane(page, "boq-nav-renamed-refused-ru-dark-320");
      expect(await page.evaluate((s) => window.__workbench.getFormulas(s), SHEET)).toEqual(before);
      // The browser logs the refused request itself; nothing else went wrong in the page.
      expect(wb.pageErrors.filter((e) => !/^Failed to load resource: .* 404/.test(e))).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
