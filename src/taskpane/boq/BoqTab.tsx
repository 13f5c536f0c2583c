// The BOQ tab: the navigator and Refresh, on the runtime's session.
import { getSession } from "../../session";
import { getActiveSheet, insertBoqSheet, refreshBoqSheetInPlace } from "../../workbook/boqSheet";
import { documentSettings } from "../../workbook/documentSettings";
import { insertFormulaAtSelection } from "../../workbook/insertFormula";
import { makeBoqSheet, refreshActiveBoqSheet } from "./boqSheetAction";
import { BoqNavigator } from "./Navigator";
import { BoqRefresh } from "./RefreshPanel";
import { SheetRefreshPanel } from "./SheetRefreshPanel";

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
        insertSheet={(choice) => makeBoqSheet(session.api, choice, insertBoqSheet, documentSettings())}
      />
      <SheetRefreshPanel
        refresh={() =>
          refreshActiveBoqSheet(session.api, {
            activeSheet: getActiveSheet,
            rewrite: refreshBoqSheetInPlace,
            settings: documentSettings(),
          })
        }
      />
      <BoqRefresh />
    </div>
  );
}
