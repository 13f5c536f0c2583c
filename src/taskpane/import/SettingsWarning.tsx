// The workbook could not save the import's details (Office refused to save its document settings):
// what it means for the user, Office's reason behind "Show details", and the details (with the
// log once there is one) to download. Gone once a later save works.
import type { ImportPipeline, ImportState } from "../../import";
import { t } from "../../i18n";
import { Button, MessageBar } from "../components";
import { download, say } from "./screen";

export function SettingsWarning({
  state,
  pipeline,
}: {
  state: ImportState;
  pipeline: Pick<ImportPipeline, "logJson">;
}) {
  const error = state.settingsError;
  if (!error) return null;
  return (
    <div data-testid="import-settings-error">
      <MessageBar
        intent="warning"
        details={error.detail}
        actions={
          <Button name="downloadDetails" onClick={() => download(pipeline.logJson(), state.jobId)}>
            {state.log ? t("import.downloadLog") : t("import.downloadDetails")}
          </Button>
        }
      >
        {say(error)} {t("import.settingsKeep")}
      </MessageBar>
    </div>
  );
}
