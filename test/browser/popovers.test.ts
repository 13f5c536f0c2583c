// A list in the pane never covers an action it does not belong to (issue 38): the catalog field's
// list floats over "Use the selection and check" in a 320 px pane, so it must be closed by the time
// the user presses that button. It closes when the name typed is one of its options, when the user
// selects other cells in the workbook, and on a press outside it; every press here is a real
// pointer click (no forced click, no Escape first), and the typed name is kept. The workbook holds
// seven catalog names that contain "Materials" (typed before), so the open list is as tall as the
// pane lets it be and does cover the button. Screenshots: test-output/popover-*.png.
import path from "path";
import type { Locator, Page } from "playwright-core";
import { openWorkbench, TEST_OUTPUT_DIR, type WorkbenchSession } from "./harness";
import { axeSerious, settled, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const PANE_WIDTH = 320;
/** src/import/store/history.ts keeps the names typed before under this setting. */
const TYPED_KEY = "boq-bridge.import.catalogs.v1";
const TYPED_BEFORE = [
  "Materials 2024",
  "Materials 2025",
  "Materials (archive)",
  "Materials – steel",
  "Materials – timber",
  "Materials – concrete",
];
/** A catalog of the demo company's projects (the platform's list), so an option of the list. */
const CATALOG = "Materials";
/** Positions on a second sheet, selected while the list is open. */
const OTHER_SHEET = "Prices";
const OTHER_CELLS = [
  ["Code", "Name", "Unit", "Price"],
  ["7", "Steel", null, null],
  ["7.1", "Rebar", "t", 650],
];
/**
 * How long a click may wait to land: as long as any other action here (Playwright's default), so a
 * busy machine is never too slow for it, and far below the test's own limit, so a list that covers
 * the button fails as the click's "intercepts pointer events", not as the test's time-out.
 */
const CLICK_LIMIT_MS = 30_000;

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench();
  const { page } = wb;
  await page.setViewportSize({ width: 1400, height: 1300 });
  // Names typed into this workbook before, saved in its file; the pane opens on the file.
  await page.locator("#app").locator('input[name="password"]').waitFor();
  await page.evaluate(({ key, names }) => window.__workbench.coauthorSaveSetting(key, names), {
    key: TYPED_KEY,
    names: TYPED_BEFORE,
  });
  await page.evaluate(() => window.__workbench.saveWorkbook());
  await Promise.all([
    page.waitForEvent("load"),
    page.evaluate(() => window.__workbench.reopenWorkbook()).catch(() => undefined),
  ]);
  await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
  await signInAgain(page, wb.emulator);
  const app = page.locator("#app");
  await app.getByTestId("import-source").waitFor();
  // The platform's list has come (the field shows what is known of a name only then).
  await app.getByTestId("import-catalog-loading").waitFor({ state: "detached" });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

function catalogField(page: Page): Locator {
  return page.locator("#app").locator('input[name="catalogName"]');
}

/** The list is open and lies over the button: a press there would land on the list. */
async function listCovers(page: Page, button: Locator): Promise<boolean> {
  const list = page.locator("#app").getByRole("listbox", { name: "Catalog on the platform" });
  const [a, b] = await Promise.all([list.boundingBox(), button.boundingBox()]);
  if (!a || !b) return false;
  return a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
}

async function screen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.locator("#wb-pane").screenshot({ path: path.join(TEST_OUTPUT_DIR, `${name}.png`) });
  expect(await axeSerious(page)).toEqual([]);
}

/** Clears the field and types `text` key by key, as a person does. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.fill("");
  await field.pressSequentially(text);
  await expect(field.inputValue()).resolves.toBe(text);
}

describe("the catalog list at 320 px", () => {
  it(
    "closes once the name typed is an option, so the next click presses the button under it",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      const field = catalogField(page);
      const button = app.locator('button[name="useSelection"]');
      await page.evaluate(() => window.__workbench.select("Catalog", "B3"));

      // On the way to the name the list is open, and it lies over the button.
      await typeInto(field, "Materia");
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("true");
      await screen(page, "popover-typing-en-320");

      // The last key makes it a catalog's name: the list has nothing left to offer and closes.
      await field.press("l");
      await field.press("s");
      await button.click({ timeout: CLICK_LIMIT_MS });
      await app.getByTestId("import-check").waitFor();
      await expect(field.inputValue()).resolves.toBe(CATALOG);
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("false");
      await screen(page, "popover-named-checked-en-320");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "closes when the user selects other cells, and the click reads them with the name kept",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      const field = catalogField(page);
      const button = app.locator('button[name="useSelection"]');
      await page.evaluate(({ sheet, cells }) => window.__workbench.setCells(sheet, "A1", cells), {
        sheet: OTHER_SHEET,
        cells: OTHER_CELLS,
      });
      // Opened to look at every name: the list lies over the button.
      await field.click();
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("true");
      expect(await listCovers(page, button)).toBe(true);
      await screen(page, "popover-open-en-320");

      // Other cells selected in the workbook: the list closes without the field losing focus.
      await page.evaluate((sheet) => window.__workbench.select(sheet, "A1"), OTHER_SHEET);
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("false");
      await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await button.click({ timeout: CLICK_LIMIT_MS });
      await app
        .getByTestId("import-range")
        .filter({ hasText: `${OTHER_SHEET}!` })
        .waitFor();
      await expect(field.inputValue()).resolves.toBe(CATALOG);
      await screen(page, "popover-selection-changed-en-320");
    },
    BROWSER_TIMEOUT_MS,
  );

  it(
    "closes on a press outside it, which lands on what the user sees",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      const field = catalogField(page);
      const button = app.locator('button[name="useSelection"]');
      const heading = app.getByRole("heading", { name: "Catalog positions" });
      await field.click();
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("true");
      expect(await listCovers(page, button)).toBe(true);
      // Every name is offered: those of the platform's list and those typed before.
      const options = app.getByRole("listbox", { name: "Catalog on the platform" }).getByRole("option");
      // An option's first line is the name; its second says where the name was seen.
      const names = await options.evaluateAll((els) => els.map((el) => el.firstChild?.textContent ?? ""));
      expect(names).toEqual(expect.arrayContaining([CATALOG, ...TYPED_BEFORE]));

      await heading.click({ timeout: CLICK_LIMIT_MS });
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("false");
      // The press chose nothing: the name is the one there before.
      await expect(field.inputValue()).resolves.toBe(CATALOG);
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe("the catalog list when the platform's names come after the name was typed", () => {
  let late: WorkbenchSession;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    late = await openWorkbench();
    const { page } = late;
    await page.setViewportSize({ width: 1400, height: 1300 });
    await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
    // The company's projects (where the platform's catalog names come from) are held until released.
    const held = new Promise<void>((resolve) => (release = resolve));
    await late.context.route("**/byCompanyId*", async (route) => {
      await held;
      await route.continue();
    });
    await signInAgain(page, late.emulator);
    await page.locator("#app").getByTestId("import-catalog-loading").waitFor();
  }, BROWSER_TIMEOUT_MS);
  afterAll(async () => {
    release();
    await late?.close();
  }, BROWSER_TIMEOUT_MS);

  it(
    "closes once the names arrive and one of them is the name typed, and the next click presses the button",
    async () => {
      const { page } = late;
      const app = page.locator("#app");
      const field = catalogField(page);
      const button = app.locator('button[name="useSelection"]');
      await page.evaluate(() => window.__workbench.select("Catalog", "B3"));
      await typeInto(field, CATALOG);
      // Nothing is known of the name yet: the list is open and says so.
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("true");

      release();
      await app.getByTestId("import-catalog-loading").waitFor({ state: "detached" });
      await expect(field.getAttribute("aria-expanded")).resolves.toBe("false");
      await button.click({ timeout: CLICK_LIMIT_MS });
      await app.getByTestId("import-check").waitFor();
      await expect(field.inputValue()).resolves.toBe(CATALOG);
    },
    BROWSER_TIMEOUT_MS,
  );
});
