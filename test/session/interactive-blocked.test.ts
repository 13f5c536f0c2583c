// The sign-in window refused in Excel on the web, in the emulated Office (dev/office-emulation
// README, "Blocked dialogs"): the browser blocks the window (dialog error 12011) or the user
// chooses Ignore in Office's "wants to display a new window" prompt (12009). The sign-in tells
// the two apart, so the pane can say what to allow, and its retry lets Office ask first.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import { setLanguage } from "../../src/i18n";
import { setLogSink } from "../../src/log/logger";
import { InteractiveSignInError, signInInteractively } from "../../src/session/interactive";
import { createSession } from "../../src/session/index";
import { SETTINGS_KEY } from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { describeError } from "../../src/taskpane/session/errors";

const PAGE = "https://localhost:3000/taskpane.html";

async function newSession() {
  const store = new MemoryStore();
  await store.setItem(
    SETTINGS_KEY,
    JSON.stringify({
      preset: "custom",
      emulatorScheme: "https",
      authUrl: "https://auth.example.com",
      valueUrl: "https://value.example.com",
      platformUrl: "https://platform.example.com",
      interactiveClientId: "spa-client",
    }),
  );
  const session = createSession({ store, http: { fetch: () => Promise.reject(new Error("offline")) } });
  await session.init();
  return session;
}

async function failure(excel: OfficeEmulation, askFirst: boolean): Promise<InteractiveSignInError> {
  const session = await newSession();
  const office = excel.globals.Office;
  const error: unknown = await signInInteractively(session, {
    keepSignedIn: false,
    askFirst,
    office,
    pageUrl: PAGE,
  }).catch((e: unknown) => e);
  if (!(error instanceof InteractiveSignInError))
    throw new Error(`expected a sign-in error, got ${String(error)}`);
  return error;
}

beforeAll(() => setLogSink(() => undefined));
afterAll(() => {
  setLogSink(null);
  setLanguage("en");
});

describe("a sign-in window that never opens", () => {
  it("is told apart when the browser blocked it (12011), at the first attempt and when Office asks first", async () => {
    const excel = createEmulatedExcel({ dialogBlocking: "block-popups" });
    expect((await failure(excel, false)).reason).toBe("popup-blocked");
    expect((await failure(excel, true)).reason).toBe("popup-blocked");
    expect(excel.dialogs.current).toBeUndefined();
  });

  it("is told apart when Ignore was chosen in Office's prompt (12009), which only a retry asking first shows", async () => {
    const excel = createEmulatedExcel({ dialogBlocking: "ignore-prompt" });
    expect((await failure(excel, true)).reason).toBe("prompt-ignored");
  });

  it("opens at the first attempt without Office's prompt, so there is nothing to ignore", async () => {
    const excel = createEmulatedExcel({ dialogBlocking: "ignore-prompt" });
    const session = await newSession();
    const office = excel.globals.Office;
    void signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(excel.dialogs.current?.options).toMatchObject({ promptBeforeOpen: false });
  });
});

describe("what the sign-in screen says about it", () => {
  it.each([
    [
      "en",
      "popup-blocked",
      "Your browser blocked the sign-in window",
      /Allow pop-up windows for this Excel page.*Then choose Try again.*choose Allow\./,
    ],
    ["en", "prompt-ignored", "The sign-in window was not allowed", /Choose Try again, then Allow\./],
    [
      "ru",
      "popup-blocked",
      "Браузер заблокировал окно входа",
      /Разрешите всплывающие окна для этой страницы Excel.*«Повторить».*«Разрешить»\./,
    ],
    ["ru", "prompt-ignored", "Окно входа не было разрешено", /Нажмите «Повторить», затем «Разрешить»\./],
  ] as const)("%s, %s: what happened, what to allow, and a retry", (language, reason, title, text) => {
    setLanguage(language);
    const shown = describeError(new InteractiveSignInError(reason));
    expect(shown.title).toBe(title);
    expect(shown.text).toMatch(text);
    expect(shown.retryAskingFirst).toBe(true);
    // Office's code only behind "Show details", never in the sentence.
    expect(shown.text).not.toMatch(/120\d\d/);
    expect(shown.details).toMatch(/12009|12011/);
  });

  it("offers no such retry for a window the user closed", () => {
    setLanguage("en");
    expect(describeError(new InteractiveSignInError("closed")).retryAskingFirst).toBeUndefined();
  });
});
