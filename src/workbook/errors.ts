/**
 * One error type for everything this folder raises, with a sentence a user can act on. Office's
 * own errors (OfficeExtension.Error, name "RichApi.Error") are mapped by their `code`; the
 * original code is kept for logs and tests.
 */
import { t, type MessageKey } from "../i18n";

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
  const sheet =
    situation.sheet !== undefined
      ? t("workbook.whereSheet", { sheet: situation.sheet })
      : t("workbook.whereWorksheet");
  return situation.address !== undefined
    ? t("workbook.whereCells", { address: situation.address, sheet })
    : sheet;
}

/**
 * Excel answered a read with no cells (`null`, which it gives past 5 million cells with no error)
 * even for a block small enough: the read stops here and says so, rather than leave rows out.
 */
export function incompleteReadError(situation: ErrorSituation): WorkbookError {
  return new WorkbookError("read-incomplete", t("workbook.readIncomplete", { where: where(situation) }));
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
 * Turns anything thrown while talking to Excel into a WorkbookError with a message for the user,
 * in the user's language (src/i18n area "workbook"); Excel's own words are kept as they are.
 */
export function toWorkbookError(error: unknown, situation: ErrorSituation): WorkbookError {
  if (error instanceof WorkbookError) return error;
  if (!isOfficeError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return new WorkbookError("excel", t(COULD_NOT[situation.action], { where: where(situation), text }));
  }
  const code = error.code;
  switch (code) {
    case OFFICE_ERROR_CODES.accessDenied:
      // A new sheet is refused when the workbook's structure is protected, not a sheet.
      if (situation.action === "create") {
        return new WorkbookError("sheet-protected", t("workbook.workbookProtected"), code);
      }
      // A protected sheet can still be read, so a refused read is about the workbook, not protection.
      return situation.action === "read"
        ? new WorkbookError("excel", t("workbook.readRefused", { where: where(situation) }), code)
        : new WorkbookError(
            "sheet-protected",
            situation.sheet !== undefined
              ? t("workbook.sheetProtected", { sheet: situation.sheet })
              : t("workbook.worksheetProtected"),
            code,
          );
    case OFFICE_ERROR_CODES.itemNotFound:
      return new WorkbookError(
        "sheet-not-found",
        situation.sheet !== undefined
          ? t("workbook.sheetNotFound", { sheet: situation.sheet })
          : t("workbook.worksheetNotFound"),
        code,
      );
    case OFFICE_ERROR_CODES.itemAlreadyExists:
      return new WorkbookError(
        "sheet-name-taken",
        t("workbook.sheetNameTaken", { sheet: situation.sheet ?? "" }),
        code,
      );
    case OFFICE_ERROR_CODES.invalidOperationInCellEditMode:
      return new WorkbookError("cell-edit-mode", t("workbook.cellEditMode"), code);
    case OFFICE_ERROR_CODES.invalidSelection:
      return new WorkbookError("invalid-selection", t("workbook.invalidSelection"), code);
    case OFFICE_ERROR_CODES.requestPayloadSizeLimitExceeded:
    case OFFICE_ERROR_CODES.responsePayloadSizeLimitExceeded:
      return new WorkbookError(
        "payload-too-large",
        t(TOO_LARGE[situation.action], { where: where(situation) }),
        code,
      );
    default:
      return new WorkbookError(
        "excel",
        t(COULD_NOT[situation.action], { where: where(situation), text: error.message }),
        code,
      );
  }
}
