/**
 * One error type for everything this folder raises, with a sentence a user can act on. Office's
 * own errors (OfficeExtension.Error, name "RichApi.Error") are mapped by their `code`; the
 * original code is kept for logs and tests.
 */

/** Office error codes this folder reacts to (OfficeExtension.ErrorCodes and Excel.ErrorCodes). */
export const OFFICE_ERROR_CODES = {
  accessDenied: "AccessDenied",
  apiNotFound: "ApiNotFound",
  generalException: "GeneralException",
  insertDeleteConflict: "InsertDeleteConflict",
  invalidArgument: "InvalidArgument",
  invalidOperation: "InvalidOperation",
  invalidOperationInCellEditMode: "InvalidOperationInCellEditMode",
  invalidReference: "InvalidReference",
  invalidSelection: "InvalidSelection",
  itemAlreadyExists: "ItemAlreadyExists",
  itemNotFound: "ItemNotFound",
  propertyNotLoaded: "PropertyNotLoaded",
  requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
} as const;

export type WorkbookErrorCode =
  | "sheet-protected"
  | "sheet-not-found"
  | "sheet-name-taken"
  | "cell-edit-mode"
  | "invalid-selection"
  | "invalid-address"
  | "invalid-argument"
  | "payload-too-large"
  | "excel";

export class WorkbookError extends Error {
  override readonly name = "WorkbookError";

  constructor(
    readonly code: WorkbookErrorCode,
    message: string,
    /** Office's error code when the error came from Excel. */
    readonly officeCode?: string,
  ) {
    super(message);
    Object.setPrototypeOf(this, WorkbookError.prototype);
  }
}

export interface OfficeErrorLike {
  code: string;
  message: string;
}

/** OfficeExtension.Error as it reaches a catch: checked by shape, as the class is a global. */
export function isOfficeError(error: unknown): error is OfficeErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

export function officeErrorCode(error: unknown): string | undefined {
  return isOfficeError(error) ? error.code : undefined;
}

/** What the operation was doing, so the message can name the sheet and the action. */
export interface ErrorSituation {
  /** "read", "write" or "create": decides the wording. */
  action: "read" | "write" | "create";
  sheet?: string;
  /** A1 address (without sheet) of the cells concerned, when known. */
  address?: string;
}

function where(situation: ErrorSituation): string {
  const sheet = situation.sheet !== undefined ? `sheet "${situation.sheet}"` : "the worksheet";
  return situation.address !== undefined ? `${situation.address} on ${sheet}` : sheet;
}

/** Turns anything thrown while talking to Excel into a WorkbookError with a message for the user. */
export function toWorkbookError(error: unknown, situation: ErrorSituation): WorkbookError {
  if (error instanceof WorkbookError) return error;
  if (!isOfficeError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return new WorkbookError("excel", `Excel could not ${situation.action} ${where(situation)}: ${text}`);
  }
  const code = error.code;
  const sheetName = situation.sheet !== undefined ? `Sheet "${situation.sheet}"` : "The sheet";
  switch (code) {
    case OFFICE_ERROR_CODES.accessDenied:
      // A new sheet is refused when the workbook's structure is protected, not a sheet.
      if (situation.action === "create") {
        return new WorkbookError(
          "sheet-protected",
          "The workbook's structure is protected, so no sheet can be added: unprotect it (Review > Protect Workbook) and try again.",
          code,
        );
      }
      // A protected sheet can still be read, so a refused read is about the workbook, not protection.
      return situation.action === "read"
        ? new WorkbookError(
            "excel",
            `Excel refused to read ${where(situation)}: you may not have access to this workbook.`,
            code,
          )
        : new WorkbookError(
            "sheet-protected",
            `${sheetName} is protected: unprotect it (Review > Unprotect Sheet) and try again.`,
            code,
          );
    case OFFICE_ERROR_CODES.itemNotFound:
      return new WorkbookError(
        "sheet-not-found",
        situation.sheet !== undefined
          ? `Sheet "${situation.sheet}" was not found: it may have been renamed or deleted. Select the range again.`
          : "The worksheet was not found: it may have been renamed or deleted. Select the range again.",
        code,
      );
    case OFFICE_ERROR_CODES.itemAlreadyExists:
      return new WorkbookError(
        "sheet-name-taken",
        `A sheet named "${situation.sheet ?? ""}" already exists: try again.`,
        code,
      );
    case OFFICE_ERROR_CODES.invalidOperationInCellEditMode:
      return new WorkbookError(
        "cell-edit-mode",
        "Excel is editing a cell: press Enter or Esc to leave the cell, then try again.",
        code,
      );
    case OFFICE_ERROR_CODES.invalidSelection:
      return new WorkbookError(
        "invalid-selection",
        "Select one rectangular range of cells (not a chart, a shape or several areas) and try again.",
        code,
      );
    case OFFICE_ERROR_CODES.requestPayloadSizeLimitExceeded:
    case OFFICE_ERROR_CODES.responsePayloadSizeLimitExceeded:
      return new WorkbookError(
        "payload-too-large",
        `Excel refused to ${situation.action} ${where(situation)} because one request would exceed its 5 MB limit.`,
        code,
      );
    default:
      return new WorkbookError(
        "excel",
        `Excel could not ${situation.action} ${where(situation)}: ${error.message}`,
        code,
      );
  }
}
