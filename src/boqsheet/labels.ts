// The words of a BOQ sheet in the user's language (src/boq's sheet plan has none of its own).
import type { SheetLabels } from "../boq/sheetPlan";
import { t, type Language } from "../i18n";
import "../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module

export function sheetLabels(language?: Language): SheetLabels {
  const say = (key: Parameters<typeof t>[0]): string => t(key, {}, language);
  return {
    title: say("boq.sheetTitle"),
    company: say("boq.sheetCompany"),
    project: say("boq.sheetProject"),
    model: say("boq.sheetModel"),
    version: say("boq.sheetVersion"),
    analysis: say("boq.sheetAnalysis"),
    scheme: say("boq.sheetScheme"),
    pulled: say("boq.sheetPulled"),
    currency: say("boqSheet.currency"),
    headerLine: (label, value) => t("boq.sheetHeaderLine", { label, value }, language),
    yours: say("boqSheet.yours"),
    level: say("boq.sheetLevel"),
    code: say("boq.sheetCode"),
    name: say("boq.sheetName"),
    unit: say("boq.sheetUnit"),
    quantity: say("boq.sheetQuantity"),
    adjustedQuantity: say("boqSheet.adjustedQuantity"),
    unitCost: say("boq.sheetUnitCost"),
    adjustedUnitCost: say("boqSheet.adjustedUnitCost"),
    total: say("boq.sheetTotal"),
    sectionTotal: (name) => t("boqSheet.sectionTotal", { name }, language),
    platformTotal: say("boq.sheetPlatformTotal"),
    differs: say("boq.sheetDiffers"),
    differsMark: say("boq.sheetDiffersMark"),
    note: say("boqSheet.note"),
    key: say("boqSheet.key"),
    record: say("boqSheet.record"),
  };
}
