// The functions runtime's error boundary. A custom function that fails in a way its code did not
// expect must still answer its cell: with a CustomFunctions.Error (#N/A and a sentence the user
// can act on), logged redacted, never an unanswered cell left on #BUSY or a bare #VALUE!.
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
// Failures the body already turned into a CustomFunctions.Error (bad argument → #VALUE!, not
// found → #N/A) pass through unchanged; anything else becomes errors.functionUnexpected.
import { t } from "../i18n";
import { createLogger } from "../log/logger";

const log = createLogger("functions");

/** The cell error for a failure: the body's own CustomFunctions.Error, or #N/A saying it was unexpected. */
export function cellError(name: string, error: unknown): CustomFunctions.Error {
  if (error instanceof CustomFunctions.Error) return error;
  const fullName = `PLATFORM.${name}`;
  log.error(`${fullName} failed unexpectedly.`, error);
  return new CustomFunctions.Error(
    CustomFunctions.ErrorCode.notAvailable,
    t("errors.functionUnexpected", { name: fullName }),
  );
}

/** Runs a synchronous function body; an unexpected failure becomes a cell error. */
export function guard<T>(name: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    throw cellError(name, error);
  }
}

/** Runs an asynchronous function body; it always settles, and an unexpected failure becomes a cell error. */
export async function guardAsync<T>(name: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw cellError(name, error);
  }
}
