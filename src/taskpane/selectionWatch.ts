// The workbook's selection, followed for the pane's popovers: a list left open in the pane closes
// when the user selects other cells, so it never covers the button the user comes back to press
// ("Use the selection and check" below the catalog list). Registered once, when the feature
// screens load; a host without the event (or no Excel at all) leaves the other ways of closing.
import { createLogger } from "../log/logger";
import { onSelectionChanged, runExcel } from "../workbook";
import { dismissPopovers } from "./components";

const log = createLogger("pane");
let registered = false;

export function closePopoversOnSelectionChange(): void {
  if (registered) return;
  registered = true;
  // Through a promise: where there is no Excel the runner throws at once.
  Promise.resolve()
    .then(() => runExcel((context) => onSelectionChanged(context, dismissPopovers)))
    .catch((error: unknown) => log.warn("the workbook's selection cannot be followed", error));
}
