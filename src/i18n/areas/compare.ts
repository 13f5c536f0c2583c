// Messages of the comparison of two bills of quantities (issue 28): the change kinds as a cell or
// a line says them, the comparison's columns (PLATFORM.BOQDIFF's header row and the comparison
// sheet's), the comparison sheet's header block, totals and chart, and the navigator's words for
// "Compare with…". A position is feminine in Russian ("позиция"), hence "добавлена".
import { defineEnglish } from "../types";

export const compare = defineEnglish({
  en: {
    // The change of one row (src/boq/compare.ts BoqChange), as the Change column shows it.
    added: "added",
    removed: "removed",
    changed: "changed",
    moved: "moved",
    unchanged: "unchanged",
    /** An unchanged parent with changes below it (the comparison sheet's filter keeps it). */
    unchangedWithin: "unchanged, changes below",
    // What a row's change says besides its kind.
    movedFromTo: "moved from {from} to {to}",
    movedFromTop: "moved from the top level to {to}",
    movedToTop: "moved from {from} to the top level",
    unitChanged: "unit changed: {from} → {to}",
    codeChanged: "code changed: {from} → {to}",
    nameChanged: "name changed: {from} → {to}",
    /** A parent named in a moved row: its code and name. */
    parentRef: "{code} {name}",
    // The comparison's columns.
    colCode: "Code",
    colName: "Name",
    colUnit: "Unit",
    colQuantityA: "Quantity A",
    colQuantityB: "Quantity B",
    colDeltaQuantity: "Δ quantity",
    colTotalA: "Total A",
    colTotalB: "Total B",
    colDeltaTotal: "Δ total",
    colDeltaPercent: "Δ %",
    colChange: "Change",
    colDetails: "Details",
    /** Two values of the two sides: units, models or schemes. */
    pair: "{a} → {b}",
    // The comparison sheet.
    sheetTitle: "Comparison of bills of quantities",
    sheetTabName: "Compare {model} {versionA}-{versionB}",
    sideA: "Version A",
    sideB: "Version B",
    company: "Company",
    project: "Project",
    model: "Model",
    scheme: "Priority scheme",
    versionLine: "{version}: {analysis}",
    pulled: "Pulled",
    totalsHeading: "Totals",
    grandTotal: "Total",
    sectionTotal: "Total {name}",
    counts: "Added: {added}, removed: {removed}, changed: {changed}, moved: {moved}, unchanged: {unchanged}",
    filterNote: "The filter on the Change column shows the rows that changed; clear it to see every row.",
    unitNote: "Where the unit changed, the quantities are not subtracted.",
    chartTitle: "Cost change by section",
    chartIncrease: "Cost up",
    chartDecrease: "Cost down",
    chartCategory: "Section",
    noDifference: "The two bills of quantities are the same.",
    // The navigator's "Compare with…" and the journey's outcome.
    compareWith: "Compare with…",
    compareHint:
      "Pick another version or analysis to see what changed in quantities and cost between the two.",
    insertSheet: "Insert comparison sheet",
    insertSheetHint:
      "Adds a sheet with the difference: sections grouped, increases and decreases coloured, filtered to changed rows, and a chart of the cost change per section.",
    insertFormula: "Insert comparison formula",
    sheetInserted: "Sheet “{sheet}” compares the two versions: {rows} rows.",
    sheetFailed: "The comparison sheet could not be made: {message}",
    tooLarge:
      "The comparison has {rows} rows, more than a formula can show. Insert the comparison sheet from the task pane instead.",
  },
});
