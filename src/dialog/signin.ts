// The sign-in dialog page (dist/signin.html), opened by the task pane with
// Office.context.ui.displayDialogAsync. It runs the authorization-code flow with PKCE against
// {auth_url} and hands the tokens back with Office.context.ui.messageParent.
//
// Library: oidc-client-ts rather than @azure/msal-browser. MSAL (also in OIDC protocol mode)
// never returns the refresh token to the application: it keeps it in its own (encrypted) cache
// in this dialog's storage, which the task pane cannot reach once the dialog closes. The shared
// runtime has to renew the sign-in for the custom functions with the pane closed, so it needs
// the refresh token itself; oidc-client-ts returns it. This is the only module that imports the
// auth library, so it is bundled into this page only.
//
// Nothing is left behind in the dialog: tokens are held in memory (InMemoryWebStorage), the PKCE
// state lives in sessionStorage for the round trip only, and the callback URL is wiped.

import { InMemoryWebStorage, UserManager, WebStorageStateStore } from "oidc-client-ts";
import { INTERACTIVE_SCOPES } from "../api/auth";
import { addLanguageMessages, languageOf, localeOf, setLanguage, t } from "../i18n";
import { russian } from "../i18n/languages";
import { watchDialogFailures } from "./boundary";
import { MESSAGE_TYPE, QUERY, type DialogMessage } from "./protocol";

const STATUS_ELEMENT_ID = "signin-status";
const TITLE_ELEMENT_ID = "signin-title";
const CONFIG_KEY = "boq-bridge.signin.config";

// This window is its own page, opened only to sign in: its messages in every language come with it
// (the pane loads a language other than English on demand, src/i18n/languages.ts).
addLanguageMessages("ru", russian);

interface DialogConfig {
  authority: string;
  clientId: string;
  prompt?: string;
}

/** The words of this window follow Office's display language (the browser's outside Office). */
function chooseLanguage(): void {
  let tag: string | undefined;
  try {
    tag = typeof Office !== "undefined" ? Office.context?.displayLanguage : undefined;
  } catch {
    tag = undefined;
  }
  setLanguage(languageOf(tag ?? navigator.language));
  document.documentElement.lang = localeOf();
  document.title = t("dialog.title");
  const heading = document.getElementById(TITLE_ELEMENT_ID);
  if (heading) heading.textContent = t("dialog.title");
}

/** Shows where the sign-in is; `busy` keeps the spinner turning. */
function show(text: string, busy = false): void {
  const status = document.getElementById(STATUS_ELEMENT_ID);
  if (status) status.textContent = text;
  document.body.classList.toggle("busy", busy);
}

function redirectUri(): string {
  return `${location.origin}${location.pathname}`;
}

function manager(config: DialogConfig): UserManager {
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    response_type: "code",
    scope: INTERACTIVE_SCOPES,
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: sessionStorage }),
  });
}

function send(message: DialogMessage): void {
  const ui = typeof Office !== "undefined" ? Office.context?.ui : undefined;
  if (!ui || typeof ui.messageParent !== "function") {
    show(t("dialog.onlyInWindow"));
    return;
  }
  ui.messageParent(JSON.stringify(message));
}

/** `message` goes to the task pane (which words the failure itself); the window says `shown`. */
function fail(error: string, message: string, shown: string = t("dialog.failed")): void {
  show(shown);
  send({ type: MESSAGE_TYPE, ok: false, error, message });
}

function readConfig(): DialogConfig | null {
  const raw = sessionStorage.getItem(CONFIG_KEY);
  if (!raw) return null;
  try {
    const c = JSON.parse(raw) as Partial<DialogConfig>;
    return typeof c.authority === "string" && typeof c.clientId === "string"
      ? { authority: c.authority, clientId: c.clientId, prompt: c.prompt }
      : null;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const params = new URLSearchParams(location.search);
  if (params.has("code") || params.has("error")) {
    const config = readConfig();
    sessionStorage.removeItem(CONFIG_KEY);
    // The code is single-use, but it should not sit in the history of the dialog either.
    const callbackUrl = location.href;
    history.replaceState(null, "", redirectUri());
    if (params.has("error")) {
      fail(
        params.get("error") ?? "error",
        params.get("error_description") ?? "The sign-in was not completed.",
        t("dialog.notCompleted"),
      );
      return;
    }
    if (!config) {
      fail("dialog", "The sign-in window lost its settings.", t("dialog.lostSettings"));
      return;
    }
    show(t("dialog.completing"), true);
    const user = await manager(config).signinRedirectCallback(callbackUrl);
    send({
      type: MESSAGE_TYPE,
      ok: true,
      tokens: {
        access_token: user.access_token,
        refresh_token: user.refresh_token ?? null,
        id_token: user.id_token ?? null,
        expires_in: user.expires_in ?? null,
      },
    });
    show(t("dialog.done"));
    return;
  }
  const authority = params.get(QUERY.authority);
  const clientId = params.get(QUERY.clientId);
  if (!authority || !clientId) {
    show(t("dialog.onlyInWindow"));
    return;
  }
  const config: DialogConfig = { authority, clientId, prompt: params.get(QUERY.prompt) ?? undefined };
  sessionStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  show(t("dialog.opening"), true);
  await manager(config).signinRedirect(config.prompt ? { prompt: config.prompt } : undefined);
}

function describe(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return `The sign-in failed: ${text}`;
}

/** A failure nobody expected: the window says what to do, the pane hears that the sign-in failed. */
function unexpected(e: unknown): void {
  fail("dialog", describe(e), t("errors.dialogUnexpected"));
}

function run(): void {
  chooseLanguage();
  start().catch((e: unknown) => fail("dialog", describe(e)));
}

watchDialogFailures(window, unexpected);
if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  Office.onReady(run).catch(unexpected);
} else {
  run();
}
