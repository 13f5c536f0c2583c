// Insert BOQ sheet: the rows with their parents from the platform (endpoint 11, every page), the
// pure row plan of src/boq, written by src/workbook. No DOM; the navigator calls it through props.
import type { PlatformApi } from "../../api/platform";
import { buildSheetPlan, type SheetPlan } from "../../boq/sheetPlan";
import { localeOf, t } from "../../i18n";
import type { WrittenBoqSheet } from "../../workbook/boqSheet";

export interface BoqSheetChoice {
  company: string;
  project: string;
  model: string;
  scheme: string;
  /** "modelVersion.analysisVersion". */
  version: string;
  /** How the analysis is shown to the user (version and date). */
  analysis: string;
}

export type SheetWriter = (plan: SheetPlan, desiredName: string) => Promise<WrittenBoqSheet>;

export async function makeBoqSheet(
  api: Pick<PlatformApi, "getBoq">,
  choice: BoqSheetChoice,
  write: SheetWriter,
  now: Date = new Date(),
): Promise<WrittenBoqSheet> {
  const { rows } = await api.getBoq({
    company: choice.company,
    project: choice.project,
    model: choice.model,
    scheme: choice.scheme,
    version: choice.version,
    parents: true,
  });
  const plan = buildSheetPlan(rows, {
    company: choice.company,
    project: choice.project,
    model: choice.model,
    version: choice.version,
    analysis: choice.analysis,
    scheme: choice.scheme,
    pulledAt: now.toLocaleString(localeOf()),
  });
  return write(plan, t("boq.sheetTabName", { model: choice.model, version: choice.version }));
}
