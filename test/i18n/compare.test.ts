// The comparison's words (issue 28): every change kind the comparison gives has its own words in
// each language, and the lines that name a change fill in both sides.
import type { BoqChange } from "../../src/boq/compare";
import { t, LANGUAGES } from "../../src/i18n";
import "../../src/i18n/deferredBoq"; // the comparison's messages, as its callers load them

const KINDS: readonly BoqChange[] = ["added", "removed", "changed", "moved", "unchanged"];

it.each(LANGUAGES)("each change kind has words of its own in %s", (language) => {
  const words = KINDS.map((kind) => t(`compare.${kind}`, {}, language));
  expect(new Set(words).size).toBe(KINDS.length);
  for (const [i, kind] of KINDS.entries()) expect(words[i]).not.toBe(`compare.${kind}`);
});

it("says where a row moved and how its unit changed, in both languages", () => {
  const parents = { from: "1.2 Concrete works", to: "4.1 Roof layers" };
  expect(t("compare.movedFromTo", parents, "en")).toBe("moved from 1.2 Concrete works to 4.1 Roof layers");
  expect(t("compare.movedFromTo", parents, "ru")).toBe(
    "перемещена из «1.2 Concrete works» в «4.1 Roof layers»",
  );
  expect(t("compare.unitChanged", { from: "m²", to: "m³" }, "en")).toBe("unit changed: m² → m³");
  expect(t("compare.unitChanged", { from: "м²", to: "м³" }, "ru")).toBe("единица изменена: м² → м³");
});
