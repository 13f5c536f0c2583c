// PLATFORM.BOQDIFF against the in-process emulator's comparison demo model (Pavilion 1.1 → 2.1),
// through the wrapper Excel calls: its rows and totals equal the expectation worked out by hand in
// test/fixtures/boqdiff-demo.json, its words follow the workbook's header language, identical
// calls share one request per side, and modelB compares against another model.
import * as fx from "../../../src/functions/functions";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { HEADER_LANGUAGE_KEY } from "../../../src/workbook";
import fixture from "../../fixtures/boqdiff-demo.json";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import {
  cellError,
  dropContext,
  installCustomFunctionsGlobal,
  invocation,
  removeCustomFunctionsGlobal,
  useContext,
} from "./helpers";

jest.setTimeout(60_000);

const { company, project, model, scheme, versionA, versionB } = fixture.request;
let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv();
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await env?.emu.stop();
});
beforeEach(() => {
  useContext(session);
});

const boqRequests = () => countRequests(env, "GET", "/api/odata/UnionTree");
const HEADER = [
  "Code",
  "Name",
  "Unit",
  "Quantity A",
  "Quantity B",
  "Δ quantity",
  "Total A",
  "Total B",
  "Δ total",
  "Δ %",
  "Change",
  "Details",
];

type FixtureRow = (typeof fixture.rows)[number] & { unitA?: string; unit?: string; codeA?: string };

/** The cells the fixture's row must give, columns Code, Unit, quantities, totals and Δ (not Name, Change). */
function expectedCells(r: FixtureRow): unknown[] {
  const parent = r.quantityA === null && r.quantityB === null;
  const unitChanged = r.unitA !== undefined;
  const deltaQuantity = parent || unitChanged ? "" : (r.quantityB ?? 0) - (r.quantityA ?? 0);
  // A parent carries Δ total only.
  return [
    r.code,
    r.quantityA ?? "",
    r.quantityB ?? "",
    deltaQuantity,
    parent ? "" : (r.totalA ?? ""),
    parent ? "" : (r.totalB ?? ""),
    r.deltaTotal,
    !parent && r.totalA ? (r.deltaTotal / r.totalA) * 100 : "",
  ];
}

function cellsOf(row: unknown[]): unknown[] {
  return [row[0], ...row.slice(3, 10)];
}

describe("PLATFORM.BOQDIFF on the demo model", () => {
  it("gives every position of either version, rows and totals as worked out by hand", async () => {
    const m = await fx.boqDiff(
      company,
      project,
      model,
      scheme,
      versionA,
      versionB,
      "",
      "",
      true,
      invocation(),
    );
    expect(m[0]).toEqual(HEADER);
    const rows = m.slice(1);
    expect(rows.map(cellsOf)).toEqual((fixture.rows as FixtureRow[]).map(expectedCells));
    // The totals (every position is there with unchanged rows asked for): both versions' from the
    // rows with totals, the change from the sections' Δ total.
    const sum = (column: number, which: (i: number) => boolean) =>
      rows.reduce((s, r, i) => s + (which(i) ? Number(r[column] === "" ? 0 : r[column]) : 0), 0);
    const top = (i: number) => fixture.rows[i]?.level === 1;
    const all = () => true;
    expect([sum(6, all), sum(7, all), sum(8, top)]).toEqual([
      fixture.totalA,
      fixture.totalB,
      fixture.deltaTotal,
    ]);
    // The change in words: a unit, a code and a parent that changed are named.
    const byCode = new Map(rows.map((r) => [String(r[0]), r]));
    const unitRow = (fixture.rows as FixtureRow[]).find((r) => r.unitA !== undefined);
    expect(byCode.get(unitRow?.code ?? "")?.[2]).toBe(`${unitRow?.unitA} → ${unitRow?.unit}`);
    expect(byCode.get(unitRow?.code ?? "")?.slice(10)).toEqual([
      "changed",
      `unit changed: ${unitRow?.unitA} → ${unitRow?.unit}`,
    ]);
    const recoded = (fixture.rows as FixtureRow[]).find(
      (r) => r.codeA !== undefined && r.change === "changed",
    );
    expect(byCode.get(recoded?.code ?? "")?.[11]).toContain(
      `code changed: ${recoded?.codeA} → ${recoded?.code}`,
    );
    const moved = fixture.rows.find((r) => r.change === "moved") as FixtureRow & {
      movedFrom: string;
      movedTo: string;
    };
    expect(byCode.get(moved.code)?.[10]).toBe("moved");
    expect(byCode.get(moved.code)?.[11]).toMatch(
      new RegExp(`^moved from ${moved.movedFrom} .+ to ${moved.movedTo} `),
    );
    // An unchanged section with a change below it says so (the comparison sheet's filter keeps it).
    const within = fixture.rows.filter((r) => r.change === "unchanged" && r.shown).map((r) => r.code);
    expect(within.length).toBeGreaterThan(0);
    for (const code of within) expect(byCode.get(code)?.[10]).toBe("unchanged, changes below");
    const counts = Object.fromEntries(
      Object.keys(fixture.counts).map((kind) => [
        kind,
        rows.filter((r) => String(r[10]).split(",")[0] === kind).length,
      ]),
    );
    expect(counts).toEqual(fixture.counts);
  });

  it("leaves unchanged rows out by default, keeping the parents of changed ones", async () => {
    const m = await fx.boqDiff(company, project, model, scheme, versionA, versionB, "", "", "", invocation());
    const shown = (fixture.rows as FixtureRow[]).filter((r) => r.shown);
    expect(m.slice(1).map(cellsOf)).toEqual(shown.map(expectedCells));
  });

  it("shares one request per side between identical calls, and asks nothing more for other columns", async () => {
    const before = boqRequests();
    const call = () =>
      fx.boqDiff(
        company,
        project,
        model,
        scheme,
        versionA,
        versionB,
        "",
        "Code, DeltaTotal",
        false,
        invocation(),
      );
    const [first, second] = await Promise.all([call(), call()]);
    expect(boqRequests() - before).toBe(2);
    expect(second).toEqual(first);
    expect(first[0]).toEqual(["Code", "Δ total"]);
    await fx.boqDiff(
      company,
      project,
      "PAVILION",
      scheme,
      versionA,
      versionB,
      "",
      "Level, Change",
      true,
      invocation(),
    );
    expect(boqRequests() - before).toBe(2);
  });

  it("compares against another model of the project with modelB", async () => {
    const m = await fx.boqDiff(
      company,
      project,
      model,
      scheme,
      versionB,
      "1.1",
      "Walls & Slabs",
      "Level, TotalA, TotalB",
      true,
      invocation(),
    );
    // Parents leave their totals empty: the sums are the rows'.
    const sum = (column: number) =>
      m.slice(1).reduce((s, r) => s + Number(r[column] === "" ? 0 : r[column]), 0);
    // Side A is Pavilion 2.1 (the fixture's B); side B is the other model's BOQ, leaf by leaf.
    expect(sum(1)).toBe(fixture.totalB);
    const leaves = await fx.boq(
      company,
      project,
      "Walls & Slabs",
      scheme,
      "1.1",
      false,
      "TotalCost",
      null,
      invocation(),
    );
    const wallsTotal = leaves.slice(1).reduce((s, r) => s + Number(r[0]), 0);
    expect(wallsTotal).toBeGreaterThan(0);
    expect(sum(2)).toBeCloseTo(wallsTotal, 6);
  });

  it("words its header and changes in the workbook's header language", async () => {
    const settings = new Map<string, unknown>([[HEADER_LANGUAGE_KEY, "ru"]]);
    Object.assign(globalThis, {
      Office: { context: { document: { settings: { get: (k: string) => settings.get(k) } } } },
    });
    try {
      const m = await fx.boqDiff(
        company,
        project,
        model,
        scheme,
        versionA,
        versionB,
        "",
        "Code, Change",
        false,
        invocation(),
      );
      expect(m[0]).toEqual(["Шифр", "Изменение"]);
      expect(m.slice(1).map((r) => r[1])).toContain("удалена");
    } finally {
      Reflect.deleteProperty(globalThis, "Office");
    }
  });

  it("refuses a version typed as a number and an unknown column with #VALUE!, before any request", async () => {
    const before = boqRequests();
    const number = await cellError(
      fx.boqDiff(company, project, model, scheme, 1.1, versionB, "", "", "", invocation()),
    );
    expect(number.code).toBe("#VALUE!");
    expect(number.message).toContain("VERSIONTAG");
    const column = await cellError(
      fx.boqDiff(company, project, model, scheme, versionA, versionB, "", "Code, Colour", "", invocation()),
    );
    expect(column.code).toBe("#VALUE!");
    expect(column.message).toContain("Colour is not a column of the comparison");
    expect(boqRequests()).toBe(before);
  });
});
