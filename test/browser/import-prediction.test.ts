// The preview's dry run in the workbench, in English and Russian at 320 px: a sheet whose rows all
// hang under a missing root (Uniclass's Ss_15…, no Ss) shows the prediction, Import asks first,
// the one-click fix adds the root row below the range (the range grows and is checked again, the
// preview shows it), then all are imported with none ignored. With error rows skipped, the
// preview's tree and counts are those of the request. English in the light theme, Russian in the
// dark. Screens in test-output/import-prediction-<lang>-<screen>.png, each checked by axe-core.
import type { Locator, Page } from "playwright-core";
import { openWorkbench, saveScreenshot, type WorkbenchSession } from "./harness";
import { axeSerious, catalogListLoaded, settled, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 300_000;
const SHEET = "Uniclass";

const WORDS = {
  en: {
    ask: "4 of 4 positions hang under “Ss”, which is not in the list: if the catalog has no “Ss”, the platform ignores them all.",
    unknownParent: "4 unknown: their parent is neither in the list nor known to be in the catalog",
    noBaseline: "This workbook has not imported into",
    added: "1 parent row was added below the range",
    positions: "2 positions",
  },
  ru: {
    ask: "4 из 4 позиций относятся к «Ss», которого нет в списке: если в каталоге нет «Ss», платформа пропустит их все.",
    unknownParent: "4 — неизвестно: их родителя нет в списке и неизвестно, есть ли он в каталоге",
    noBaseline: "Из этой книги в «",
    added: "Под диапазоном добавлена 1 родительская строка",
    positions: "2 позиции",
  },
} as const;

for (const lang of ["en", "ru"] as const) {
  const words = WORDS[lang];
  describe(`The preview's dry run (${lang})`, () => {
    let wb: WorkbenchSession;
    beforeAll(async () => {
      // The Russian pane in the dark theme, so both themes' screens are seen.
      wb = await openWorkbench(
        lang === "ru" ? { path: "/workbench.html?displayLanguage=ru-RU&theme=dark" } : {},
      );
    }, BROWSER_TIMEOUT_MS);
    afterAll(async () => {
      await wb?.close();
    }, BROWSER_TIMEOUT_MS);

    async function screen(page: Page, name: string, show?: Locator): Promise<void> {
      if (show) await show.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await settled(page);
      await saveScreenshot(page, `import-prediction-${lang}-${name}`);
      expect(await axeSerious(page)).toEqual([]);
    }

    /** A new catalog in the signed-in user's company, so the test sees only its own positions. */
    function newCatalog(name: string): string {
      const materials = wb.emulator.catalogs.list().find((c) => c.name === "Materials");
      if (!materials) throw new Error("no Materials catalog in the emulator");
      wb.emulator.catalogs.create(materials.companyId, name);
      return name;
    }

    it(
      "asks before importing rows under a missing root, adds the root row in one click, then imports all",
      async () => {
        const { page } = wb;
        const app = page.locator("#app");
        await page.evaluate(() => window.__workbench.setPaneWidth(320));
        await signInAgain(page, wb.emulator);
        const catalog = newCatalog(`Uniclass ${lang}`);
        await app.getByTestId("import-source").waitFor();
        await catalogListLoaded(page);
        await app.locator('input[name="catalogName"]').fill(catalog);

        await page.evaluate((sheet) => {
          window.__workbench.setCells(sheet, "A1", [
            ["Code", "Name", "Price", "Unit"],
            ["Ss_15", "Earthworks systems", null, null],
            ["Ss_15_10", "Ground retention systems", 12.5, "m2"],
            ["Ss_15_10_30", "Piling systems", 40, "m"],
            ["Ss_15_20", "Ground stabilisation systems", 8, "m2"],
          ]);
          window.__workbench.select(sheet, "A1:D5");
        }, SHEET);
        await app.locator('button[name="useSelection"]').click();
        await app.getByTestId("import-check").waitFor();
        await app.locator('button[name="toPreview"]').click();
        await app.getByTestId("import-preview").waitFor();

        // The dry run, said to be one: nothing known of earlier imports; all 4 under a missing parent.
        const prediction = app.getByTestId("import-prediction");
        await app.getByTestId("prediction-unknownParent").waitFor();
        await expect(app.getByTestId("prediction-basis").textContent()).resolves.toContain(words.noBaseline);
        await expect(app.getByTestId("prediction-unknownParent").textContent()).resolves.toContain(
          words.unknownParent,
        );
        // Never "will be ignored" on a guess: the catalog may hold Ss.
        await expect(prediction.textContent()).resolves.not.toMatch(/will be ignored|будут пропущены/);
        await app.getByTestId("prediction-unknownParent-toggle").click();
        await expect(app.getByTestId("prediction-unknownParent-rows").locator("li").count()).resolves.toBe(4);
        await expect(app.getByTestId("prediction-unknownParent-rows").textContent()).resolves.toContain(
          "2: Ss_15",
        );
        await expect(app.getByTestId("prediction-missing").count()).resolves.toBe(1);
        await screen(page, "preview", prediction);

        // Import asks first, with the sentence and the fix.
        await app.locator('button[name="startImport"]').click();
        const ask = app.getByTestId("import-ask");
        await ask.waitFor();
        await expect(ask.textContent()).resolves.toContain(words.ask);
        // Said once: the warning under the counts gives way to the question.
        await expect(app.getByTestId("prediction-missing").count()).resolves.toBe(0);
        await screen(page, "ask", ask);

        // One click: the root row below the range, the range grown, checked again.
        await ask.locator('button[name="addParents"]').click();
        await app.getByTestId("import-check").waitFor();
        await expect(app.getByTestId("import-range").textContent()).resolves.toContain(`${SHEET}!A1:D6`);
        await expect(app.getByTestId("import-check").textContent()).resolves.toContain(words.added);
        const added = await page.evaluate((sheet) => window.__workbench.getValues(sheet, "A6:B6"), SHEET);
        expect(added[0]?.[0]).toBe("Ss");
        expect(String(added[0]?.[1])).toContain("Ss");
        await screen(page, "added", app.getByTestId("import-check"));

        // The preview shows the root; nothing is asked; all five are imported, none ignored.
        await app.locator('button[name="toPreview"]').click();
        await app.getByTestId("import-preview").waitFor();
        await app.getByTestId("prediction-unknown").waitFor();
        await expect(app.getByTestId("prediction-unknownParent").count()).resolves.toBe(0);
        await expect(app.getByRole("tree").getByRole("treeitem").first().textContent()).resolves.toContain(
          "Ss",
        );
        await screen(page, "preview-fixed", prediction);
        await app.locator('button[name="startImport"]').click();
        await app.getByTestId("import-result").waitFor({ timeout: 60_000 });
        await app.locator('button[name="openSummary"]').waitFor({ timeout: 60_000 });
        const held = wb.emulator.catalogs.list().find((c) => c.name === catalog);
        expect(held?.positions).toBe(5);
        const ignoredSheet = await page.evaluate(() =>
          window.__workbench.sheets().some((s) => /^(Ignored|Пропущен)/.test(s.name)),
        );
        expect(ignoredSheet).toBe(false);
        await app.locator('button[name="importAgain"]').click();
        await app.getByTestId("import-source").waitFor();
      },
      BROWSER_TIMEOUT_MS,
    );

    it(
      "with error rows skipped, the preview's tree and counts are those of the request",
      async () => {
        const { page } = wb;
        const app = page.locator("#app");
        const catalog = newCatalog(`Skipped ${lang}`);
        await catalogListLoaded(page);
        await app.locator('input[name="catalogName"]').fill(catalog);
        await page.evaluate(() => {
          window.__workbench.setCells("Frames", "A1", [
            ["Code", "Name", "Price"],
            ["10", "Frames", 1],
            ["10.1", "Steel frames", 2],
            ["10.2", "Timber frames", "not a price"],
            ["10.3", "Concrete frames", "x"],
          ]);
          window.__workbench.select("Frames", "A1:C5");
        });
        await app.locator('button[name="useSelection"]').click();
        await app.getByTestId("import-check").waitFor();
        await app.locator('input[name="skipErrorRows"]').check();
        await app.locator('button[name="toPreview"]').click();
        await app.getByTestId("import-preview").waitFor();
        await expect(app.getByTestId("import-send").textContent()).resolves.toContain(words.positions);
        const tree = app.getByRole("tree");
        await tree.getByRole("treeitem").first().focus();
        await page.keyboard.press("ArrowRight");
        await tree.getByRole("treeitem", { name: /10\.1 Steel frames/ }).waitFor();
        await expect(tree.getByRole("treeitem").count()).resolves.toBe(2);
        const levels = await app.getByTestId("import-preview").locator("li.fui-caption").allTextContents();
        expect(levels.filter((l) => /2: 1$/.test(l))).toHaveLength(1);
        expect(levels.some((l) => /2: 3$/.test(l))).toBe(false);
        await app.getByTestId("prediction-unknown").waitFor();
        await expect(app.getByTestId("prediction-unknown").textContent()).resolves.toMatch(/^2 /);
        await screen(page, "skipped", app.getByTestId("import-send"));
      },
      BROWSER_TIMEOUT_MS,
    );
  });
}
