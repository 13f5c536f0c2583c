// Turns whatever a sign-in or settings action threw into what the screens show: a sentence for an
// estimator (what happened, what to do) mapped from the OAuth or platform code, and the technical
// detail (endpoint, HTTP status, code, the platform's own words) for "Show details". Neither ever
// holds a token or a secret: ApiError carries none (its details are bounded and redacted), and a
// sign-in window error only its code.

import { isApiError, type ApiError } from "../../api/errors";
import { errorDetails, errorText, t, type MessageKey } from "../../i18n";
import { createLogger } from "../../log/logger";
import { InteractiveSignInError } from "../../session";

export interface ErrorText {
  /** A short heading above the sentence, where the sentence alone would not say what happened. */
  title?: string;
  text: string;
  /**
   * The sign-in window never opened (the browser blocked it, or Ignore was chosen when Office
   * asked): the screen offers to try again, with Office's question first.
   */
  retryAskingFirst?: boolean;
  /** Technical detail, one click away; absent when there is nothing more to say. */
  details?: string;
}

export interface ErrorContext {
  /** The platform is the test platform on this computer (a network failure says how to start it). */
  local?: boolean;
}

const log = createLogger("taskpane");

/** OAuth error codes of the token endpoint (RFC 6749 5.2) and the sentence of each. */
const OAUTH_SENTENCES: Record<string, MessageKey> = {
  invalid_grant: "signin.errWrongPassword",
  invalid_client: "signin.errWrongClient",
  unauthorized_client: "signin.errClientNotAllowed",
  unsupported_grant_type: "signin.errClientNotAllowed",
};

/** Office's code behind a window that never opened, for "Show details" only. */
const WINDOW_DETAILS: Partial<Record<InteractiveSignInError["reason"], string>> = {
  "popup-blocked": "sign-in window: the browser gave no window (Office dialog error 12011)",
  "prompt-ignored": "sign-in window: Ignore was chosen in Office's prompt (Office dialog error 12009)",
};

function windowError(e: InteractiveSignInError): ErrorText {
  const details = WINDOW_DETAILS[e.reason] ?? `sign-in window: ${e.reason}`;
  if (e.reason === "popup-blocked") {
    return {
      title: t("signin.errWindowBlockedTitle"),
      text: `${errorText(e)} ${t("signin.errWindowOtherWay")}`,
      details,
      retryAskingFirst: true,
    };
  }
  if (e.reason === "prompt-ignored") {
    return {
      title: t("signin.errWindowIgnoredTitle"),
      text: errorText(e),
      details,
      retryAskingFirst: true,
    };
  }
  return { text: errorText(e), details };
}

function apiSentence(e: ApiError, context: ErrorContext): string {
  switch (e.kind) {
    case "auth":
      return t(OAUTH_SENTENCES[e.code ?? ""] ?? "signin.errAuthOther");
    case "network":
      return t(context.local ? "signin.errNetworkLocal" : "signin.errNetwork");
    case "timeout":
      return t("signin.errTimeout");
    case "aborted":
      return t("signin.errCancelled");
    case "signed-out":
      return t("signin.errSignedOut");
    case "invalid-response":
      return t("signin.errInvalidResponse");
    case "invalid-request":
      // Made by the add-in itself, with the user's words chosen (no server configured, no company).
      return errorText(e);
    case "http": {
      const status = e.status ?? 0;
      if (status === 401) return t("signin.errSignedOut");
      if (status === 403) return t("signin.errForbidden");
      if (status === 404) return t("signin.errNotFound");
      if (status === 413) return t("signin.errTooLarge");
      if (status === 429 || status === 503) return t("signin.errBusy");
      if (status >= 500) return t("signin.errServer");
      // A validation refusal: the platform's own words say what to fix.
      return e.platformMessage
        ? t("signin.errRefused", { message: e.platformMessage })
        : t("signin.errRefusedNoMessage");
    }
  }
}

export function describeError(e: unknown, context: ErrorContext = {}): ErrorText {
  if (isApiError(e)) return { text: apiSentence(e, context), details: errorDetails(e) };
  if (e instanceof InteractiveSignInError) return windowError(e);
  // The user sees only the generic sentence: the error itself goes to the (redacting) log, so a
  // bug behind it can still be found.
  log.error("unexpected error in a task pane action", e);
  return { text: t("common.unexpected") };
}

/** The sentence alone (for places without room for details). */
export function errorSentence(e: unknown, context: ErrorContext = {}): string {
  return describeError(e, context).text;
}
