// Rows hanging under parent codes that are not in the list: Import asks first when they are more
// than half of the rows sent, and one click adds the missing parents as rows below the range (the
// range grows and is checked again: nothing is sent that the user did not see).
import { useState } from "preact/hooks";
import { missingParentsAsk, type ImportState, type ParentsAdded } from "../../import";
import { errorText, t } from "../../i18n";
import { Button, MessageBar } from "../components";
import type { ImportActions } from "./screen";

const NAMED_PARENTS = 3;

/** The question's sentence: one parent named, or the first few and how many more. */
export function askText(state: ImportState): string | null {
  const ask = missingParentsAsk(state.send.prediction);
  if (ask === null) return null;
  const [first] = ask.parents;
  if (ask.parents.length === 1 && first !== undefined) {
    return t("prediction.askOne", { hanging: ask.hanging, sent: ask.sent, parent: first });
  }
  const named = ask.parents
    .slice(0, NAMED_PARENTS)
    .map((c) => `“${c}”`)
    .join(", ");
  const rest = ask.parents.length - NAMED_PARENTS;
  const parents = rest > 0 ? t("prediction.askMore", { list: named, count: rest }) : named;
  return t("prediction.askMany", { hanging: ask.hanging, sent: ask.sent, parents });
}

function addedText(result: ParentsAdded | null): string | null {
  if (result === null || "added" in result) return null;
  if ("occupied" in result) return t("prediction.addBlocked", { address: result.occupied });
  return t("prediction.addFailed", { reason: result.failed });
}

/** "Add the missing parents as rows", with what stopped it (cells below not empty, Excel's refusal). */
export function AddParentsButton({
  state,
  pipeline,
  appearance = "secondary",
}: {
  state: ImportState;
  pipeline: Pick<ImportActions, "addMissingParents">;
  appearance?: "primary" | "secondary";
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ParentsAdded | null>(null);
  const count = state.send.prediction?.addParents.length ?? 0;
  if (count === 0) return null;
  const problem = addedText(result);
  return (
    <div class="fui-stack-s">
      <Button
        appearance={appearance}
        name="addParents"
        busy={busy}
        onClick={() => {
          setBusy(true);
          void pipeline
            .addMissingParents()
            .then(setResult, (e: unknown) => setResult({ failed: errorText(e) }))
            .finally(() => setBusy(false));
        }}
      >
        {t("prediction.addParents", { count })}
      </Button>
      <p class="fui-caption">{t("prediction.addParentsHint")}</p>
      {problem !== null && (
        <MessageBar intent="error">
          <span data-testid="prediction-add-problem">{problem}</span>
        </MessageBar>
      )}
    </div>
  );
}

/** The question Import asks first, with the fix, "Import anyway" and "Cancel". */
export function MissingParentsQuestion({
  state,
  pipeline,
  onImport,
  onCancel,
}: {
  state: ImportState;
  pipeline: Pick<ImportActions, "addMissingParents">;
  onImport: () => void;
  onCancel: () => void;
}) {
  const text = askText(state);
  if (text === null) return null;
  return (
    <div class="fui-stack-s" role="alertdialog" aria-labelledby="import-ask-text" data-testid="import-ask">
      <MessageBar intent="warning">
        <span id="import-ask-text">{text}</span>
      </MessageBar>
      <AddParentsButton state={state} pipeline={pipeline} appearance="primary" />
      <div class="fui-row">
        <Button name="cancelImport" onClick={onCancel}>
          {t("prediction.cancel")}
        </Button>
        <Button name="importAnyway" onClick={onImport}>
          {t("prediction.importAnyway")}
        </Button>
      </div>
    </div>
  );
}
