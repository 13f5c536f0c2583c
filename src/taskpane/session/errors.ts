// Turns whatever a sign-in or settings action threw into the sentence the screens show.

import { isApiError } from "../../api/errors";
import { createLogger } from "../../log/logger";
import { InteractiveSignInError } from "../../session/interactive";

export const UNEXPECTED =
  "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in.";

const log = createLogger("taskpane");

export function errorSentence(e: unknown): string {
  if (isApiError(e)) return e.userMessage;
  if (e instanceof InteractiveSignInError) return e.message;
  // The user sees only the generic sentence: the error itself goes to the (redacting) log, so a
  // bug behind it can still be found.
  log.error("unexpected error in a task pane action", e);
  return UNEXPECTED;
}
