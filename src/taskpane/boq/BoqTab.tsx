// The BOQ tab: the navigator and Refresh, on the runtime's session.
import { getSession } from "../../session";
import { insertFormulaAtSelection } from "../../workbook/insertFormula";
import { BoqNavigator } from "./Navigator";
import { BoqRefresh } from "./RefreshPanel";

export function BoqTab() {
  const session = getSession();
  const state = session.getState();
  const signedIn = state.status === "signed-in" ? state : undefined;
  return (
    <div class="fui-stack-s">
      <BoqNavigator
        api={session.api}
        companies={signedIn?.companies ?? []}
        initialCompanyId={signedIn?.company?.id}
        insertFormula={insertFormulaAtSelection}
      />
      <BoqRefresh />
    </div>
  );
}
