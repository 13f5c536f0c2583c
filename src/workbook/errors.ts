/**
 * One error type for everything this folder raises, carrying what a user can act on as data (a
 * message key of area "workbook" and its values, src/i18n's Said), worded at the edge (errorText).
 * Office's own errors (OfficeExtension.Error, name "RichApi.Error") are mapped by their `code`; the
 * original code is kept for logs and tests, Excel's own words as a value.
 */
import type { MessageKey, Said } from "../i18n";

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
  | "read-incomplete"
  | "excel";

export class WorkbookError extends Error {
  override readonly name = "WorkbookError";
  /** What to tell the user; undefined for a programming error ("invalid-argument"). */
  readonly said: Said | undefined;

  /**
   * `what`: what to tell the user, or, for a programming error ("invalid-argument", raised before
   * Excel is touched), the developer's sentence, which is the message as it is.
   */
  constructor(
    readonly code: WorkbookErrorCode,
    what: Said | string,
    /** Office's error code when the error came from Excel. */
    readonly officeCode?: string,
  ) {
    // Error.message, what the logs show: the code, the message key and Office's code, or the
    // developer's sentence; never the cells' content, Excel's words or anything secret.
    super(
      typeof what === "string"
        ? what
        : `${code}: ${what.key}${officeCode === undefined ? "" : ` (${officeCode})`}`,
    );
    Object.setPrototypeOf(this, WorkbookError.prototype);
    this.said = typeof what === "string" ? undefined : what;
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

function where(situation: ErrorSituation): Said {
  const sheet: Said =
    situation.sheet !== undefined
      ? { key: "workbook.whereSheet", values: { sheet: situation.sheet } }
      : { key: "workbook.whereWorksheet" };
  return situation.address !== undefined
    ? { key: "workbook.whereCells", values: { address: situation.address, sheet } }
    : sheet;
}

/** A message of area "workbook" about where it happened (and, for Excel's reason, its words). */
function about(situation: ErrorSituation, key: MessageKey, text?: string): Said {
  return {
    key,
    values: text === undefined ? { where: where(situation) } : { where: where(situation), text },
  };
}

/**
 * Excel answered a read with no cells (`null`, which it gives past 5 million cells with no error)
 * even for a block small enough: the read stops here and says so, rather than leave rows out.
 */
export function incompleteReadError(situation: ErrorSituation): WorkbookError {
  return new WorkbookError("read-incomplete", about(situation, "workbook.readIncomplete"));
}

const COULD_NOT: Record<ErrorSituation["action"], MessageKey> = {
  read: "workbook.couldNotRead",
  write: "workbook.couldNotWrite",
  create: "workbook.couldNotCreate",
};

const TOO_LARGE: Record<ErrorSituation["action"], MessageKey> = {
  read: "workbook.tooLargeRead",
  write: "workbook.tooLargeWrite",
  create: "workbook.tooLargeCreate",
};

/**
 * Turns anything thrown while talking to Excel into a WorkbookError carrying what to tell the user
 * (src/i18n area "workbook"); Excel's own words are kept as they are, a value.
 */
export function toWorkbookError(error: unknown, situation: ErrorSituation): WorkbookError {
  if (error instanceof WorkbookError) return error;
  if (!isOfficeError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return new WorkbookError("excel", about(situation, COULD_NOT[situation.action], text));
  }
  const code = error.code;
  switch (code) {
    case OFFICE_ERROR_CODES.accessDenied:
      // A new sheet is refused when the workbook's structure is protected, not a sheet.
      if (situation.action === "create") {
        return new WorkbookError("sheet-protected", { key: "workbook.workbookProtected" }, code);
      }
      // A protected sheet can still be read, so a refused read is about the workbook, not protection.
      return situation.action === "read"
        ? new WorkbookError("excel", about(situation, "workbook.readRefused"), code)
        : new WorkbookError(
            "sheet-protected",
            situation.sheet !== undefined
              ? { key: "workbook.sheetProtected", values: { sheet: situation.sheet } }
              : { key: "workbook.worksheetProtected" },
            code,
          );
    case OFFICE_ERROR_CODES.itemNotFound:
      return new WorkbookError(
        "sheet-not-found",
        situation.sheet !== undefined
          ? { key: "workbook.sheetNotFound", values: { sheet: situation.sheet } }
          : { key: "workbook.worksheetNotFound" },
        code,
      );
    case OFFICE_ERROR_CODES.itemAlreadyExists:
      return new WorkbookError(
        "sheet-name-taken",
        { key: "workbook.sheetNameTaken", values: { sheet: situation.sheet ?? "" } },
        code,
      );
    case OFFICE_ERROR_CODES.invalidOperationInCellEditMode:
      return new WorkbookError("cell-edit-mode", { key: "workbook.cellEditMode" }, code);
    case OFFICE_ERROR_CODES.invalidSelection:
      return new WorkbookError("invalid-selection", { key: "workbook.invalidSelection" }, code);
    case OFFICE_ERROR_CODES.requestPayloadSizeLimitExceeded:
    case OFFICE_ERROR_CODES.responsePayloadSizeLimitExceeded:
      return new WorkbookError("payload-too-large", about(situation, TOO_LARGE[situation.action]), code);
    default:
      return new WorkbookError("excel", about(situation, COULD_NOT[situation.action], error.message), code);
  }
}
