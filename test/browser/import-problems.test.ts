// The catalog check's problems as a Russian-speaking estimator reads them: Office in Russian, a
// sheet with a wrong price, a repeated code, an old currency sign and a total row; the Check screen
// lists each problem in Russian with its cell, field and fix. Saved in
// test-output/import-problems-ru-<width>.png and checked by axe-core.
import AxeBuilder from "@axe-core/playwright";
import path from "path";
import { openWorkbench, TEST_OUTPUT_DIR, type WorkbenchSession } from "./harness";
import { settled } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 240_000;
const SHEET = "Прайс";

let wb: WorkbenchSession;

beforeAll(async () => {
  wb = await openWorkbench({ path: "/workbench.html?displayLanguage=ru-RU" });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);

describe("The catalog check in Russian", () => {
  it(
    "lists each problem in Russian, naming its cell, field and fix",
    async () => {
      const { page } = wb;
      const app = page.locator("#app");
      await page.setViewportSize({ width: 1400, height: 1300 });

      // Sign in (by the controls' names: the words are Russian).
      await app.locator('button[name="changeServer"]').click();
      await app.locator('input[name="preset"][value="custom"]').check();
      await app.locator('input[name="authUrl"]').fill(wb.emulator.authUrl);
      await app.locator('input[name="valueUrl"]').fill(wb.emulator.baseUrl);
      await app.locator('input[name="platformUrl"]').fill(wb.emulator.platformUrl);
      await app.locator('input[name="interactiveClientId"]').fill(wb.emulator.demo.publicClient.clientId);
      await app.locator('button[name="saveSettings"]').click();
      await app.getByTestId("signin-auth-url").filter({ hasText: wb.emulator.authUrl }).waitFor();
      const user = wb.emulator.demo.users[0];
      if (!user) throw new Error("no demo user");
      await app.locator('input[name="clientId"]').fill(wb.emulator.demo.passwordClient.clientId);
      await app.locator('input[name="clientSecret"]').fill(wb.emulator.demo.passwordClient.clientSecret);
      await app.locator('input[name="username"]').fill(user.username);
      await app.locator('input[name="password"]').fill(user.password);
      await app.locator('button[name="signInPassword"]').click();
      await page.getByTestId("session-user").filter({ hasText: user.name }).waitFor();

      await page.evaluate((sheet) => {
        window.__workbench.setCells(sheet, "A1", [
          ["Код", "Наименование", "Цена", "Валюта"],
          ["1", "Бетонные работы", null, null],
          ["1.1", "Бетон B25", "12 руб", "RUB"],
          ["1.1", "Бетон B30", 5400, "руб."],
          [null, "Итого по разделу 1", null, null],
        ]);
        window.__workbench.select(sheet, "A1:D5");
      }, SHEET);
      await app.getByTestId("import-source").waitFor();
      await app.locator('button[name="useSelection"]').click();
      await app.getByTestId("import-check").waitFor();

      const problems = app.getByTestId("import-problems");
      const text = (await problems.textContent()) ?? "";
      expect(text).toContain("C3, Цена");
      expect(text).toContain("Цену в C3 («12 руб») нельзя прочитать как число");
      expect(text).toContain("Код «1.1» в A4 повторяет код в A3");
      expect(text).toContain(
        "Валюта в D4 («руб.») — не трёхбуквенный код валюты; возможно, имелось в виду RUB?",
      );
      expect(text).toContain("«Итого по разделу 1» — это заголовок раздела или итог");
      expect(text).toContain("Как исправить: Введите RUB в D4.");
      // The engine's English stays in its logs, not on the screen.
      expect(text).not.toMatch(/\b(The|Row|cannot|repeats)\b/);

      for (const width of [320, 480]) {
        await page.evaluate((px) => window.__workbench.setPaneWidth(px), width);
        await settled(page);
        await page
          .locator("#wb-pane")
          .screenshot({ path: path.join(TEST_OUTPUT_DIR, `import-problems-ru-${width}.png`) });
      }
      const result = await new AxeBuilder({ page })
        .include("#app")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      expect(
        result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
      ).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
