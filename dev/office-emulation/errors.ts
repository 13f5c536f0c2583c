/**
 * Errors shaped like the ones Office.js raises (OfficeExtension.Error, alias RichApi.Error), with
 * the codes and messages of the real library (taken from @microsoft/office-js dist/
 * excel-web-16.00.debug.js and en-us/office_strings.js) so that add-in code which maps these
 * errors to user messages sees what it would see in Excel.
 */

export const ErrorCodes = {
  accessDenied: "AccessDenied",
  generalException: "GeneralException",
  invalidArgument: "InvalidArgument",
  invalidOperation: "InvalidOperation",
  invalidReference: "InvalidReference",
  invalidRequestContext: "InvalidRequestContext",
  itemAlreadyExists: "ItemAlreadyExists",
  itemNotFound: "ItemNotFound",
  mergedRangeConflict: "MergedRangeConflict",
  nonBlankCellOffSheet: "NonBlankCellOffSheet",
  propertyNotLoaded: "PropertyNotLoaded",
  requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
  runMustReturnPromise: "RunMustReturnPromise",
  valueNotLoaded: "ValueNotLoaded",
  invalidOrTimedOutSession: "InvalidOrTimedOutSession",
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Messages as Office formats them; `{0}` is replaced by the property or argument name. */
export const ErrorMessages: Record<ErrorCode, string> = {
  AccessDenied: "You cannot perform the requested operation.",
  GeneralException: "There was an internal error while processing the request.",
  InvalidArgument: "The argument is invalid or missing or has an incorrect format.",
  InvalidOperation: "The requested operation is invalid.",
  InvalidReference: "This reference is not valid for the current operation.",
  InvalidRequestContext: "Cannot use the object across different request contexts.",
  ItemAlreadyExists: "The resource being created already exists.",
  ItemNotFound: "The requested resource doesn't exist.",
  MergedRangeConflict:
    "Cannot complete the operation. A table can't overlap with another table, a PivotTable report, query results, merged cells, or an XML Map.",
  NonBlankCellOffSheet:
    "Microsoft Excel can't insert new cells because it would push non-empty cells off the end of the worksheet. These non-empty cells might appear empty but have blank values, some formatting, or a formula. Delete enough rows or columns to make room for what you want to insert and then try again.",
  PropertyNotLoaded:
    "The property '{0}' is not available. Before reading the property's value, call the load method on the containing object and call \"context.sync()\" on the associated request context.",
  RequestPayloadSizeLimitExceeded:
    'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
  ResponsePayloadSizeLimitExceeded:
    'The response payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
  RunMustReturnPromise:
    'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation.',
  ValueNotLoaded:
    'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
  InvalidOrTimedOutSession:
    "Your Office Online session has expired or is invalid. To continue, refresh the page.",
};

const HTTP_STATUS: Partial<Record<ErrorCode | "ApiNotFound", number>> = {
  AccessDenied: 401,
  ApiNotFound: 404,
  InvalidArgument: 400,
  PropertyNotLoaded: 400,
  ValueNotLoaded: 400,
  ItemNotFound: 404,
  ItemAlreadyExists: 409,
  RequestPayloadSizeLimitExceeded: 400,
  ResponsePayloadSizeLimitExceeded: 400,
};

export interface EmulatedDebugInfo {
  code: string;
  message: string;
  errorLocation?: string;
  statement?: string;
  surroundingStatements?: string[];
}

export interface EmulatedErrorInit {
  code: string;
  message: string;
  errorLocation?: string;
  statement?: string;
}

/** Mirrors OfficeExtension.Error: name "RichApi.Error", code, message, debugInfo, httpStatusCode. */
export class EmulatedOfficeError extends Error {
  readonly code: string;
  readonly debugInfo: EmulatedDebugInfo;
  readonly httpStatusCode: number;
  readonly traceMessages: string[] = [];
  readonly innerError: Error | null = null;

  constructor(init: EmulatedErrorInit) {
    super(init.message);
    Object.setPrototypeOf(this, EmulatedOfficeError.prototype);
    this.name = "RichApi.Error";
    this.code = init.code;
    this.debugInfo = { code: init.code, message: init.message };
    if (init.errorLocation !== undefined) this.debugInfo.errorLocation = init.errorLocation;
    if (init.statement !== undefined) this.debugInfo.statement = init.statement;
    this.httpStatusCode = HTTP_STATUS[init.code as ErrorCode | "ApiNotFound"] ?? 500;
  }

  override toString(): string {
    return `${this.code}: ${this.message}`;
  }
}

export function officeError(code: ErrorCode, errorLocation?: string, argument?: string): EmulatedOfficeError {
  const template = ErrorMessages[code];
  const message =
    code === ErrorCodes.invalidArgument && argument !== undefined
      ? `The argument '${argument}' doesn't work for this situation, is missing, or isn't in the right format.`
      : template.replace("{0}", argument ?? "");
  const init: EmulatedErrorInit = { code, message };
  if (errorLocation !== undefined) init.errorLocation = errorLocation;
  return new EmulatedOfficeError(init);
}

export function propertyNotLoaded(entity: string, property: string): EmulatedOfficeError {
  return officeError(ErrorCodes.propertyNotLoaded, `${entity}.${property}`, property);
}
