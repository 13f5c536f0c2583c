// Steps the browser tests of an import being sent share (an answer lost, another window, a copy of
// the workbook): the emulator's log of import POSTs and a wait for their count, the 320 px pane,
// a screenshot of the pane with axe over it, and the demo positions checked and previewed.
import path from "path";
import type { Locator, Page } from "playwright-core";
import { TEST_OUTPUT_DIR } from "./harness";
import { axeSerious, catalogListLoaded, settled } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

export const SHEET = "Catalog";
export const CATALOG = "Materials";
export const IMPORT = "/api/import/catalog/json/external";
/** The narrowest task pane Office allows. */
export const PANE_WIDTH = 320;

/** The emulator's request log ("value METHOD path status…"), counting import POSTs. */
export function importPostLog(): {
  /** The emulator's log callback: keeps the line and wakes the tests whose POST count is reached. */
  log: (line: string) => void;
  posts: () => number;
  /** Resolves once the emulator has handled (and logged) `count` import POSTs in all. */
  postsReach: (count: number) => Promise<void>;
} {
  const requests: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const posts = () =>
    requests.filter((line) => {
      const [, method, p] = line.split(" ");
      return method === "POST" && p === IMPORT;
    }).length;
  return {
    log: (line) => {
      requests.push(line);
      const count = posts();
      for (const waiter of waiters.filter((w) => count >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    posts,
    postsReach: (count) =>
      posts() >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
  };
}

/** The pane (or `what`) saved as test-output/<name>.png, and axe over the pane: no serious violation. */
export async function screen(page: Page, name: string, what?: Locator): Promise<void> {
  await settled(page);
  await (what ?? page.locator("#wb-pane")).screenshot({ path: path.join(TEST_OUTPUT_DIR, `${name}.png`) });
  expect(await axeSerious(page)).toEqual([]);
}

export async function narrowPane(page: Page): Promise<void> {
  await page.evaluate((px) => window.__workbench.setPaneWidth(px), PANE_WIDTH);
}

/** Source → check → preview of the demo positions, ready to import (from any import screen). */
export async function previewDemo(page: Page, catalog = CATALOG): Promise<void> {
  const app = page.locator("#app");
  await app.locator('[data-testid^="import-"]').first().waitFor();
  const again = app.locator('button[name="importAgain"]');
  if ((await again.count()) > 0) await again.click();
  await app.getByTestId("import-source").waitFor();
  await catalogListLoaded(page);
  await app.locator('input[name="catalogName"]').fill(catalog);
  await page.evaluate((sheet) => window.__workbench.select(sheet, "B3"), SHEET);
  await app.locator('button[name="useSelection"]').click();
  await app.getByTestId("import-check").waitFor();
  await app.locator('button[name="toPreview"]').click();
  await app.getByTestId("import-preview").waitFor();
}
