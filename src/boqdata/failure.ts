// What a PLATFORM cell shows for an expected failure of the BOQ path, as GUIDE habit 2 says: a bad
// argument, or a request refused before it was sent → #VALUE!; not signed in, not found, service
// failing → #N/A, worded in the user's language, the platform's words bounded and redacted by
// src/api. The functions' error boundary (src/functions/guard.ts) and the navigator's Insert
// formula (src/boqsheet, which says what the cell shows) word a failure through this one mapping.
import { isApiError } from "../api/errors";
import { BoqError, type CellErrorCode } from "../boq/errors";
import { errorText, t } from "../i18n";

export interface CellFailure {
  code: CellErrorCode;
  message: string;
}

/**
 * What a cell shows for an expected failure: a BoqError in words, or a platform failure with the
 * platform's words (an ApiError carries no token and no body); undefined for anything else.
 */
export function cellFailure(error: unknown): CellFailure | undefined {
  if (error instanceof BoqError) return { code: error.code, message: errorText(error) };
  if (isApiError(error)) {
    if (error.kind === "signed-out") return { code: "notAvailable", message: t("boq.notSignedIn") };
    if (error.kind === "aborted") return { code: "notAvailable", message: t("boq.cancelled") };
    // Refused before anything was sent (a catalog name that would change the address): the
    // argument is the user's to change, and the sentence already says how.
    if (error.kind === "invalid-request") return { code: "invalidValue", message: errorText(error) };
    return { code: "notAvailable", message: t("boq.serviceFailed", { message: errorText(error) }) };
  }
  return undefined;
}
