// The task pane shell: the product header, a status line and the place where the screens of the
// features (sign-in, catalog import, BOQ) are mounted.
import type { ComponentChildren } from "preact";

export const PRODUCT_NAME = "BOQ Bridge";
/** Office.HostType.Excel; compared as text so the shell does not need the enum at runtime. */
const EXCEL_HOST = "Excel";
const TAGLINE = "Price catalogs to the platform, bills of quantities into cells.";

export interface AppProps {
  /** The Office host reported by Office.onReady; null when the page runs outside Office. */
  host: Office.HostType | null;
  /** The screens of the features. */
  children?: ComponentChildren;
}

function hostStatus(host: Office.HostType | null): string {
  if (host !== null && String(host) === EXCEL_HOST) {
    return "Connected to Excel. PLATFORM.* functions are available in this workbook.";
  }
  return "Not running inside Excel: open this add-in from Excel's Home tab to work with a workbook.";
}

export function App({ host, children }: AppProps) {
  return (
    <div class="boq-shell">
      <header class="boq-header">
        <img class="boq-logo" src="assets/icon-32.png" alt="" width={32} height={32} />
        <div>
          <h1 class="boq-title">{PRODUCT_NAME}</h1>
          <p class="boq-tagline">{TAGLINE}</p>
        </div>
      </header>
      <p class="boq-status" role="status">
        {hostStatus(host)}
      </p>
      <main class="boq-screens">{children}</main>
    </div>
  );
}

/** What a signed-in user can do, until the feature screens take this place. */
export function GettingStarted() {
  return (
    <section class="boq-intro">
      <h2>Getting started</h2>
      <ul>
        <li>
          Type <code>=PLATFORM.VERSIONTAG(3, 2)</code> in a cell to build the version of a bill of quantities
          (model version 3, analysis version 2).
        </li>
        <li>
          Refresh BOQ on the Home tab recalculates every formula of the workbook, PLATFORM ones included.
        </li>
        <li>The company chosen above is the one the platform is asked about.</li>
      </ul>
    </section>
  );
}
