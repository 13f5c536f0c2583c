// The BOQ tab: Refresh this BOQ sheet at the top while the active sheet is a BOQ sheet (offered
// only there, and its answers stay in view), the navigator, and Refresh BOQ formulas; on the
// runtime's session and the BOQ actions wired in ./runtime.
import { useEffect, useState } from "preact/hooks";
import { getSession } from "../../session";
import { BoqNavigator } from "./Navigator";
import { BoqRefresh } from "./RefreshPanel";
import { getBoqActions } from "./runtime";
import { SheetRefreshPanel } from "./SheetRefreshPanel";

export function BoqTab() {
  const state = getSession().getState();
  const signedIn = state.status === "signed-in" ? state : undefined;
  const actions = getBoqActions();
  const [onBoqSheet, setOnBoqSheet] = useState(false);
  useEffect(() => actions.onActiveSheet(setOnBoqSheet), [actions]);
  return (
    <div class="fui-stack-s">
      {onBoqSheet && <SheetRefreshPanel refresh={actions.refreshSheet} />}
      <BoqNavigator
        companies={signedIn?.companies ?? []}
        initialCompanyId={signedIn?.company?.id}
        loadProjects={actions.loadProjects}
        loadAnalyses={actions.loadAnalyses}
        loadPreview={actions.loadPreview}
        checkFormula={actions.checkFormula}
        writeFormula={actions.writeFormula}
        insertSheet={actions.insertSheet}
        compare={actions.compare}
        formattedValues={actions.formattedValues()}
      />
      <BoqRefresh refresh={actions.refreshFormulas} subscribe={actions.onRefreshOutcome} />
    </div>
  );
}
