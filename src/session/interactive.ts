// The task pane's side of the interactive sign-in: opens the sign-in dialog page with
// Office.context.ui.displayDialogAsync, waits for its messageParent message and hands the tokens to
// the session. The auth library itself lives only in the dialog page (src/dialog/signin.ts).

import { dialogMessageSchema, QUERY, SIGNIN_PAGE } from "../dialog/protocol";
import type { MessageKey, Said } from "../i18n";
import { createLogger } from "../log/logger";
import type { Session, SignedInState } from "./session";

export const DIALOG_SIZE = { height: 70, width: 40 } as const;
/** Office's code for "the user closed the dialog". */
const DIALOG_CLOSED_BY_USER = 12006;
/**
 * Excel on the web only ("Handle errors and events in the Office dialog box"): the user chose
 * Ignore in Office's "wants to display a new window" prompt (12009); the browser gave no window,
 * a pop-up blocker or a security zone (12011).
 */
const DIALOG_PROMPT_IGNORED = 12009;
const DIALOG_POPUP_BLOCKED = 12011;

const log = createLogger("signin-dialog");

/**
 * Why the sign-in window gave no sign-in. "popup-blocked" and "prompt-ignored": the window never
 * opened (the browser blocked it, or the user chose Ignore when Office asked); the pane says what
 * to allow and offers to try again with Office's question first (`askFirst`).
 */
export type InteractiveFailure =
  "unsupported" | "closed" | "refused" | "failed" | "popup-blocked" | "prompt-ignored";

/** What each failure says (the pane adds a title and another way where it offers one). */
const FAILURE_SAID: Record<InteractiveFailure, MessageKey> = {
  unsupported: "signin.dialogMissing",
  closed: "signin.errWindowClosed",
  refused: "signin.errWindowRefused",
  failed: "signin.errWindowFailed",
  "popup-blocked": "signin.errWindowBlocked",
  "prompt-ignored": "signin.errWindowIgnored",
};

export class InteractiveSignInError extends Error {
  readonly said: Said;

  /** `detail`: what Office or the window said (a code, the sign-in server's reason), for the log. */
  constructor(
    readonly reason: InteractiveFailure,
    detail?: string,
  ) {
    // Error.message, what the logs show: the reason and that detail; no sentence, nothing secret
    // (the window hands over tokens only on success, never in a failure).
    super(detail === undefined ? `sign-in window: ${reason}` : `sign-in window: ${reason} (${detail})`);
    this.name = "InteractiveSignInError";
    this.said = { key: FAILURE_SAID[reason] };
  }
}

/** Whether this Office host can open the sign-in window (Dialog API 1.1). */
export function isDialogSupported(office: typeof Office | undefined = globalThis.Office): boolean {
  try {
    return office?.context?.requirements?.isSetSupported("DialogApi", "1.1") === true;
  } catch {
    return false;
  }
}

/** The dialog page's address: signin.html next to the page the add-in runs in (same origin). */
export function signInDialogUrl(
  pageUrl: string,
  authority: string,
  clientId: string,
  prompt?: string,
): string {
  const url = new URL(SIGNIN_PAGE, pageUrl);
  url.searchParams.set(QUERY.authority, authority);
  url.searchParams.set(QUERY.clientId, clientId);
  if (prompt) url.searchParams.set(QUERY.prompt, prompt);
  return url.toString();
}

export interface InteractiveOptions {
  keepSignedIn: boolean;
  /**
   * Let Office ask "wants to display a new window" before opening it (promptBeforeOpen). The
   * first attempt opens the window at once; after the browser blocked it, the pane tries again
   * with the question, whose Allow button is a click the browser lets open a window.
   */
  askFirst?: boolean;
  office?: typeof Office;
  pageUrl?: string;
}

/** Runs the interactive sign-in to the end: resolves signed in, or rejects with an InteractiveSignInError. */
export async function signInInteractively(
  session: Session,
  options: InteractiveOptions,
): Promise<SignedInState> {
  const office = options.office ?? globalThis.Office;
  if (!office || !isDialogSupported(office)) {
    throw new InteractiveSignInError("unsupported", "Dialog API 1.1 is missing");
  }
  const settings = session.settings.get();
  const clientId = settings.interactiveClientId;
  const authority = session.settings.urls().auth;
  const url = signInDialogUrl(
    options.pageUrl ?? globalThis.location.href,
    authority,
    clientId,
    session.mustPromptForLogin ? "login" : undefined,
  );
  const message = await openAndWait(office, url, options.askFirst === true);
  const parsed = dialogMessageSchema.safeParse(safeJson(message));
  if (!parsed.success) {
    throw new InteractiveSignInError("failed", "an unexpected answer");
  }
  if (!parsed.data.ok) {
    const reason = parsed.data.error === "access_denied" ? "refused" : "failed";
    throw new InteractiveSignInError(reason, parsed.data.message);
  }
  return session.completeInteractiveSignIn({
    clientId,
    tokens: parsed.data.tokens,
    keepSignedIn: options.keepSignedIn,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Why the window did not open, from Office's code. */
function openFailure(code: number | undefined): InteractiveFailure {
  if (code === DIALOG_POPUP_BLOCKED) return "popup-blocked";
  if (code === DIALOG_PROMPT_IGNORED) return "prompt-ignored";
  return "failed";
}

function openAndWait(office: typeof Office, url: string, askFirst: boolean): Promise<string> {
  const dialogOrigin = new URL(url).origin;
  return new Promise<string>((resolve, reject) => {
    office.context.ui.displayDialogAsync(
      url,
      { height: DIALOG_SIZE.height, width: DIALOG_SIZE.width, promptBeforeOpen: askFirst },
      (result) => {
        if (result.status !== office.AsyncResultStatus.Succeeded) {
          log.warn(`the sign-in window did not open (${result.error?.code ?? "?"})`);
          const failure = openFailure(result.error?.code);
          if (failure !== "failed") {
            reject(new InteractiveSignInError(failure, `Office dialog error ${result.error?.code ?? "?"}`));
            return;
          }
          reject(new InteractiveSignInError("failed", `not opened: ${result.error?.message ?? "?"}`));
          return;
        }
        const dialog = result.value;
        let settled = false;
        dialog.addEventHandler(office.EventType.DialogMessageReceived, (arg) => {
          if (settled) return;
          // The dialog also shows the sign-in server's pages; tokens are taken only from the
          // add-in's own page. Older hosts give no origin: the message schema is the check there.
          const origin = "origin" in arg ? arg.origin : undefined;
          if (typeof origin === "string" && origin !== dialogOrigin) {
            log.warn(`ignored a sign-in window message from another origin (${origin})`);
            return;
          }
          settled = true;
          dialog.close();
          resolve("message" in arg ? arg.message : "");
        });
        dialog.addEventHandler(office.EventType.DialogEventReceived, (arg) => {
          if (settled) return;
          settled = true;
          const code = "error" in arg ? arg.error : 0;
          // After 12002 (page not found) or 12003 (not HTTPS) Office leaves the window open on
          // its error; it must not linger over the workbook.
          if (code !== DIALOG_CLOSED_BY_USER) dialog.close();
          reject(
            code === DIALOG_CLOSED_BY_USER
              ? new InteractiveSignInError("closed")
              : new InteractiveSignInError("failed", `Office dialog error ${code}`),
          );
        });
      },
    );
  });
}
