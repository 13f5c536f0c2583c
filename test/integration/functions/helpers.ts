// Set-up of the functions' integration tests: the CustomFunctions global of the workbench's Office
// emulation (the same Error and ErrorCode the add-in sees there), a signed-in session against the
// in-process emulator, and a cell invocation whose cancellation the test can trigger.
import {
  createCustomFunctionsNamespace,
  CustomFunctionError,
  CustomFunctionRegistry,
} from "../../../dev/office-emulation/custom-functions";
import { createFunctionsContext, type FunctionsContext } from "../../../src/functions/platform";
import { setFunctionsContextForTests } from "../../../src/functions/functions";
import { RequestLayer, type RequestLayerOptions } from "../../../src/functions/requests";
import type { Session } from "../../../src/session/session";

export function installCustomFunctionsGlobal(): void {
  Object.assign(globalThis, {
    CustomFunctions: createCustomFunctionsNamespace(new CustomFunctionRegistry()),
  });
}

export function removeCustomFunctionsGlobal(): void {
  Reflect.deleteProperty(globalThis, "CustomFunctions");
}

export function useContext(session: Session, options: RequestLayerOptions = {}): FunctionsContext {
  const ctx = createFunctionsContext(session, new RequestLayer(options));
  setFunctionsContextForTests(ctx);
  return ctx;
}

export interface TestInvocation extends CustomFunctions.CancelableInvocation {
  cancel(): void;
}

export function invocation(): TestInvocation {
  const inv: TestInvocation = {
    onCanceled: undefined,
    cancel() {
      inv.onCanceled?.();
    },
  };
  return inv;
}

/** The cell error a call ends with (code and message), or a failure when it returned a value. */
export async function cellError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof CustomFunctionError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a cell error");
}
