// Values the platform cleared, and putting them back, in the workbench as an estimator meets them
// (issue 26, item 5): the demo catalog imported, then imported again with one price and one
// currency cell left blank, against a platform that reads a field left out as 0 or "" (the
// emulator's missingFieldsReset variation). The result names the cleared values; Restore shows
// what it will send before it is sent and brings them back; History offers Undo the updates. In
// English (light theme) and Russian (dark); each screen is checked by axe-core and saved in test-output/ at the
// narrowest pane.
import type { Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Catalog";
const CATALOG = "Materials";
const PANE_WIDTH = 320;

/** What the estimator reads, per language (numbers as the pane formats them: 7,450 and 7 450). */
const WORDS = {
  en: {
    locale: "en-US",
    history: "History",
    cleared:
      "1 position lost a value the sheet did not have: its price, unit or currency was cleared by the platform.",
    clearedItem: /1\.1: price was 7,450, currency was EUR/,
    restoreItem: /price: 0 → 7,450/,
    updated: "1 updated",
    undoItem: "name: Concrete B25 W6 slab, renamed → Concrete B25 W6 foundation slab",
  },
  ru: {
    locale: "ru-RU",
    history: "Журнал",
    cleared:
      "1 позиция потеряла значение, которого не было на листе: платформа очистила её цену, единицу или валюту.",
    clearedItem: /1\.1: цена: было 7\s450, валюта: было EUR/,
    restoreItem: /цена: 0 → 7\s450/,
    updated: "Обновлена: 1",
    undoItem: "наименование: Concrete B25 W6 slab, renamed → Concrete B25 W6 foundation slab",
  },
} as const;

async function screen(page: Page, name: string): Promise<void> {
  await settled(page);
  await saveScreenshot(page, name);
  expect(await axeSerious(page)).toEqual([]);
}

/** Selects the demo table, checks it, previews and imports it; waits for the log. */
async function importDemo(page: Page): Promise<void> {
  const app = page.locator("#app");
  await app.getByTestId("import-source").waitFor();
  await catalogListLoaded(page);
  await app.locator('input[name="catalogName"]').fill(CATALOG);
  await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
  await app.locator('button[name="useSelection"]').click();
  await app.getByTestId("import-check").waitFor();
  await app.locator('button[name="toPreview"]').click();
  await app.getByTestId("import-preview").waitFor();
  await app.locator('button[name="startImport"]').click();
  await app.getByTestId("import-result").waitFor({ timeout: 60_000 });
  await app.locator('button[name="openSummary"]').waitFor({ timeout: 60_000 });
}

describe.each(["en", "ru"] as const)("Values the platform cleared (%s)", (language) => {
  const words = WORDS[language];
  let wb: WorkbenchSession;
  beforeAll(async () => {
    wb = await openWorkbench({
      // The Russian pane in the dark theme, so both themes' screens are seen.
      path: `/workbench.html?displayLanguage=${words.locale}${language === "ru" ? "&theme=dark" : ""}`,
      emulator: { variations: { missingFieldsReset: true } },
    });
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    await wb?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "are named in the result, shown before Restore sends them back, and History offers Undo",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
      await signInAgain(page, wb.emulator);
      await importDemo(page);
      await expect(app.getByTestId("import-cleared").count()).resolves.toBe(0);

      // 1.1 renamed, its price and currency cells left blank.
      await page.evaluate(
        (sheet) =>
          window.__workbench.setCells(sheet, "C3", [["Concrete B25 W6 slab, renamed", null, "m3", null]]),
        SHEET,
      );
      await app.locator('button[name="importAgain"]').click();
      await importDemo(page);
      const cleared = app.getByTestId("import-cleared");
      await cleared.waitFor();
      await expect(cleared.textContent()).resolves.toContain(words.cleared);
      await expect(cleared.textContent()).resolves.toMatch(words.clearedItem);
      await cleared.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await screen(page, `import-cleared-${language}`);

      // Restore: what is sent back, shown first.
      await app.locator('button[name="restoreValues"]').click();
      const offer = app.getByTestId("restore-offer");
      await offer.waitFor();
      await expect(offer.getAttribute("data-kind")).resolves.toBe("restore");
      await expect(app.getByTestId("restore-items").textContent()).resolves.toMatch(words.restoreItem);
      await screen(page, `import-restore-${language}`);

      await app.locator('button[name="restoreSend"]').click();
      await app.getByTestId("import-result").waitFor({ timeout: 60_000 });
      await app.locator('button[name="openSummary"]').waitFor({ timeout: 60_000 });
      await expect(app.getByTestId("import-counts").textContent()).resolves.toContain(words.updated);
      await expect(app.getByTestId("import-cleared").count()).resolves.toBe(0);
      const materials = wb.emulator.catalogs.list().find((c) => c.name === CATALOG)!;
      const tree = wb.emulator.catalogs.tree(materials.companyId, CATALOG);
      const slab = tree.flatMap((n) => n.children).find((n) => n.code === "1.1");
      expect(slab).toMatchObject({ price: 7450, currency: "EUR", name: "Concrete B25 W6 slab, renamed" });

      // History: Undo the updates of the second import, shown before anything is sent.
      await page.locator("#app").getByRole("tab", { name: words.history }).click();
      await app.getByTestId("history").waitFor();
      const entries = app.getByTestId("history-entry");
      await expect(entries.count()).resolves.toBe(3);
      // The first import only inserted: nothing to undo.
      await expect(entries.nth(2).locator('button[name="historyUndo"]').count()).resolves.toBe(0);
      await entries.nth(1).locator('button[name="historyUndo"]').click();
      await offer.waitFor();
      await expect(offer.getAttribute("data-kind")).resolves.toBe("undo");
      await expect(app.getByTestId("restore-items").textContent()).resolves.toContain(words.undoItem);
      await screen(page, `history-undo-${language}`);
      await app.locator('button[name="restoreCancel"]').click();
      await app.getByTestId("history-list").waitFor();
    },
    BROWSER_TIMEOUT_MS,
  );
});
