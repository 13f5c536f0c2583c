// A compared row in words (src/boqdata/compareWords.ts), as PLATFORM.BOQDIFF, the preview and the
// comparison sheet say it: where a row moved (to or from the top level too), and what else differs.
import type { ComparedRow } from "../../src/boq/compare";
import { changeDetails, changeText } from "../../src/boqdata";

const base: ComparedRow = {
  change: "changed",
  level: 3,
  hasChildren: false,
  code: "4.1.2",
  name: "Waterproofing membrane",
  unit: "m²",
  unitChanged: false,
  quantityA: 100,
  quantityB: 100,
  deltaQuantity: 0,
  totalA: 60000,
  totalB: 60000,
  deltaTotal: 0,
  deltaRatio: 0,
};
const concrete = { code: "1.2", name: "Concrete works" };
const roof = { code: "4.1", name: "Roof layers" };

it("names both parents of a moved row, and the top level where it has none", () => {
  const moved = { ...base, change: "moved" as const, movedFrom: concrete, movedTo: roof };
  expect(changeDetails(moved, "en")).toBe("moved from 1.2 Concrete works to 4.1 Roof layers");
  expect(changeDetails(moved, "ru")).toBe("перемещена из «1.2 Concrete works» в «4.1 Roof layers»");
  expect(changeDetails({ ...moved, movedFrom: null }, "en")).toBe(
    "moved from the top level to 4.1 Roof layers",
  );
  expect(changeDetails({ ...moved, movedTo: null }, "en")).toBe(
    "moved from 1.2 Concrete works to the top level",
  );
});

it("says every other difference, in order, and nothing for a row that only changed its figures", () => {
  expect(changeDetails(base, "en")).toBe("");
  const all = { ...base, unitChanged: true, unitA: "m³", codeA: "1.2.4", nameA: "Membrane" };
  expect(changeDetails(all, "en")).toBe(
    "unit changed: m³ → m²; code changed: 1.2.4 → 4.1.2; name changed: Membrane → Waterproofing membrane",
  );
});

it("words each change kind, and an unchanged parent with changes below", () => {
  expect(changeText("added", "en")).toBe("added");
  expect(changeText("removed", "ru")).toBe("удалена");
  expect(changeText("unchangedWithin", "en")).toBe("unchanged, changes below");
});
