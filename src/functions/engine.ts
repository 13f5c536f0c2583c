// What the custom functions do once a cell calls one: the platform requests, the session and the
// request layer (with zod's schemas, the HTTP client and p-limit behind them). functions.ts loads
// this module on the first call, not before registering the functions, so the shared runtime
// registers them after loading only the thin wrappers (bench: bundle.page.functions). The task
// pane imports the session statically; webpack's single runtime makes both the same instance.
import { getSession } from "../session";
import * as platform from "./platform";
import { RequestLayer } from "./requests";

export { platform };

/** The runtime's functions context on the shared session (cache and request limit for every cell). */
export function createContext(): platform.FunctionsContext {
  return platform.createFunctionsContext(getSession(), new RequestLayer());
}
