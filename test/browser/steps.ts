// Steps the browser tests share: pointing the pane at the in-process emulator through its own
// settings form, signing in there, waiting for the import's catalog list before typing a catalog's
// name, typing a formula into the grid, the axe check of the pane (serious and critical only), the
// scan of its words for what an estimator should not read, and waiting for a settled screen before
// a screenshot.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import type { RunningEmulator } from "./harness";
import { technicalWords } from "../i18n/technicalWords";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

/** Points the add-in at the in-process emulator (random ports) through the settings screen. */
export async function pointAtEmulator(page: Page, emulator: RunningEmulator): Promise<void> {
  const app = page.locator("#app");
  await app.getByRole("button", { name: "Change server" }).click();
  await app.locator('input[name="preset"][value="custom"]').check();
  await app.locator('input[name="authUrl"]').fill(emulator.authUrl);
  await app.locator('input[name="valueUrl"]').fill(emulator.baseUrl);
  await app.locator('input[name="platformUrl"]').fill(emulator.platformUrl);
  await app.locator('input[name="interactiveClientId"]').fill(emulator.demo.publicClient.clientId);
  await app.locator('button[name="saveSettings"]').click();
  await app.getByTestId("signin-auth-url").filter({ hasText: emulator.authUrl }).waitFor();
}

/** Signs in with the emulator's first demo user through the pane, as an estimator would. */
export async function signIn(page: Page, emulator: RunningEmulator): Promise<void> {
  await pointAtEmulator(page, emulator);
  await signInAgain(page, emulator);
}

/** Signs in with the demo user when the server is already chosen (the pane opened again). */
export async function signInAgain(page: Page, emulator: RunningEmulator): Promise<void> {
  const app = page.locator("#app");
  const user = emulator.demo.users[0];
  if (!user) throw new Error("no demo user");
  await app.locator('input[name="clientId"]').fill(emulator.demo.passwordClient.clientId);
  await app.locator('input[name="clientSecret"]').fill(emulator.demo.passwordClient.clientSecret);
  await app.locator('input[name="username"]').fill(user.username);
  await app.locator('input[name="password"]').fill(user.password);
  await app.locator('button[name="signInPassword"]').click();
  await page.getByTestId("session-user").filter({ hasText: user.name }).waitFor();
}

/**
 * Waits until the import's catalog list has come from the platform, before a name is typed into
 * the catalog field: the import has the session's company (the source screen's Company field
 * holds it; the pane sets it just after the screen is first drawn) and the list for it is no longer
 * loading. A name typed while the list loads leaves the list open over what follows the field (it
 * closes at once only for a name that is already one of its options), so the screen, and what a
 * click below the field lands on, would depend on which came first.
 */
export async function catalogListLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('#app select[name="company"]')?.value,
  );
  await page.locator("#app").getByTestId("import-catalog-loading").waitFor({ state: "detached" });
}

/** The serious and critical axe violations inside the pane. */
export async function axeSerious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include("#app")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * What in the pane's words outside "Show details" an estimator should not read: an HTTP status or
 * an API field path (technicalWords), or a sentence said twice on one screen. Empty when none.
 */
export async function plainTextFaults(page: Page): Promise<string[]> {
  const text = await page.locator("#app").evaluate((app) => {
    const copy = app.cloneNode(true) as HTMLElement;
    copy.querySelectorAll(".fui-messagebar__details").forEach((d) => d.remove());
    return copy.innerText;
  });
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 40);
  const repeated = sentences.filter((s, i) => sentences.indexOf(s) === i && sentences.lastIndexOf(s) !== i);
  return [...technicalWords(text), ...repeated.map((s) => `said twice: “${s}”`)];
}

/** Types a formula into a cell through the name box and formula bar, then waits for it to settle. */
export async function typeFormula(page: Page, address: string, formula: string): Promise<void> {
  await page.fill("#wb-namebox", address);
  await page.press("#wb-namebox", "Enter");
  await page.fill("#wb-formula", formula);
  await page.press("#wb-formula", "Enter");
  await page.evaluate(() => window.__workbench.formulasSettled());
}

/**
 * Waits until the page shows a settled screen, for a screenshot: the web fonts loaded, no CSS
 * transition or animation of a known length still running (the spinner's endless turn and the
 * indeterminate progress bar are not waited for: they never end), and then two animation frames
 * run, the first of which draws whatever waited for the next frame (the workbench's grid renders
 * in one), the second after it was painted. A state, not a time: on a busy computer it takes
 * longer, never too short.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    await document.fonts.ready;
    for (;;) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      // A transition cut short by another (the theme changed again) rejects its promise: whatever
      // ends it, look again.
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}
