// An import being sent that the pane finds but must not act on (issue 40, item 4), in the workbench
// as an estimator meets it, at 320 px in English and Russian. The emulator's fault handles the POST
// (the job is made) and holds its answer back. Another window of the workbook (another page of the
// browser: it shares OfficeRuntime.storage, where the import's note and its lease are) says that
// window is importing and offers nothing to confirm or send again; once that window is closed, it
// offers the import as its own. A copy of the workbook saved under another name names the file the
// import was started from and follows it here, read only. Each screen: axe-core, and a screenshot
// of the pane in test-output/import-elsewhere-*.png.
import type { Page } from "playwright-core";
import { openWorkbench, type WorkbenchSession } from "./harness";
import { CATALOG, IMPORT, importPostLog, narrowPane, previewDemo, screen } from "./lostSteps";
import { signIn, signInAgain } from "./steps";
import type {} from "../../dev/workbench/test-api"; // window.__workbench

const BROWSER_TIMEOUT_MS = 300_000;
const PENDING_KEY = "boq-bridge.import.pending.v1";
/** src/import/store/kept.ts keeps one storage item per note under this prefix. */
const NOTE_KEY_PREFIX = "boq-bridge.import.note.v2.";
const COPY_URL = "https://localhost/Prices%20copy.xlsx";

let wb: WorkbenchSession;
const { log, posts, postsReach } = importPostLog();

beforeAll(async () => {
  // Jobs take about ten seconds: long enough to see one running, short enough to wait for.
  wb = await openWorkbench({ emulator: { jobSpeed: 10, log } });
  await wb.page.setViewportSize({ width: 1400, height: 1300 });
}, BROWSER_TIMEOUT_MS);
afterAll(async () => {
  await wb?.close();
}, BROWSER_TIMEOUT_MS);
afterEach(() => wb?.emulator.faults.clear());

/** The workbench in `language`, at 320 px, signed in again (the server is already chosen). */
async function openPane(page: Page, language: "en" | "ru"): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 1300 });
  await page.goto(`${wb.origin}/workbench.html?displayLanguage=${language === "en" ? "en-US" : "ru-RU"}`);
  await signedInAgain(page);
}

async function signedInAgain(page: Page): Promise<void> {
  await narrowPane(page);
  await page.locator("#app").locator('input[name="password"]').waitFor({ timeout: 30_000 });
  await signInAgain(page, wb.emulator);
}

/** Imports the demo positions; the platform makes the job and holds its answer back. Resolves once it was handled. */
async function importHeldBack(page: Page): Promise<number> {
  await previewDemo(page);
  const before = posts();
  wb.emulator.faults.processThenHangNext(`POST ${IMPORT}`, 1);
  await page.locator("#app").locator('button[name="startImport"]').click();
  await postsReach(before + 1);
  return before;
}

/** The notes kept outside the workbook (OfficeRuntime.storage), each as written. */
async function notes(page: Page): Promise<Array<{ pending: { lease?: { until: number } } | null }>> {
  const items = await page.evaluate(() => window.__workbench.storageItems());
  return Object.entries(items)
    .filter(([key]) => key.startsWith(NOTE_KEY_PREFIX))
    .map(([, value]) => JSON.parse(value) as never);
}

/** Waits until no note is kept outside the workbook (a job's note goes once its log is written). */
async function noNotesLeft(page: Page): Promise<void> {
  await page.waitForFunction(
    (prefix) => Object.keys(window.__workbench.storageItems()).every((key) => !key.startsWith(prefix)),
    NOTE_KEY_PREFIX,
  );
}

/** Nothing in the main text a user cannot act on: no HTTP status, no field or storage name. */
async function plainWords(page: Page): Promise<void> {
  await expect(page.locator("#app").getByTestId("import-lost").textContent()).resolves.not.toMatch(
    /HTTP|jobId|lease|storage|url/i,
  );
}

describe("An import another window of the workbook is sending", () => {
  it(
    "is not offered as lost: that window is named as importing, nothing to confirm or send; once it is closed, the import is offered here",
    async () => {
      const sender = wb.page;
      await narrowPane(sender);
      await signIn(sender, wb.emulator);
      const before = await importHeldBack(sender);

      const windows: Record<"en" | "ru", Page> = {
        en: await wb.context.newPage(),
        ru: await wb.context.newPage(),
      };
      const expected = {
        en: {
          title: "Importing in another window",
          intro: `Another window of this workbook is importing into “${CATALOG}” since`,
          hint: "the import is offered here within 2 minutes",
        },
        ru: {
          title: "Импорт идёт в другом окне",
          intro: `Другое окно этой книги импортирует в «${CATALOG}» с`,
          hint: "не позже чем через 2 мин",
        },
      };
      for (const language of ["en", "ru"] as const) {
        const page = windows[language];
        await openPane(page, language);
        const app = page.locator("#app");
        await app.getByTestId("import-lost-window").waitFor({ timeout: 60_000 });
        await expect(app.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(
          expected[language].title,
        );
        await expect(app.getByTestId("import-lost-intro").textContent()).resolves.toContain(
          expected[language].intro,
        );
        await expect(app.getByTestId("import-lost-window").textContent()).resolves.toContain(
          expected[language].hint,
        );
        await expect(app.getByTestId("import-lost-sent").textContent()).resolves.toMatch(/16/);
        // Nothing to confirm, nothing to send again, nothing asked of the platform from here.
        for (const name of ["followLost", "importAgainLost", "waitLost", "checkLost"]) {
          await expect(app.locator(`button[name="${name}"]`).count()).resolves.toBe(0);
        }
        await plainWords(page);
        await screen(page, `import-elsewhere-window-${language}`);
      }

      // From the keyboard: back to the range; the import stays with the window sending it.
      const en = windows.en.locator("#app");
      await en.locator('button[name="leaveLost"]').focus();
      await windows.en.keyboard.press("Enter");
      await en.getByTestId("import-source").waitFor();
      expect((await sender.evaluate(() => window.__workbench.documentSettings()))[PENDING_KEY]).toMatchObject(
        {
          catalogName: CATALOG,
        },
      );

      // The sending window is closed: it lets go of the import in its note on the way out, and the
      // other window offers it as its own at its next look.
      await sender.goto("about:blank");
      const [note] = await notes(windows.ru);
      expect(note?.pending?.lease?.until).toBeLessThanOrEqual(Date.now());
      const ru = windows.ru.locator("#app");
      await ru.getByTestId("import-lost-probable").waitFor({ timeout: 120_000 });
      await expect(ru.getByTestId("import-lost-probable").textContent()).resolves.toContain(
        "Вероятно, это ваш импорт",
      );
      await screen(windows.ru, "import-elsewhere-taken-over-ru");
      await ru.locator('button[name="followLost"]').focus();
      await windows.ru.keyboard.press("Enter");
      await ru.getByTestId("import-result").waitFor({ timeout: 120_000 });
      expect(posts() - before).toBe(1);
      // Its log written, the note goes: nothing is left for the next window to find.
      await noNotesLeft(windows.ru);
      await windows.en.close();
      await windows.ru.close();
      expect(wb.pageErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});

describe("A copy of the workbook saved under another name", () => {
  it(
    "names the file the import was started from and follows it here read only; never confirms it nor sends it again",
    async () => {
      const page = wb.page;
      const app = page.locator("#app");
      const words = {
        en: {
          title: "Sent from another file",
          intro: "from the file “Book1.xlsx”",
          probable: "Probably that file’s import",
          done: "Done",
          ended: "Its log belongs in “Book1.xlsx”: open that file",
        },
        ru: {
          title: "Отправлено из другого файла",
          intro: "из файла «Book1.xlsx»",
          probable: "Вероятно, это импорт того файла",
          done: "Завершён",
          ended: "Его журнал — для файла «Book1.xlsx»: откройте тот файл",
        },
      };
      for (const language of ["en", "ru"] as const) {
        await openPane(page, language);
        const before = await importHeldBack(page);
        expect((await page.evaluate(() => window.__workbench.documentSettings()))[PENDING_KEY]).toMatchObject(
          {
            url: "https://localhost/Book1.xlsx",
          },
        );
        // Saved as a copy and opened: the pane starts anew there, the copy's settings the original's.
        await Promise.all([
          page.waitForEvent("load"),
          page.evaluate((url) => window.__workbench.openCopyAs(url), COPY_URL).catch(() => undefined),
        ]);
        await signedInAgain(page);
        await expect(page.evaluate(() => window.__workbench.documentUrl())).resolves.toBe(COPY_URL);

        await app.getByTestId("import-lost-file").waitFor({ timeout: 60_000 });
        await expect(app.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(
          words[language].title,
        );
        await expect(app.getByTestId("import-lost-intro").textContent()).resolves.toContain(
          words[language].intro,
        );
        for (const name of ["followLost", "importAgainLost", "waitLost"]) {
          await expect(app.locator(`button[name="${name}"]`).count()).resolves.toBe(0);
        }
        await plainWords(page);
        await screen(page, `import-elsewhere-copy-${language}`);

        // Followed here from the keyboard until the job ended: nothing kept, nothing written.
        const sheets = (await page.evaluate(() => window.__workbench.sheets())).length;
        await app.locator('button[name="followElsewhere"]').focus();
        await page.keyboard.press("Enter");
        await app.locator('button[name="stopWaitingLost"]').waitFor();
        const probable = app.getByTestId("import-lost-probable");
        await probable.filter({ hasText: words[language].done }).waitFor({ timeout: 120_000 });
        await expect(probable.textContent()).resolves.toContain(words[language].probable);
        // Ended: nothing more to follow; the original file is named as where its log goes.
        await expect(app.getByTestId("import-lost-file-ended").textContent()).resolves.toContain(
          words[language].ended,
        );
        for (const name of ["followElsewhere", "checkLost"]) {
          await expect(app.locator(`button[name="${name}"]`).count()).resolves.toBe(0);
        }
        await screen(page, `import-elsewhere-copy-followed-${language}`);
        expect((await page.evaluate(() => window.__workbench.sheets())).length).toBe(sheets);
        const settings = await page.evaluate(() => window.__workbench.documentSettings());
        expect(Object.keys(settings).filter((k) => k.startsWith("boq-bridge.import.job.v2."))).toEqual([]);

        // Back to the range: the copy forgets the original's import; nothing was sent again.
        await app.locator('button[name="leaveLost"]').click();
        await app.getByTestId("import-source").waitFor();
        expect(
          (await page.evaluate(() => window.__workbench.documentSettings()))[PENDING_KEY] ?? null,
        ).toBeNull();

        // The original, opened again (its window was gone): the import is its own, offered and followed.
        await openPane(page, language);
        await app.getByTestId("import-lost-probable").waitFor({ timeout: 60_000 });
        await app.locator('button[name="followLost"]').click();
        await app.getByTestId("import-result").waitFor({ timeout: 120_000 });
        await noNotesLeft(page);
        expect(posts() - before).toBe(1);
      }
      expect(wb.pageErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    },
    BROWSER_TIMEOUT_MS,
  );
});
