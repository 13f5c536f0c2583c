// The functions runtime's one error boundary, used by every PLATFORM function. A custom function
// must always answer its cell: never a cell left on #BUSY or a bare #VALUE!.
//
// Use it inside each exported function (the JSDoc'd declaration itself must stay a plain
// function for custom-functions-metadata):
//
//   export function myFunction(x: number): string {
//     return guard("MYFUNCTION", () => compute(x));            // synchronous body
//   }
//   export function myAsync(x: string): Promise<number> {
//     return guardAsync("MYASYNC", () => fetchSomething(x));   // asynchronous body
//   }
//
// What a cell shows: the body's own CustomFunctions.Error as it is; an expected failure of the BOQ
// path mapped as habit 2 says, by src/boqdata's cellFailure (the navigator's Insert formula words
// a failed cell with the same mapping); anything else is unexpected: #N/A naming the function, and
// a redacted log line.
import { cellFailure } from "../boqdata";
import { t } from "../i18n";
import { createLogger } from "../log/logger";

const log = createLogger("functions");

/** The cell error for a failure of the function `name` ("BOQ"); an unexpected one is logged. */
export function cellError(name: string, error: unknown): CustomFunctions.Error {
  if (error instanceof CustomFunctions.Error) return error;
  const failure = cellFailure(error);
  if (failure) return new CustomFunctions.Error(CustomFunctions.ErrorCode[failure.code], failure.message);
  const fullName = `PLATFORM.${name}`;
  log.error(`${fullName} failed unexpectedly.`, error);
  return new CustomFunctions.Error(
    CustomFunctions.ErrorCode.notAvailable,
    t("errors.functionUnexpected", { name: fullName }),
  );
}

/** Runs a synchronous function body; every failure becomes a cell error. */
export function guard<T>(name: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    throw cellError(name, error);
  }
}

/** Runs an asynchronous function body; it always settles, and every failure becomes a cell error. */
export async function guardAsync<T>(name: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw cellError(name, error);
  }
}
