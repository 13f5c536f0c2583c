// The target catalog and the columns per sheet layout as an estimator meets them (issue 25), in
// English and in Russian, in a pane 320 px wide: Preview says why it waits without a catalog; a
// name the add-in has not seen is said before the check, and its refusal at Import names the
// catalog and the fix with the status only under "Show details"; the catalog is picked from the
// list; a sheet with the user's own headers is imported with columns the user chose, then a second
// sheet with other headers into the same catalog takes its own columns and mentions the remembered
// choice. Every screen is scanned for an HTTP status or an API field name outside the details,
// checked by axe-core and saved as test-output/catalog-picker-<lang>-<step>.png.
import { mkdirSync } from "fs";
import path from "path";
import type { Locator } from "playwright-core";
import { openWorkbench, TEST_OUTPUT_DIR, type WorkbenchSession } from "./harness";
import { axeSerious, plainTextFaults, settled, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 300_000;
const PANE_WIDTH = 320;
const PLATFORM_CATALOG = "Materials";
const UNSEEN = "Prices 2027";

interface Words {
  path: string;
  own: (string | number | null)[][];
  other: (string | number | null)[][];
  unseen: RegExp;
  platform: RegExp;
  needsCatalog: RegExp;
  refused: RegExp;
  differs: RegExp;
}

// The user's own headers (no Code column the engine recognises) and a second layout it reads.
const LANGUAGES: Record<"en" | "ru", Words> = {
  en: {
    path: "/workbench.html",
    own: [
      ["Item", "Description", "Cost", "UoM"],
      ["91", "Roofing", null, null],
      ["91.1", "Bitumen membrane", 12, "m2"],
    ],
    other: [
      ["Name", "Code", "Unit", "Price"],
      ["Walls", "92", null, null],
      ["Brick wall", "92.1", "m2", 22],
    ],
    unseen: /has not seen a catalog “Prices 2027”: it may still exist/,
    platform: /“Materials” is a catalog of your company/,
    needsCatalog: /Preview needs the catalog to import into/,
    refused: /has no catalog “Prices 2027” in .+ Choose the catalog from the list or correct its name/,
    differs: /You chose other columns for “Materials” before, for a sheet with other headers/,
  },
  ru: {
    path: "/workbench.html?displayLanguage=ru-RU",
    own: [
      ["Поз.", "Описание", "Стоимость", "Ед. изм."],
      ["91", "Кровля", null, null],
      ["91.1", "Битумная мембрана", 12, "м2"],
    ],
    other: [
      ["Наименование", "Код", "Ед. изм.", "Цена"],
      ["Стены", "92", null, null],
      ["Кирпичная стена", "92.1", "м2", 22],
    ],
    unseen: /Надстройка не видела каталога «Prices 2027»: он может существовать/,
    platform: /«Materials» — каталог вашей компании/,
    needsCatalog: /Для предпросмотра нужен каталог/,
    refused: /нет каталога «Prices 2027», или он вам не виден\. Выберите каталог из списка/,
    differs: /Раньше для «Materials» были выбраны другие столбцы — для листа с другими заголовками/,
  },
};

describe.each(Object.entries(LANGUAGES))(
  "The target catalog and the columns per layout (%s)",
  (lang, words) => {
    let wb: WorkbenchSession;

    beforeAll(async () => {
      mkdirSync(TEST_OUTPUT_DIR, { recursive: true });
      wb = await openWorkbench({ path: words.path });
    }, BROWSER_TIMEOUT_MS);
    afterAll(async () => {
      await wb?.close();
    }, BROWSER_TIMEOUT_MS);

    /** Saves the pane (scrolled to `show`), checks its words and runs axe over it. */
    async function screen(step: string, show?: Locator): Promise<void> {
      if (show) await show.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await settled(wb.page);
      await wb.page
        .locator("#wb-pane")
        .screenshot({ path: path.join(TEST_OUTPUT_DIR, `catalog-picker-${lang}-${step}.png`) });
      expect(await plainTextFaults(wb.page)).toEqual([]);
      expect(await axeSerious(wb.page)).toEqual([]);
    }

    it(
      "says what it knows of a catalog before the check, picks it from the list, and keeps columns per layout",
      async () => {
        const { page } = wb;
        const app = page.locator("#app");
        await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
        await signInAgain(page, wb.emulator);
        await page.evaluate(
          ({ own, other }) => {
            window.__workbench.setCells("Own", "A1", own);
            window.__workbench.setCells("Other", "A1", other);
          },
          { own: words.own, other: words.other },
        );
        await app.getByTestId("import-source").waitFor();
        const catalog = app.locator('input[name="catalogName"]');
        const status = app.getByTestId("import-catalog-status");

        // A name the add-in has not seen: said as it is typed, before any check.
        await catalog.fill(UNSEEN);
        await expect(status.getAttribute("data-status")).resolves.toBe("unseen");
        await expect(status.textContent()).resolves.toMatch(words.unseen);
        await page.keyboard.press("Escape");
        await expect(app.getByTestId("import-check").count()).resolves.toBe(0);
        await screen("unseen", catalog);

        // Checked without a catalog: Preview waits and says why; nothing says "ready to preview".
        await catalog.fill("");
        await page.keyboard.press("Escape");
        await page.evaluate(() => window.__workbench.select("Other", "A1"));
        await app.locator('button[name="useSelection"]').click();
        await app.getByTestId("import-check").waitFor();
        await expect(app.locator('button[name="toPreview"]').isDisabled()).resolves.toBe(true);
        await expect(app.getByTestId("import-preview-why").textContent()).resolves.toMatch(
          words.needsCatalog,
        );
        await screen("no-catalog", app.getByTestId("import-check"));
        await catalog.fill(UNSEEN);
        await page.keyboard.press("Escape");
        await expect(app.locator('button[name="toPreview"]').isEnabled()).resolves.toBe(true);

        // Imported anyway: the refusal names the catalog and the fix; the status is in the details.
        await app.locator('button[name="toPreview"]').click();
        await app.locator('button[name="startImport"]').click();
        const error = app.getByTestId("import-error");
        await error.waitFor({ timeout: 60_000 });
        await expect(error.textContent()).resolves.toMatch(words.refused);
        await screen("refused");
        await app.locator(".fui-messagebar button[aria-expanded]").click();
        await expect(app.getByTestId("message-details").textContent()).resolves.toMatch(/HTTP 404/);
        await app.locator('button[name="copyDetails"]').waitFor();
        await screen("refused-details");
        await app.locator('button[name="importAgain"]').click();
        await app.getByTestId("import-source").waitFor();

        // The catalog picked from the list: the company's catalogs, each saying where it comes from.
        await catalog.click();
        await catalog.fill("");
        const option = app.getByRole("option", { name: new RegExp(`^${PLATFORM_CATALOG}`) });
        await option.waitFor();
        await screen("list", catalog);
        await option.click();
        await expect(catalog.inputValue()).resolves.toBe(PLATFORM_CATALOG);
        await expect(status.getAttribute("data-status")).resolves.toBe("platform");
        await expect(status.textContent()).resolves.toMatch(words.platform);
        await screen("picked", catalog);

        // The user's own headers: no Code column found, the user says which column is which.
        await page.evaluate(() => window.__workbench.select("Own", "A1"));
        await app.locator('button[name="useSelection"]').click();
        await app.getByTestId("import-range").filter({ hasText: "Own!" }).waitFor();
        // No header names a Code column: the editor is open, asking which column is which.
        const editor = app.getByTestId("import-mapping-edit");
        await screen("own-columns", app.getByTestId("import-check"));
        await expect(editor.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
        for (const [field, letter] of [
          ["Code", "A"],
          ["Name", "B"],
          ["Price", "C"],
          ["Unit", "D"],
        ] as const) {
          await app.locator(`select[name="mapping-${field}"]`).selectOption(letter);
        }
        await app.getByTestId("import-check-summary").filter({ hasText: /\b0\b/ }).waitFor();
        await expect(app.locator('button[name="toPreview"]').isEnabled()).resolves.toBe(true);
        await app.locator('button[name="toPreview"]').click();
        await app.locator('button[name="startImport"]').click();
        await app.getByTestId("import-counts").waitFor({ timeout: 60_000 });
        await expect(app.getByTestId("import-counts").textContent()).resolves.toMatch(/2/);
        await app.locator('button[name="importAgain"]').click();
        await app.getByTestId("import-source").waitFor();

        // A second sheet with other headers into the same catalog: its own columns, and the
        // remembered choice mentioned with one click to use it.
        await page.evaluate(() => window.__workbench.select("Other", "A1"));
        await app.locator('button[name="useSelection"]').click();
        await app.getByTestId("import-range").filter({ hasText: "Other!" }).waitFor();
        const remembered = app.getByTestId("import-remembered");
        await expect(remembered.getAttribute("data-fit")).resolves.toBe("differs");
        await expect(remembered.textContent()).resolves.toMatch(words.differs);
        await app.locator('button[name="applyRemembered"]').waitFor();
        await expect(app.locator('select[name="mapping-Code"]').inputValue()).resolves.toBe("B");
        await screen("second-sheet", app.getByTestId("import-check"));
        await app.locator('button[name="toPreview"]').click();
        await app.locator('button[name="startImport"]').click();
        await app.getByTestId("import-counts").waitFor({ timeout: 60_000 });
        await expect(app.getByTestId("import-counts").textContent()).resolves.toMatch(/2/);
        await screen("second-result");
        // The browser logs the refused import's 404 itself; nothing else went wrong on the page.
        expect(wb.pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
      },
      BROWSER_TIMEOUT_MS,
    );
  },
);
