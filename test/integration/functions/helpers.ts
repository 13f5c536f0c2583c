// Set-up of the functions' integration tests: the CustomFunctions global of the workbench's Office
// emulation (the same Error and ErrorCode the add-in sees there), the runtime's BOQ data path over
// a session against the in-process emulator, and a cell invocation whose cancellation the test can
// trigger.
import {
  createCustomFunctionsNamespace,
  CustomFunctionError,
  CustomFunctionRegistry,
} from "../../../dev/office-emulation/custom-functions";
import {
  createBoqData,
  RequestLayer,
  setBoqDataForTests,
  type BoqData,
  type RequestLayerOptions,
} from "../../../src/boqdata";
import type { Session } from "../../../src/session/session";

export function installCustomFunctionsGlobal(): void {
  Object.assign(globalThis, {
    CustomFunctions: createCustomFunctionsNamespace(new CustomFunctionRegistry()),
  });
}

export function removeCustomFunctionsGlobal(): void {
  Reflect.deleteProperty(globalThis, "CustomFunctions");
}

/** A fresh data path over `session`, made the runtime's one (what the functions and the pane use). */
export function useContext(session: Session, options: RequestLayerOptions = {}): BoqData {
  const data = createBoqData(session, new RequestLayer(options));
  setBoqDataForTests(data);
  return data;
}

/** Drops the runtime's data path. */
export function dropContext(): void {
  setBoqDataForTests(undefined);
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
