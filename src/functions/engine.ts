// What the custom functions do once a cell calls one: their bodies (./platform) on the runtime's
// BOQ data path (src/boqdata: the session, the request layer, with zod's schemas, the HTTP client
// and p-limit behind them). functions.ts loads this module on the first call, not before
// registering the functions, so the shared runtime registers them after loading only the thin
// wrappers (bench: bundle.page.functions). The task pane reaches the same data path through the
// runtime's slot; webpack's single runtime makes the session the same instance too.
import { sharedBoqData, type BoqData } from "../boqdata";
import * as diff from "./boqdiff";
import * as platform from "./platform";

export { platform, diff };

/** The runtime's data path (cache and request limit for every cell, shared with the pane's BOQ sheet). */
export function boqData(): BoqData {
  return sharedBoqData();
}
