// Two versions of the emulator's comparison demo model (Pavilion, emulator/src/revisions.ts)
// compared through the data path: the rows and totals equal the expectation worked out by hand in
// test/fixtures/boqdiff-demo.json, and identical comparisons share one request per side. Requests
// are counted where they arrive: the in-process emulator.
import { createBoqData, pullComparison, type BoqRequest, type ComparisonRequest } from "../../../src/boqdata";
import type { BoqComparison } from "../../../src/boq/compare";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
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

function side(version: string, model = fixture.request.model): BoqRequest {
  return {
    company: { kind: "name", name: fixture.request.company },
    project: { kind: "name", name: fixture.request.project },
    model: { kind: "name", name: model },
    scheme: fixture.request.scheme,
    version,
    parents: false,
  };
}

const REQUEST: ComparisonRequest = {
  a: side(fixture.request.versionA),
  b: side(fixture.request.versionB),
};

/** What the fixture names of each row, read off the comparison. */
function shape(comparison: BoqComparison) {
  return comparison.rows.map((r) => ({
    code: r.code,
    level: r.level,
    change: r.change,
    quantityA: r.quantityA,
    quantityB: r.quantityB,
    totalA: r.totalA,
    totalB: r.totalB,
    deltaTotal: r.deltaTotal,
    ...(r.codeA === undefined ? {} : { codeA: r.codeA }),
    ...(r.unitA === undefined ? {} : { unitA: r.unitA, unit: r.unit }),
    ...(r.movedFrom === undefined ? {} : { movedFrom: r.movedFrom?.code, movedTo: r.movedTo?.code }),
  }));
}

const expected = (shownOnly: boolean) =>
  fixture.rows.filter((r) => !shownOnly || r.shown).map(({ shown: _shown, ...row }) => row);

it("the demo comparison with unchanged rows equals the hand-computed fixture", async () => {
  const data = createBoqData(session);
  const { comparison, a, b } = await pullComparison(data, { ...REQUEST, showUnchanged: true });
  expect(shape(comparison)).toEqual(expected(false));
  expect(comparison.sections.map(({ name: _name, ...s }) => s)).toEqual(fixture.sections);
  expect(comparison.totalA).toBe(fixture.totalA);
  expect(comparison.totalB).toBe(fixture.totalB);
  expect(comparison.totalB - comparison.totalA).toBe(fixture.deltaTotal);
  expect(comparison.counts).toEqual(fixture.counts);
  // Each side says what its names resolved to.
  expect([a.path.model.name, b.path.model.name]).toEqual(["Pavilion", "Pavilion"]);
  expect(a.rows.length).toBe(22);
  expect(b.rows.length).toBe(25);
});

it("leaves unchanged rows out by default, keeping the parents of changed ones", async () => {
  const { comparison } = await pullComparison(createBoqData(session), REQUEST);
  expect(shape(comparison)).toEqual(expected(true));
  expect(comparison.totalA).toBe(fixture.totalA);
});

it("identical comparisons share one request per side, however they are asked", async () => {
  const data = createBoqData(session);
  const before = countRequests(env, "GET", UNION_TREE);
  const [first, second] = await Promise.all([
    pullComparison(data, REQUEST),
    pullComparison(data, { ...REQUEST, showUnchanged: true }),
  ]);
  expect(countRequests(env, "GET", UNION_TREE) - before).toBe(2);
  // Asked again later (in any case of the names), and side A on its own: nothing more is asked.
  const again = await pullComparison(data, {
    a: side(fixture.request.versionA, "PAVILION"),
    b: side(fixture.request.versionB, "pavilion"),
  });
  await pullComparison(data, { a: REQUEST.a, b: REQUEST.a });
  expect(countRequests(env, "GET", UNION_TREE) - before).toBe(2);
  expect(again.comparison).toEqual(first.comparison);
  expect(second.comparison.rows.length).toBe(fixture.rows.length);
});

it("a comparison of one BOQ with itself is all unchanged and asks once", async () => {
  const data = createBoqData(session);
  const before = countRequests(env, "GET", UNION_TREE);
  const { comparison } = await pullComparison(data, { a: side("2.2"), b: side("2.2") });
  expect(countRequests(env, "GET", UNION_TREE) - before).toBe(1);
  expect(comparison.rows).toEqual([]);
  expect(comparison.counts.unchanged).toBe(25);
});

it("compares once while both BOQs are kept, and again after a Refresh", async () => {
  const data = createBoqData(session);
  const first = await pullComparison(data, REQUEST);
  // The navigator's preview, its insert and each recalculation of the same PLATFORM.BOQDIFF.
  const again = await pullComparison(data, REQUEST);
  expect(again.comparison).toBe(first.comparison);
  data.layer.clear();
  const refreshed = await pullComparison(data, REQUEST);
  expect(refreshed.comparison).not.toBe(first.comparison);
  expect(refreshed.comparison).toEqual(first.comparison);
});
