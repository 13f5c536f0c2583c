// The runtime's data path over the runtime's session: made on first use by whichever comes first,
// a PLATFORM formula (src/functions' engine) or the task pane's BOQ tab (src/boqsheet's wiring).
import { getSession } from "../session";
import { createBoqData, type BoqData } from "./data";
import { installBoqData } from "./slot";

export function sharedBoqData(): BoqData {
  return installBoqData(() => createBoqData(getSession()));
}
