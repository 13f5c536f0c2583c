// Insert comparison sheet against the in-process emulator's comparison demo (Pavilion 1.1 → 2.1,
// emulator/src/revisions.ts): the sheet holds the hand-computed comparison
// (test/fixtures/boqdiff-demo.json), its filter shows the rows that changed, its chart the cost
// change per section; after a comparison of the same two BOQs the sheet asks the platform nothing.
import { createEmulatedExcel, type OfficeEmulation } from "../../../dev/office-emulation";
import { createBoqData, pullComparison, type BoqData } from "../../../src/boqdata";
import {
  insertComparisonSheet,
  type BoqSheetChoice,
  type ComparisonSheetChoice,
} from "../../../src/boqsheet";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { MemoryDocumentSettings } from "../../../src/workbook/documentSettings";
import fixture from "../../fixtures/boqdiff-demo.json";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";

jest.setTimeout(60_000);

const UNION_TREE = "/api/odata/UnionTree";

let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  env = await startEnv();
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  setLogSink(null);
  await env?.emu.stop();
});

function side(version: string): BoqSheetChoice {
  const { company, project, model, scheme } = fixture.request;
  return { company, project, model, scheme, version, analysis: `Analysis ${version}` };
}

const CHOICE: ComparisonSheetChoice = {
  a: side(fixture.request.versionA),
  b: side(fixture.request.versionB),
  showUnchanged: true,
};

function journey(data: BoqData): {
  excel: OfficeEmulation;
  insert: () => ReturnType<typeof insertComparisonSheet>;
} {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] } });
  const deps = {
    excel: excel.run.bind(excel),
    data,
    settings: new MemoryDocumentSettings(),
    now: () => Date.UTC(2026, 10, 26, 1, 0),
  };
  return { excel, insert: () => insertComparisonSheet(deps, CHOICE) };
}

it("writes the demo comparison: every position, filtered to changes, with the chart by section", async () => {
  const data = createBoqData(session);
  const { excel, insert } = journey(data);
  const written = await insert();
  expect(written.sheetName).toBe("Compare Pavilion 1.1-2.1");
  const name = written.sheetName;
  const used = excel.values(name);
  // Positions (items and headings) in the fixture's order, with their kind of change in words.
  const codeAt = used.findIndex((r) => r[1] === "Code");
  const positions = used
    .slice(codeAt + 1)
    .filter((r) => typeof r[0] === "number" && !String(r[2]).startsWith("Total "));
  expect(positions.map((r) => [r[1], r[11]])).toEqual(
    fixture.rows.map((r): unknown[] => [r.code, expect.any(String)]),
  );
  expect(written.rowCount).toBe(fixture.rows.length);
  // The totals at the top.
  const totals = used.find((r) => r[2] === "Total");
  expect(totals?.slice(7, 10)).toEqual([fixture.totalA, fixture.totalB, fixture.deltaTotal]);
  // The filter hides exactly the rows whose whole subtree is unchanged.
  const filter = excel.autoFilter(name);
  expect(filter?.criteria[11]).toMatchObject({ filterOn: "Values" });
  const hidden = excel.hiddenRows(name).map((n) => used[n - 1]?.[1]);
  expect(new Set(hidden)).toEqual(new Set(fixture.rows.filter((r) => !r.shown).map((r) => r.code)));
  // The chart: one bar per top-level section, its Δ total, increases and decreases apart.
  const [chart] = excel.charts(name);
  expect(chart?.type).toBe("BarStacked");
  expect(chart?.title).toBe("Cost change by section");
  expect(chart?.series.map((x) => x.values)).toEqual([
    fixture.sections.map((s) => (s.deltaTotal > 0 ? s.deltaTotal : null)),
    fixture.sections.map((s) => (s.deltaTotal < 0 ? s.deltaTotal : null)),
  ]);
});

it("after the same comparison was pulled, the sheet asks the platform nothing", async () => {
  const data = createBoqData(session);
  await pullComparison(data, {
    a: {
      company: { kind: "name", name: fixture.request.company },
      project: { kind: "name", name: fixture.request.project },
      model: { kind: "name", name: "Pavilion" },
      scheme: "Main scheme",
      version: "1.1",
      parents: true,
    },
    b: {
      company: { kind: "name", name: fixture.request.company },
      project: { kind: "name", name: fixture.request.project },
      model: { kind: "name", name: "Pavilion" },
      scheme: "Main scheme",
      version: "2.1",
      parents: true,
    },
  });
  const before = countRequests(env, "GET", UNION_TREE);
  const asked = env.requests.length;
  await journey(data).insert();
  expect(countRequests(env, "GET", UNION_TREE)).toBe(before);
  expect(env.requests.slice(asked)).toEqual([]);
});
