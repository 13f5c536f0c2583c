// Every PLATFORM function against the in-process emulator, through the wrappers Excel calls.
import { setLogSink } from "../../../src/log/logger";
import * as fx from "../../../src/functions/functions";
import type { Session } from "../../../src/session/session";
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

const COMPANY = "Northwind Construction";
const TOWER = "O'Brien Tower";
let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv({ pageSize: 40 });
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

function column(matrix: unknown[][], header: string): unknown[] {
  const i = (matrix[0] ?? []).indexOf(header);
  if (i < 0) throw new Error(`no column ${header} in ${JSON.stringify(matrix[0])}`);
  return matrix.slice(1).map((r) => r[i]);
}

describe("the list functions return the demo data", () => {
  it("COMPANIES lists the user's companies", async () => {
    const m = await fx.companies(invocation());
    expect(m[0]).toEqual(["Name", "Id", "Personal"]);
    expect(column(m, "Name").sort()).toEqual(env.emu.demo.companies.map((c) => c.name).sort());
  });

  it("PROJECTS takes the company by name in any case, or by id", async () => {
    const byName = await fx.projects("northwind CONSTRUCTION", invocation());
    expect(column(byName, "Name")).toEqual([TOWER, "Riverside 50% Phase #2"]);
    const id = env.emu.demo.companies.find((c) => c.name === COMPANY)?.id ?? "";
    expect(await fx.projects(id, invocation())).toEqual(byName);
  });

  it("MODELS lists models of nested folders with their path, and union models", async () => {
    const m = await fx.models(COMPANY, TOWER, invocation());
    const rows = m.slice(1).map((r) => [r[0], r[1], r[2]]);
    expect(rows).toEqual([
      ["O'Brien Tower union", "union model", ""],
      ["Tower AR", "model", "Architecture"],
      ["Корпус 1", "model", "Architecture / Structure"],
      ["Block #2 / North", "model", "Architecture / Structure / Blocks"],
    ]);
  });

  it("VERSIONS lists the model versions in order", async () => {
    const m = await fx.versions(COMPANY, TOWER, "Tower AR", invocation());
    expect(column(m, "Model version")).toEqual([1, 2, 3]);
  });

  it("ANALYSES lists a model's analyses with the version tag to use in BOQ", async () => {
    const m = await fx.analyses(COMPANY, TOWER, "Tower AR", null, invocation());
    expect(column(m, "Version")).toEqual(["1.1", "1.2", "2.1", "2.2", "3.1", "3.2"]);
    // The analysis lists its schemes as they were when it ran: the renamed one by its original name.
    expect(column(m, "Schemes")[0]).toBe("Main scheme, Supplier prices");
    const only2 = await fx.analyses(COMPANY, TOWER, "Tower AR", 2, invocation());
    expect(column(only2, "Version")).toEqual(["2.1", "2.2"]);
  });

  it("ANALYSES of a union model comes from the union endpoint", async () => {
    const m = await fx.analyses(COMPANY, TOWER, "o'brien tower UNION", null, invocation());
    expect(m).toHaveLength(2);
    expect(column(m, "Version")).toEqual(["1.1"]);
    const union =
      countRequests(env, "GET", "/api/app/analysis/collectionByModel") -
      countRequests(env, "GET", "/api/app/analysis/collectionByModelVersion");
    expect(union).toBe(1);
  });

  it("VERSIONS of a union model says to use ANALYSES", async () => {
    const e = await cellError(fx.versions(COMPANY, TOWER, "O'Brien Tower union", invocation()));
    expect(e.code).toBe("#N/A");
    expect(e.message).toContain("PLATFORM.ANALYSES");
  });
});

describe("PLATFORM.BOQ", () => {
  it("spills the header and the rows in tree order, through several pages", async () => {
    const before = boqRequests();
    const m = await fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "3.2", true, "", null, invocation());
    // Worded for an estimator (no header language kept in a workbook here: this runtime's, English).
    expect(m[0]).toEqual(["Level", "Catalog", "Code", "Name", "Unit", "Quantity", "Unit cost", "Total"]);
    expect(m.length).toBeGreaterThan(41);
    expect(boqRequests() - before).toBeGreaterThan(1);
    const levels = column(m, "Level") as number[];
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
    });
  });

  it("gives the end positions only with parents FALSE, and LocalVars columns by name", async () => {
    const m = await fx.boq(
      COMPANY,
      TOWER,
      "Tower AR",
      "Main scheme",
      "3.2",
      false,
      "Code, Floor, zone",
      null,
      invocation(),
    );
    expect(m[0]).toEqual(["Code", "Floor", "Zone"]);
    expect(m.slice(1).every((r) => r[1] !== "" && ["A", "B", "C"].includes(String(r[2])))).toBe(true);
  });

  it.each([
    ["#, / in a model name", TOWER, "Block #2 / North", "2.1"],
    ["Cyrillic", TOWER, "Корпус 1", "1.2"],
    ["% and # in a project name, & in a model name", "Riverside 50% Phase #2", "Walls & Slabs", "1.1"],
  ])("reads names with %s", async (_what, project, model, version) => {
    const m = await fx.boq(
      COMPANY,
      project,
      model,
      "Main scheme",
      version,
      true,
      "Code,Name,Model",
      null,
      invocation(),
    );
    expect(m.length).toBeGreaterThan(1);
    expect(new Set(column(m, "Model"))).toEqual(new Set([model]));
  });

  it("reads a renamed scheme by its original name, and explains the new name", async () => {
    const ok = await fx.boq(
      COMPANY,
      TOWER,
      "Tower AR",
      "Supplier prices",
      "3.1",
      true,
      "Code",
      null,
      invocation(),
    );
    expect(ok.length).toBeGreaterThan(1);
    // The original name in any case, as the other names: the same BOQ, no request more for it.
    const before = boqRequests();
    const anyCase = await fx.boq(
      COMPANY,
      TOWER,
      "Tower AR",
      "supplier PRICES",
      "3.1",
      true,
      "Code",
      null,
      invocation(),
    );
    expect(anyCase).toEqual(ok);
    expect(boqRequests()).toBe(before);
    const e = await cellError(
      fx.boq(COMPANY, TOWER, "Tower AR", "Supplier prices 2025", "3.1", true, "", null, invocation()),
    );
    expect(e.code).toBe("#N/A");
    expect(e.message).toContain("original name 'Supplier prices'");
  });

  it("refuses the version as a number with #VALUE! before any request", async () => {
    const before = boqRequests();
    const e = await cellError(
      fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", 3.1, true, "", null, invocation()),
    );
    expect(e.code).toBe("#VALUE!");
    expect(e.message).toContain("VERSIONTAG");
    expect(boqRequests()).toBe(before);
  });

  it("names what was not found and where", async () => {
    const e = await cellError(
      fx.boq(COMPANY, "Tower", "Tower AR", "Main scheme", "3.1", true, "", null, invocation()),
    );
    expect(e.code).toBe("#N/A");
    expect(e.message).toContain(`No project named Tower was found in company ${COMPANY}`);
  });

  it("passes the platform's message when the version does not exist", async () => {
    const e = await cellError(
      fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "9.1", true, "", null, invocation()),
    );
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/Model version 9/);
  });
});

describe("behaviour at a workbook's scale", () => {
  const call = (version: string, model = "Tower AR") =>
    fx.boq(COMPANY, TOWER, model, "Main scheme", version, false, "Code,Value", null, invocation());

  it("makes one request for 50 identical concurrent calls", async () => {
    env.emu.faults.setLatency(0);
    const before = boqRequests();
    const results = await Promise.all(Array.from({ length: 50 }, () => call("1.1")));
    // parents FALSE and 40 rows a page: each call needs exactly one page.
    expect(boqRequests() - before).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
  });

  it("makes 10 requests for 100 calls over 10 argument sets", async () => {
    const sets: Array<[string, string]> = [
      ...["1.1", "1.2", "2.1", "2.2", "3.1", "3.2"].map((v): [string, string] => [v, "Tower AR"]),
      ...["1.1", "1.2", "2.1", "2.2"].map((v): [string, string] => [v, "Корпус 1"]),
    ];
    const pages = await Promise.all(sets.map(([v, m]) => call(v, m)));
    useContext(session);
    const before = boqRequests();
    await Promise.all(Array.from({ length: 100 }, (_, i) => call(...(sets[i % 10] as [string, string]))));
    // Each set's BOQ fits one page here (checked: under 40 end positions each).
    expect(pages.every((m) => m.length <= 41)).toBe(true);
    expect(boqRequests() - before).toBe(10);
  });

  it("makes no request for a recalculation inside the cache window", async () => {
    await call("2.2");
    const before = boqRequests();
    const again = await call("2.2");
    expect(again.length).toBeGreaterThan(1);
    expect(boqRequests()).toBe(before);
  });

  it("aborts the request of a cancelled call and shows #N/A", async () => {
    const ctx = useContext(session);
    const original = session.api.getBoq;
    let requestSignal: AbortSignal | undefined;
    // Resolves when the BOQ request goes out (after the company and project lookups): the call is
    // cancelled while it is on its way, whatever the machine's pace (the 2 s latency keeps it there).
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const spy = jest.spyOn(session.api, "getBoq").mockImplementation((query, signal) => {
      requestSignal = signal;
      asked();
      return original(query, signal);
    });
    env.emu.faults.setLatency(2_000, "/api/odata");
    try {
      const inv = invocation();
      const pending = fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "1.2", false, "", null, inv);
      await requested;
      expect(requestSignal?.aborted).toBe(false);
      inv.cancel();
      const e = await cellError(pending);
      expect(e.code).toBe("#N/A");
      expect(requestSignal?.aborted).toBe(true);
      // Nothing kept: the next call asks again.
      expect(ctx.layer.started).toBe(1 + 2 /* companies, projects */);
    } finally {
      spy.mockRestore();
      env.emu.faults.setLatency(0);
    }
  });

  it("a cancelled call does not abort the request another cell still waits for", async () => {
    useContext(session);
    // The first cell is cancelled once the request both cells wait for is on its way (the 500 ms
    // latency keeps it there), not after a guess at how long the lookups before it take.
    const original = session.api.getBoq;
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const spy = jest.spyOn(session.api, "getBoq").mockImplementation((query, signal) => {
      asked();
      return original(query, signal);
    });
    env.emu.faults.setLatency(500, "/api/odata");
    try {
      const first = invocation();
      const a = fx.boq(COMPANY, TOWER, "Корпус 1", "Main scheme", "2.1", false, "", null, first);
      const b = fx.boq(COMPANY, TOWER, "Корпус 1", "Main scheme", "2.1", false, "", null, invocation());
      await requested;
      first.cancel();
      expect((await cellError(a)).code).toBe("#N/A");
      expect((await b).length).toBeGreaterThan(1);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
      env.emu.faults.setLatency(0);
    }
  });
});

describe("signed out", () => {
  it("shows #N/A saying to sign in from the task pane, without a request", async () => {
    const { session: signedOut } = await sessionFor(env);
    useContext(signedOut);
    const before = env.requests.length;
    const e = await cellError(
      fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "3.2", true, "", null, invocation()),
    );
    expect(e).toEqual({ code: "#N/A", message: "Sign in from the BOQ Bridge task pane." });
    expect(env.requests.length).toBe(before);
  });
});
