// Ignored rows' reasons and the result's sentence for a job that changed nothing, in words.

import { mainText } from "../../api/serverText";
import { t, type Language } from "../../i18n";
import "../../i18n/deferred"; // the import messages load with this module
import type { IgnoredReason, NothingChanged } from "../model/ignoredReasons";

/**
 * One ignored row's reason in words: the platform's as given; the add-in's with the evidence it
 * reads it from; otherwise "no reason", with the possible causes said as possibilities.
 */
export function reasonText(reason: IgnoredReason, language: Language): string {
  const w = (key: Parameters<typeof t>[0], values?: Record<string, string>) => t(key, values, language);
  switch (reason.kind) {
    case "platform":
      return reason.text;
    case "unchanged":
      return w("import.reasonUnchanged");
    case "repeated-code":
      return w("import.reasonRepeatedCode", { code: reason.code });
    case "none": {
      if (reason.possible.length === 0) return w("import.reasonNone");
      const causes = reason.possible.map((p) =>
        p.cause === "parent-missing"
          ? w("import.possibleParent", { parent: p.parent })
          : p.cause === "unit-unknown"
            ? w("import.possibleUnit", { unit: p.unit })
            : w("import.possibleCodeTaken"),
      );
      return w("import.reasonPossible", { causes: causes.join(w("import.possibleJoin")) });
    }
  }
}

/** The result's one sentence for a job that changed nothing: what happened, why, and the fix. */
export function nothingText(nothing: NothingChanged, language: Language): string {
  const count = nothing.count;
  const one = nothing.value !== "";
  const main = ((): string => {
    switch (nothing.kind) {
      case "platform":
        return t(
          "import.nothingPlatform",
          // The platform's words in a sentence: its share, not the cell's (api/serverText.ts).
          { count, reason: mainText(nothing.value) || t("import.reasonsVary", {}, language) },
          language,
        );
      case "unchanged":
        return t("import.nothingUnchanged", { count }, language);
      case "parent-missing":
        return one
          ? t("import.nothingParentMissing", { count, parent: nothing.value }, language)
          : t("import.nothingParentsMissing", { count }, language);
      case "repeated-code":
        return t("import.nothingRepeatedCode", { count }, language);
      case "unit-unknown":
        return one
          ? t("import.nothingUnitUnknown", { count, unit: nothing.value }, language)
          : t("import.nothingUnitsUnknown", { count }, language);
      case "none":
        return t("import.nothingNone", { count }, language);
    }
  })();
  const others = nothing.ignored - count;
  return others > 0 ? `${main} ${t("import.nothingOthers", { count: others }, language)}` : main;
}
