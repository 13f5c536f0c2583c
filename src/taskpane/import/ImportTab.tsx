// The Import tab: the import screens over the pane's one pipeline and the session's company.
// A job still running from an earlier pane (or Excel session) is picked up when the pane's tabs
// first show, whichever tab is open (pickUpRunningImport, called by features.tsx once the screens
// have loaded).
import { useEffect, useState } from "preact/hooks";
import { createLogger } from "../../log/logger";
import { getSession } from "../../session";
import { ImportScreens } from "./ImportScreens";
import { getImportPipeline } from "./runtime";

const log = createLogger("import");
let resumeAsked = false;

/** Follows the workbook's running import, once per pane (called when the feature tabs' screens have loaded). */
export function pickUpRunningImport(): void {
  if (resumeAsked) return;
  resumeAsked = true;
  void getImportPipeline()
    .resumePending()
    .catch((e: unknown) => log.warn("a running import could not be picked up", e));
}

export function ImportTab() {
  const session = getSession();
  const pipeline = getImportPipeline();
  const [state, setState] = useState(session.getState());
  useEffect(() => session.subscribe(setState), [session]);
  const signedIn = state.status === "signed-in" ? state : null;
  return (
    <ImportScreens
      pipeline={pipeline}
      companies={signedIn?.companies ?? []}
      company={signedIn?.company ?? null}
      onSelectCompany={(id) => session.selectCompany(id)}
    />
  );
}
