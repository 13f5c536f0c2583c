// The workbook could not save the import's details (Office refused to save its document settings),
// or this computer could not note the running import outside the workbook (its storage for add-ins
// refused): what it means for the user, Office's reason behind "Show details", and the details
// (with the log once there is one) to download. Each goes once a later save or note works.
import type { ImportPipeline, ImportState, Said } from "../../import";
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
  const warnings: Array<{ id: string; error: Said; keep: string }> = [];
  if (state.warnings.settingsError) {
    warnings.push({
      id: "import-settings-error",
      error: state.warnings.settingsError,
      keep: t("import.settingsKeep"),
    });
  }
  if (state.warnings.keptOutsideError) {
    warnings.push({
      id: "import-kept-error",
      error: state.warnings.keptOutsideError,
      keep: t("import.keptKeep"),
    });
  }
  return (
    <>
      {warnings.map(({ id, error, keep }) => (
        <div data-testid={id} key={id}>
          <MessageBar
            intent="warning"
            details={error.detail}
            actions={
              <Button name="downloadDetails" onClick={() => download(pipeline.logJson(), state.job.jobId)}>
                {state.log.log ? t("import.downloadLog") : t("import.downloadDetails")}
              </Button>
            }
          >
            {say(error)} {keep}
          </MessageBar>
        </div>
      ))}
    </>
  );
}
