// Messages of the BOQ sheet (issue 27): the estimator's columns, section totals, the currency line,
// and Refresh this BOQ sheet (what changed, the questions it asks first).
import { defineEnglish } from "../types";

export const boqSheet = defineEnglish({
  en: {
    currency: "Currency",
    currencyUnknown: "not stated by the platform",
    yours:
      "Adjusted quantity, Adjusted unit cost and Note are your columns: Refresh keeps them on their rows, and Total uses your adjusted values where you give them.",
    adjustedQuantity: "Adjusted quantity",
    adjustedUnitCost: "Adjusted unit cost",
    note: "Note",
    sectionTotal: "Total {name}",
    key: "Row id",
    record: "Platform values",
    refreshButton: "Refresh this BOQ sheet",
    refreshing: "Refreshing the sheet…",
    refreshHint:
      "Pulls this sheet's bill of quantities again. Rows stay where they are, so formulas pointing at them stay right; your adjusted values and notes stay on their rows.",
    refreshed:
      "Sheet “{sheet}” refreshed. Rows changed: {changed}, added: {added}, removed: {removed}, moved: {moved}.",
    refreshedHighlighted: "What changed is highlighted in yellow on the sheet.",
    refreshedSame: "Sheet “{sheet}” refreshed: the bill of quantities has not changed.",
    changesHeading: "What changed",
    changeLine: "Row {row}, {code} {name}: {changes}",
    fieldChange: "{field} {before} → {after}",
    addedLine: "Row {row}, {code} {name}: new",
    movedLine: "Row {row}, {code} {name}: moved here from row {from}, with your entries",
    removedLine: "{code} {name}: no longer in the bill of quantities",
    more: "…and {count} more, highlighted on the sheet.",
    empty: "empty",
    askTypedHeading: "Refresh would replace what you typed",
    askTypedIntro:
      "These cells of the platform's columns hold something else than the platform wrote there. Refresh puts the platform's values back; to keep a value of your own, move it to Adjusted quantity, Adjusted unit cost or Note first.",
    typedLine: "{cell} ({column}, {code}): you typed {typed}, the platform gives {platform}",
    typedFormulaLine:
      "{cell} ({column}, {code}): you typed {typed} over the sheet's formula, which comes back",
    lostIntro: "These rows are no longer in the bill of quantities; they go, with what you entered on them:",
    lostLine: "Row {row}, {code} {name}: {entries}",
    replace: "Replace and refresh",
    cancel: "Keep the sheet as it is",
    cancelled: "Nothing was changed on the sheet.",
    askRebuildHeading: "This sheet has the earlier layout",
    askRebuildText:
      "Sheet “{sheet}” was made by an earlier version: section totals sit above their rows, so Excel's outline buttons land on the next section, and it has no columns of your own. Refresh makes it once more in the new layout: what you typed on it is replaced, and formulas on other sheets that point into it will show #REF!.",
    rebuild: "Make it again",
    rebuilt:
      "Sheet “{sheet}” made again in the new layout, with the bill of quantities as the platform holds it now.",
  },
});
