// The import journey's screens: Source and Check → Preview → Progress → Result, one file per
// step, and the screen of an import whose answer was lost (LostScreen), with the warning that the
// workbook could not keep the import's details under any of them. They render the pipeline's ImportState and send it events (src/import); no Excel or
// network call here.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Company } from "../../api/schemas";
import type { ImportState, RestoreOffer } from "../../import";
import { dismissPopovers } from "../components";
import { LostScreen } from "./LostScreen";
import { PreviewScreen } from "./PreviewScreen";
import { ProgressScreen } from "./ProgressScreen";
import { RestoreScreen } from "./RestoreScreen";
import { ResultScreen } from "./ResultScreen";
import { run, type ImportActions } from "./screen";
import { SettingsWarning } from "./SettingsWarning";
import { SourceScreen } from "./SourceScreen";

export type { ImportActions } from "./screen";

export interface ImportScreensProps {
  pipeline: ImportActions;
  companies: readonly Company[];
  company: Company | null;
  onSelectCompany: (companyId: string) => void;
}

function useImportState(pipeline: ImportActions): ImportState {
  const [state, setState] = useState(pipeline.getState());
  useEffect(() => {
    setState(pipeline.getState());
    return pipeline.subscribe(setState);
  }, [pipeline]);
  return state;
}

/** The follow-up import the result offered ("Restore the previous values"), until sent or cancelled. */
function useResultOffer(pipeline: ImportActions): RestoreOffer | null {
  const pick = (o: RestoreOffer | null) => (o?.origin === "result" ? o : null);
  const [offer, setOffer] = useState(() => pick(pipeline.restoreOffer()));
  useEffect(() => {
    setOffer(pick(pipeline.restoreOffer()));
    return pipeline.subscribeRestore((o) => setOffer(pick(o)));
  }, [pipeline]);
  return offer;
}

export function ImportScreens({ pipeline, companies, company, onSelectCompany }: ImportScreensProps) {
  const state = useImportState(pipeline);
  const offered = useResultOffer(pipeline);
  // An offer made for another job (another log reopened since) is not shown over this one.
  const offer = offered !== null && offered.plan.jobId === state.job.jobId ? offered : null;
  // The company of the session is the import's company; changing it here changes the session's.
  useEffect(() => {
    if (company && state.check.choices.companyId !== company.id)
      pipeline.setChoices({ companyId: company.id, companyName: company.name });
  }, [company?.id, company?.name, state.check.choices.companyId]);

  // The heading of each screen takes the focus when the screen changes, for screen readers and keyboard.
  const heading = useRef<HTMLHeadingElement>(null);
  const screen = screenOf(state);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [screen]);
  // A list left open on one step does not float over the next (checked, previewed, sent…).
  useEffect(() => dismissPopovers(), [state.phase]);

  return (
    <section class="fui-stack" data-testid={`import-${screen}`} aria-labelledby="import-heading">
      {/* Above the screen: what it means matters more than any step of the journey. */}
      <SettingsWarning state={state} pipeline={pipeline} />
      {screen === "source" && (
        <SourceScreen
          state={state}
          pipeline={pipeline}
          companies={companies}
          onSelectCompany={onSelectCompany}
          heading={heading}
        />
      )}
      {screen === "preview" && <PreviewScreen state={state} pipeline={pipeline} heading={heading} />}
      {screen === "progress" && <ProgressScreen state={state} pipeline={pipeline} heading={heading} />}
      {screen === "result" && offer !== null && (
        <RestoreScreen
          offer={offer}
          paneBusy={false}
          onSend={() => run(() => pipeline.sendRestore())}
          onCancel={() => pipeline.cancelRestore()}
        />
      )}
      {screen === "result" && offer === null && (
        <ResultScreen state={state} pipeline={pipeline} heading={heading} />
      )}
      {screen === "lost" && <LostScreen state={state} pipeline={pipeline} heading={heading} />}
    </section>
  );
}

type Screen = "source" | "preview" | "progress" | "result" | "lost";
function screenOf(state: ImportState): Screen {
  switch (state.phase) {
    case "source":
    case "checked":
      return "source";
    case "previewed":
      return "preview";
    case "posting":
    case "following":
      return "progress";
    case "lost":
      return "lost";
    default:
      return "result";
  }
}
