// The one error type of src/boq and the custom functions, and its mapping to what a cell shows.
// Code raises a message key and values; the words come from src/i18n when the error is made.
import { isApiError } from "../api/errors";
import { t, type MessageKey, type MessageValues } from "../i18n";

/** The two CustomFunctions.ErrorCode values whose message Excel shows. */
export type CellErrorCode = "invalidValue" | "notAvailable";

export class BoqError extends Error {
  constructor(
    readonly code: CellErrorCode,
    readonly key: MessageKey,
    readonly values: MessageValues = {},
  ) {
    super(t(key, values));
    this.name = "BoqError";
  }
}

/** A bad argument: #VALUE! saying which. */
export function argumentError(key: MessageKey, values: MessageValues = {}): BoqError {
  return new BoqError("invalidValue", key, values);
}

/** Something not found, not signed in, or the service failing: #N/A with the reason. */
export function unavailable(key: MessageKey, values: MessageValues = {}): BoqError {
  return new BoqError("notAvailable", key, values);
}

export interface CellFailure {
  code: CellErrorCode;
  message: string;
}

/**
 * What a cell shows for an error: bad arguments → #VALUE!; not signed in, not found and service
 * failures → #N/A with the platform's words (ApiError's message carries no token and no body).
 */
export function toCellFailure(error: unknown): CellFailure {
  if (error instanceof BoqError) return { code: error.code, message: error.message };
  if (isApiError(error)) {
    if (error.kind === "signed-out") return { code: "notAvailable", message: t("boq.notSignedIn") };
    if (error.kind === "aborted") return { code: "notAvailable", message: t("boq.cancelled") };
    return { code: "notAvailable", message: t("boq.serviceFailed", { message: error.userMessage }) };
  }
  return { code: "notAvailable", message: t("common.unexpected") };
}
