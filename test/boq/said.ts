// What a user reads of a BoqError: src/boq raises a key and values, the edge words them
// (src/i18n's errorText, as the functions' wrapper, the BOQ sheet and the pane do).
import { BoqError } from "../../src/boq/errors";
import { errorText } from "../../src/i18n";

/** The BoqError `action` throws (anything else fails the test). */
export function boqFailure(action: () => unknown): BoqError {
  try {
    action();
  } catch (e) {
    if (e instanceof BoqError) return e;
    throw e;
  }
  throw new Error("expected a BoqError");
}

/** The words of a BoqError in the current language. */
export function said(error: BoqError): string {
  return errorText(error);
}
