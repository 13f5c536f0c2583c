// A comparison's rows in words (issue 28), shared by PLATFORM.BOQDIFF's Change column, the
// navigator's preview and the comparison sheet: src/boq gives kinds and values, these say them in
// the user's language (or the one asked for).
import type { BoqChange, ComparedRow, ParentRef } from "../boq/compare";
import { t, type Language } from "../i18n";
import "../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module

/** A change kind as a cell says it; "unchangedWithin": an unchanged parent with changes below it. */
export function changeText(kind: BoqChange | "unchangedWithin", language?: Language): string {
  return t(`compare.${kind}`, {}, language);
}

function parentText(parent: ParentRef, language?: Language): string {
  return t("compare.parentRef", { code: parent.code, name: parent.name }, language).trim();
}

/**
 * What a row's change says besides its kind, "; "-separated: where it moved from and to (a
 * parent by code and name, or the top level), a unit, code or name that differs. "" for none.
 */
export function changeDetails(row: ComparedRow, language?: Language): string {
  const parts: string[] = [];
  if (row.change === "moved") {
    const from = row.movedFrom ?? null;
    const to = row.movedTo ?? null;
    if (from && to)
      parts.push(
        t(
          "compare.movedFromTo",
          { from: parentText(from, language), to: parentText(to, language) },
          language,
        ),
      );
    else if (to) parts.push(t("compare.movedFromTop", { to: parentText(to, language) }, language));
    else if (from) parts.push(t("compare.movedToTop", { from: parentText(from, language) }, language));
  }
  if (row.unitChanged && row.unitA !== undefined)
    parts.push(t("compare.unitChanged", { from: row.unitA, to: row.unit }, language));
  if (row.codeA !== undefined)
    parts.push(t("compare.codeChanged", { from: row.codeA, to: row.code }, language));
  if (row.nameA !== undefined)
    parts.push(t("compare.nameChanged", { from: row.nameA, to: row.name }, language));
  return parts.join("; ");
}
