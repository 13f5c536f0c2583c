// The BOQ tab: the navigator and the two refreshes, on the runtime's session and the BOQ actions
// wired in ./runtime.
import { getSession } from "../../session";
import { BoqNavigator } from "./Navigator";
import { BoqRefresh } from "./RefreshPanel";
import { getBoqActions } from "./runtime";
import { SheetRefreshPanel } from "./SheetRefreshPanel";

export function BoqTab() {
  const state = getSession().getState();
  const signedIn = state.status === "signed-in" ? state : undefined;
  const actions = getBoqActions();
  return (
    <div class="fui-stack-s">
      <BoqNavigator
        companies={signedIn?.companies ?? []}
        initialCompanyId={signedIn?.company?.id}
        loadProjects={actions.loadProjects}
        loadAnalyses={actions.loadAnalyses}
        loadPreview={actions.loadPreview}
        checkFormula={actions.checkFormula}
        writeFormula={actions.writeFormula}
        insertSheet={actions.insertSheet}
      />
      <SheetRefreshPanel refresh={actions.refreshSheet} />
      <BoqRefresh refresh={actions.refreshFormulas} subscribe={actions.onRefreshOutcome} />
    </div>
  );
}
