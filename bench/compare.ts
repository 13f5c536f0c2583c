/**
 * The version comparison (src/boq/compare.ts) of two generated BOQs of the same size, as the
 * platform would send them (OData envelopes, parsed by the add-in's own boundary schema): version
 * B changes 5 % of the quantities, moves 1 % of the leaves to another section, removes 1 %, adds
 * 1 % and changes the unit of 0.5 %. Judged as a ratio to JSON.parse of both responses, the least
 * any client pays for the two BOQs.
 */
import { odataEnvelopeSchema, type BoqRow } from "../src/api/schemas";
import { compareBoqs } from "../src/boq/compare";
import { BUDGETS } from "./budgets";
import { fromRuns, measured, median, type Figure } from "./report";
import { ratiosOf, roundsOf, timeRounds } from "./timing";

const SECTION = "BOQ comparison";
const NIL = "00000000-0000-0000-0000-000000000000";

const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

interface Version {
  text: string;
  rows: BoqRow[];
}

/** A deterministic pseudo-random sequence, so every run compares the same two BOQs. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function version(leaves: number, changed: boolean): Version {
  const next = random(7);
  const sections = Math.max(4, Math.round(leaves / 1000));
  const groupsPerSection = 10;
  const out: Array<Record<string, unknown>> = [];
  const parent = (code: string, id: number, parentId: number | null): void => {
    out.push({
      Code: code,
      Name: `Section ${code}`,
      Unit: "",
      Value: 0,
      Id: uuid(id),
      PlatformId: uuid(id),
      ParentId: parentId === null ? NIL : uuid(parentId),
      ValueCost: 0,
      TotalCost: 0,
      FullTotalCost: 0,
      Version: changed ? 2 : 1,
      LocalVars: [],
    });
  };
  for (let s = 0; s < sections; s++) {
    parent(`${s + 1}`, 1_000_000 + s, null);
    for (let g = 0; g < groupsPerSection; g++)
      parent(`${s + 1}.${g + 1}`, 2_000_000 + s * 100 + g, 1_000_000 + s);
  }
  const groups = sections * groupsPerSection;
  for (let i = 0; i < leaves; i++) {
    const roll = next();
    const removed = changed && roll < 0.01;
    if (removed) continue;
    let group = i % groups;
    if (changed && roll >= 0.01 && roll < 0.02) group = (group + 1) % groups;
    let value = 1 + (i % 97);
    if (changed && roll >= 0.02 && roll < 0.07) value += 1;
    const unit = changed && roll >= 0.07 && roll < 0.075 ? "t" : "m3";
    const unitCost = 10 + (i % 13);
    const s = Math.floor(group / groupsPerSection);
    out.push({
      Code: `${s + 1}.${(group % groupsPerSection) + 1}.${i}`,
      Name: `Position ${i}`,
      Unit: unit,
      Value: value,
      Id: uuid(i + 1),
      PlatformId: uuid(i + 1),
      ParentId: uuid(2_000_000 + s * 100 + (group % groupsPerSection)),
      ValueCost: unitCost,
      TotalCost: value * unitCost,
      FullTotalCost: value * unitCost,
      Version: changed ? 2 : 1,
      LocalVars: [],
    });
  }
  if (changed) {
    for (let k = 0; k < Math.round(leaves / 100); k++) {
      out.push({
        Code: `1.1.new${k}`,
        Name: `New position ${k}`,
        Unit: "m2",
        Value: 3,
        Id: uuid(5_000_000 + k),
        PlatformId: uuid(5_000_000 + k),
        ParentId: uuid(2_000_000),
        ValueCost: 4,
        TotalCost: 12,
        FullTotalCost: 12,
        Version: 2,
        LocalVars: [],
      });
    }
  }
  const text = JSON.stringify({ "@odata.context": "$metadata#UnionTree", value: out });
  return { text, rows: odataEnvelopeSchema.parse(JSON.parse(text)).value };
}

export function compareFigures(leaves: number, iterations: number): Figure[] {
  const a = version(leaves, false);
  const b = version(leaves, true);
  let result = compareBoqs(a.rows, b.rows);
  const rounds = timeRounds(
    [
      { name: "compare", fn: () => (result = compareBoqs(a.rows, b.rows)) },
      { name: "floor", fn: () => [JSON.parse(a.text) as unknown, JSON.parse(b.text) as unknown] },
    ],
    iterations,
  );
  const compareRuns = roundsOf(rounds, "compare");
  const floorRuns = roundsOf(rounds, "floor");
  const compareMs = median(compareRuns);
  const floorMs = median(floorRuns);
  const label = `${leaves / 1000}k`;
  const mb = (Buffer.byteLength(a.text) + Buffer.byteLength(b.text)) / 1024 / 1024;
  return [
    measured({
      id: `boq.compareRatio.${label}`,
      section: SECTION,
      label: `two ${label}-row BOQs compared / JSON.parse of both responses`,
      ...fromRuns(ratiosOf(rounds, "compare", "floor")),
      unit: "ratio",
      floor: { label: "JSON.parse of both responses (median)", value: floorMs, unit: "ms" },
      budget: { max: BUDGETS.boqCompareRatioToJsonParse, unit: "ratio" },
      note: `compareBoqs over ${a.rows.length} and ${b.rows.length} rows (${mb.toFixed(1)} MB of JSON; ${result.counts.changed} changed, ${result.counts.moved} moved, ${result.counts.added} added, ${result.counts.removed} removed), median of ${iterations} rounds, each the comparison then the floor, after one unmeasured run of each: ${compareMs.toFixed(0)} ms against ${floorMs.toFixed(0)} ms (medians; best of each ×${(Math.min(...compareRuns) / Math.min(...floorRuns)).toFixed(2)}).`,
      details: {
        compareMs,
        floorMs,
        compareRunsMs: compareRuns,
        floorRunsMs: floorRuns,
        added: result.counts.added,
        removed: result.counts.removed,
        changed: result.counts.changed,
        moved: result.counts.moved,
      },
    }),
  ];
}
