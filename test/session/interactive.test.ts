// The task pane's side of the interactive sign-in, with a fake Office dialog API.

import { createEmulatedExcel } from "../../dev/office-emulation";
import { setLogSink } from "../../src/log/logger";
import { MESSAGE_TYPE } from "../../src/dialog/protocol";
import {
  InteractiveSignInError,
  isDialogSupported,
  signInDialogUrl,
  signInInteractively,
} from "../../src/session/interactive";
import { createSession } from "../../src/session/index";
import { SETTINGS_KEY } from "../../src/session/settings";
import { MemoryStore } from "../../src/session/storage";
import { scriptedFetch } from "../api/fakes";
import { COMPANY_ID, fakeJwt, fakeServer } from "./helpers";
import { errorText } from "../../src/i18n";

type Handler = (arg: { message?: string; origin?: string; error?: number }) => void;

function fakeOffice(options: {
  dialogApi?: boolean;
  reply?: (h: Record<string, Handler>) => void;
  openFails?: boolean;
}) {
  const opened: string[] = [];
  const openedWith: unknown[] = [];
  let closed = 0;
  const office = {
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    EventType: { DialogMessageReceived: "dialogMessageReceived", DialogEventReceived: "dialogEventReceived" },
    context: {
      requirements: { isSetSupported: (name: string) => name === "DialogApi" && options.dialogApi !== false },
      ui: {
        displayDialogAsync(url: string, opts: unknown, cb: (r: unknown) => void) {
          opened.push(url);
          openedWith.push(opts);
          if (options.openFails) {
            cb({ status: "failed", error: { code: 12007, message: "A dialog is already open" } });
            return;
          }
          const handlers: Record<string, Handler> = {};
          cb({
            status: "succeeded",
            value: {
              addEventHandler: (type: string, h: Handler) => (handlers[type] = h),
              close: () => closed++,
            },
          });
          queueMicrotask(() => options.reply?.(handlers));
        },
      },
    },
  };
  return { office: office as unknown as typeof Office, opened, openedWith, closedCount: () => closed };
}

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
  const server = fakeServer();
  const f = scriptedFetch(server.handler);
  const session = createSession({ store, http: { fetch: f.fetch, sleep: async () => undefined } });
  await session.init();
  return { session, server, store };
}

const PAGE = "https://localhost:3000/taskpane.html";

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink(null));

it("builds the dialog address next to the page, with the authority and client id", () => {
  expect(signInDialogUrl(PAGE, "https://auth.example.com", "spa", "login")).toBe(
    "https://localhost:3000/signin.html?authority=https%3A%2F%2Fauth.example.com&client_id=spa&prompt=login",
  );
});

it("signs in with the tokens the dialog sends and closes it", async () => {
  const { session, server } = await newSession();
  const access = fakeJwt({
    sub: "u1",
    name: "Anna O'Neil",
    company_id: COMPANY_ID,
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  server.valid.add(access);
  const { office, opened, closedCount } = fakeOffice({
    reply: (h) =>
      h.dialogMessageReceived!({
        message: JSON.stringify({
          type: MESSAGE_TYPE,
          ok: true,
          tokens: { access_token: access, refresh_token: "rt-1", expires_in: 600 },
        }),
      }),
  });
  const state = await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE });
  expect(state).toMatchObject({
    status: "signed-in",
    method: "interactive",
    user: { displayName: "Anna O'Neil" },
  });
  expect(state.company?.id).toBe(COMPANY_ID);
  expect(opened[0]).toContain("client_id=spa-client");
  expect(closedCount()).toBe(1);
});

it("takes the tokens only from a message of the add-in's own page, not from another origin", async () => {
  const { session, server } = await newSession();
  const access = fakeJwt({ sub: "u1", name: "Anna", company_id: COMPANY_ID });
  const foreign = fakeJwt({ sub: "intruder", name: "Someone else", company_id: COMPANY_ID });
  server.valid.add(access);
  server.valid.add(foreign);
  const message = (token: string) =>
    JSON.stringify({ type: MESSAGE_TYPE, ok: true, tokens: { access_token: token } });
  const { office, closedCount } = fakeOffice({
    reply: (h) => {
      h.dialogMessageReceived!({ message: message(foreign), origin: "https://auth.example.com" });
      h.dialogMessageReceived!({ message: message(access), origin: "https://localhost:3000" });
    },
  });
  const state = await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE });
  expect(state.user.displayName).toBe("Anna");
  expect(closedCount()).toBe(1);
});

it("explains when the Dialog API is missing", async () => {
  const { session } = await newSession();
  const { office, opened } = fakeOffice({ dialogApi: false });
  const error = await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }).catch(
    (e: unknown) => e,
  );
  expect(error).toMatchObject({
    reason: "unsupported",
    message: "sign-in window: unsupported (Dialog API 1.1 is missing)",
  });
  expect(errorText(error)).toMatch(/^This version of Office cannot open the sign-in window/);
  expect(opened).toHaveLength(0);
});

it("reports a window closed by the user", async () => {
  const { session } = await newSession();
  const { office } = fakeOffice({ reply: (h) => h.dialogEventReceived!({ error: 12006 }) });
  const error = await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InteractiveSignInError);
  expect(error).toMatchObject({ reason: "closed", said: { key: "signin.errWindowClosed" } });
  expect(errorText(error)).toBe("The sign-in window was closed before you signed in.");
  expect(session.isSignedIn()).toBe(false);
});

it("closes a window that failed on its own and says so", async () => {
  const { session } = await newSession();
  const { office, closedCount } = fakeOffice({ reply: (h) => h.dialogEventReceived!({ error: 12002 }) });
  await expect(
    signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }),
  ).rejects.toMatchObject({
    reason: "failed",
    message: "sign-in window: failed (Office dialog error 12002)",
  });
  expect(closedCount()).toBe(1);
});

it("keeps the server's reason for the log when the sign-in was refused", async () => {
  const { session } = await newSession();
  const { office } = fakeOffice({
    reply: (h) =>
      h.dialogMessageReceived!({
        message: JSON.stringify({
          type: MESSAGE_TYPE,
          ok: false,
          error: "access_denied",
          message: "The user denied access",
        }),
      }),
  });
  const error = await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }).catch(
    (e: unknown) => e,
  );
  expect(error).toMatchObject({
    reason: "refused",
    message: "sign-in window: refused (The user denied access)",
  });
  expect(errorText(error)).toBe(
    "The platform did not complete the sign-in. Try again, or ask your administrator.",
  );
});

it("refuses a message that is not the dialog's", async () => {
  const { session } = await newSession();
  const { office } = fakeOffice({ reply: (h) => h.dialogMessageReceived!({ message: '{"hello":1}' }) });
  await expect(
    signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }),
  ).rejects.toMatchObject({
    reason: "failed",
    message: expect.stringMatching(/unexpected answer/),
  });
  expect(session.isSignedIn()).toBe(false);
});

it("says when the window cannot open", async () => {
  const { session } = await newSession();
  const { office } = fakeOffice({ openFails: true });
  await expect(
    signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }),
  ).rejects.toMatchObject({
    reason: "failed",
    message: expect.stringMatching(/not opened: A dialog is already open/),
  });
});

describe("whether the sign-in window can open", () => {
  it("asks Office for the Dialog API 1.1", () => {
    expect(isDialogSupported(fakeOffice({}).office)).toBe(true);
    expect(isDialogSupported(fakeOffice({ dialogApi: false }).office)).toBe(false);
  });

  it("says no outside Office, and when Office's check itself fails", () => {
    expect(isDialogSupported(undefined)).toBe(false);
    const throwing = {
      context: {
        requirements: {
          isSetSupported: () => {
            throw new Error("requirements not ready");
          },
        },
      },
    } as unknown as typeof Office;
    expect(isDialogSupported(throwing)).toBe(false);
  });
});

describe("why an interactive sign-in did not happen", () => {
  const refusal = (error: string) =>
    fakeOffice({
      reply: (h) =>
        h.dialogMessageReceived!({
          message: JSON.stringify({ type: MESSAGE_TYPE, ok: false, error, message: "No." }),
        }),
    }).office;

  it("tells a refusal by the user from another failure", async () => {
    const { session } = await newSession();
    const refused = await signInInteractively(session, {
      keepSignedIn: false,
      office: refusal("access_denied"),
      pageUrl: PAGE,
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "InteractiveSignInError", reason: "refused" });
    const failed = await signInInteractively(session, {
      keepSignedIn: false,
      office: refusal("server_error"),
      pageUrl: PAGE,
    }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ reason: "failed", message: "sign-in window: failed (No.)" });
  });

  it("is unsupported outside Office, failed when the window cannot open or answers nonsense", async () => {
    const { session } = await newSession();
    await expect(signInInteractively(session, { keepSignedIn: false, pageUrl: PAGE })).rejects.toMatchObject({
      reason: "unsupported",
    });
    await expect(
      signInInteractively(session, {
        keepSignedIn: false,
        office: fakeOffice({ openFails: true }).office,
        pageUrl: PAGE,
      }),
    ).rejects.toMatchObject({ reason: "failed" });
    const notJson = fakeOffice({ reply: (h) => h.dialogMessageReceived!({ message: "<html>" }) }).office;
    await expect(
      signInInteractively(session, { keepSignedIn: false, office: notJson, pageUrl: PAGE }),
    ).rejects.toMatchObject({
      reason: "failed",
      message: "sign-in window: failed (an unexpected answer)",
    });
  });
});

describe("the sign-in window", () => {
  it("opens at the add-in's size without Office's own prompt, and asks for no password prompt at first", async () => {
    const { session } = await newSession();
    const { office, opened, openedWith } = fakeOffice({
      reply: (h) => h.dialogEventReceived!({ error: 12006 }),
    });
    await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }).catch(() => undefined);
    expect(openedWith[0]).toEqual({ height: 70, width: 40, promptBeforeOpen: false });
    expect(new URL(opened[0] ?? "").searchParams.has("prompt")).toBe(false);
    expect(signInDialogUrl(PAGE, "https://auth.example.com", "spa")).not.toContain("prompt");
  });

  it("asks for the password again after the user signed out", async () => {
    const { session } = await newSession();
    await session.signInWithPassword({
      clientId: "demo",
      clientSecret: "client-secret-1",
      username: "ivan",
      password: "pa$$word-1",
      keepSignedIn: false,
    });
    await session.signOut();
    const { office, opened } = fakeOffice({ reply: (h) => h.dialogEventReceived!({ error: 12006 }) });
    await signInInteractively(session, { keepSignedIn: false, office, pageUrl: PAGE }).catch(() => undefined);
    expect(new URL(opened[0] ?? "").searchParams.get("prompt")).toBe("login");
  });
});

describe("against the emulated Office's dialogs", () => {
  it("closes a window whose page went on to a page over HTTP (12003) and says it failed", async () => {
    const { session } = await newSession();
    const excel = createEmulatedExcel({ addinOrigin: "https://localhost:3000" });
    excel.dialogs.onOpen((handle) => handle.navigate("http://auth.example.com/login"));
    await expect(
      signInInteractively(session, { keepSignedIn: false, office: excel.globals.Office, pageUrl: PAGE }),
    ).rejects.toMatchObject({
      reason: "failed",
      message: "sign-in window: failed (Office dialog error 12003)",
    });
    expect(excel.dialogs.current).toBeUndefined();
  });

  it("opens no window when the page is on a domain the add-in's manifest does not trust (12004)", async () => {
    const { session } = await newSession();
    const excel = createEmulatedExcel({ addinOrigin: "https://localhost:3000" });
    await expect(
      signInInteractively(session, {
        keepSignedIn: false,
        office: excel.globals.Office,
        pageUrl: "https://copy.example.org/taskpane.html",
      }),
    ).rejects.toMatchObject({ reason: "failed" });
    expect(excel.dialogs.history).toEqual([]);
  });
});
