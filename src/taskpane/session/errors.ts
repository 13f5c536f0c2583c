// Turns whatever a sign-in or settings action threw into the sentence the screens show.

import { isApiError } from "../../api/errors";
import { InteractiveSignInError } from "../../session/interactive";

export const UNEXPECTED =
  "Something unexpected went wrong. Try again; if it keeps happening, reload the add-in.";

export function errorSentence(e: unknown): string {
  if (isApiError(e)) return e.userMessage;
  if (e instanceof InteractiveSignInError) return e.message;
  return UNEXPECTED;
}
