// The PLATFORM functions against the in-process emulator on hosts that take data types from custom
// functions (CustomFunctionsRuntime 1.4; ExcelApi 1.16 FormattedNumber, 1.19 Double with its
// numberFormat) and on one that does not: the same figures, formatted where formats travel, and
// PLATFORM.BOQ's cards (src/boq/cellValues, src/workbook valueSupport).
import { setLogSink } from "../../../src/log/logger";
import * as fx from "../../../src/functions/functions";
import type { Session } from "../../../src/session/session";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import {
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

/** An Office whose requirement sets are these (set → highest version). */
function hostWith(sets: Record<string, string>): void {
  const supported = (name: string, version?: string) => {
    const have = sets[name];
    if (have === undefined) return false;
    const [a = 0, b = 0] = have.split(".").map(Number);
    const [c = 0, d = 0] = (version ?? "0").split(".").map(Number);
    return a > c || (a === c && b >= d);
  };
  Object.assign(globalThis, { Office: { context: { requirements: { isSetSupported: supported } } } });
}

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
  Reflect.deleteProperty(globalThis, "Office");
  setLogSink(null);
  await env?.emu.stop();
});
beforeEach(() => {
  useContext(session);
});

function column(matrix: unknown[][], header: string): unknown[] {
  const i = (matrix[0] ?? []).indexOf(header);
  if (i < 0) throw new Error(`no column ${header} in ${JSON.stringify(matrix[0])}`);
  return matrix.slice(1).map((r) => r[i]);
}

const COLUMNS = "Level, Code, Name, Value, TotalCost";
const boqWithCards = () =>
  fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "3.2", true, COLUMNS, true, invocation());

describe("on Microsoft 365 (CustomFunctionsRuntime 1.4, ExcelApi 1.19)", () => {
  beforeAll(() => hostWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.19" }));

  it("gives VERSIONS' dates and ANALYSES' totals as Doubles with their number formats", async () => {
    const versions = await fx.versions(COMPANY, TOWER, "Tower AR", invocation());
    expect(column(versions, "Date")[0]).toEqual({
      type: "Double",
      basicValue: expect.any(Number) as number,
      numberFormat: "m/d/yyyy",
    });
    // Whole numbers and text stay plain values.
    expect(column(versions, "Model version")).toEqual([1, 2, 3]);
    const analyses = await fx.analyses(COMPANY, TOWER, "Tower AR", null, invocation());
    expect(column(analyses, "Total cost")[0]).toEqual({
      type: "Double",
      basicValue: expect.any(Number) as number,
      numberFormat: "#,##0.00",
    });
  });

  it("gives BOQ's Name cells as cards whose totals are the section rule's, as the Total cells", async () => {
    const m = await boqWithCards();
    const names = column(m, "Name") as Array<{
      type: string;
      text: string;
      properties: Record<string, unknown>;
    }>;
    const totals = column(m, "Total") as Array<{ basicValue: number }>;
    expect(names.every((n) => n.type === "Entity")).toBe(true);
    names.forEach((card, i) => {
      expect(card.properties["Total"]).toEqual(totals[i]);
    });
    // The first row is a section: its total is its rows' sum, not the platform's 0.
    expect(totals[0]?.basicValue).toBeGreaterThan(0);
    expect(names[0]?.properties["Quantity"]).toBeUndefined();
    expect(names[1]?.properties["Section"]).toEqual({ type: "String", basicValue: names[0]?.text });
  });

  it("gives BOQDIFF's Δ % as a ratio in the percent format", async () => {
    const m = await fx.boqDiff(
      COMPANY,
      TOWER,
      "Tower AR",
      "Main scheme",
      "3.1",
      "3.2",
      null,
      "Code, DeltaPercent",
      null,
      invocation(),
    );
    const percents = column(m, "Δ %").filter((v) => v !== "");
    expect(percents.length).toBeGreaterThan(0);
    for (const p of percents) expect(p).toMatchObject({ type: "Double", numberFormat: "0.0%" });
  });
});

describe("on ExcelApi 1.16 to 1.18", () => {
  beforeAll(() => hostWith({ CustomFunctionsRuntime: "1.4", ExcelApi: "1.16" }));

  it("gives formatted numbers as FormattedNumber values", async () => {
    const analyses = await fx.analyses(COMPANY, TOWER, "Tower AR", null, invocation());
    expect(column(analyses, "Total cost")[0]).toMatchObject({
      type: "FormattedNumber",
      numberFormat: "#,##0.00",
    });
  });
});

describe("on perpetual Office (CustomFunctionsRuntime 1.3)", () => {
  beforeAll(() => hostWith({ CustomFunctionsRuntime: "1.3", ExcelApi: "1.12" }));

  it("gives the same figures as plain numbers, and Name cells as text even with cards", async () => {
    const versions = await fx.versions(COMPANY, TOWER, "Tower AR", invocation());
    expect(typeof column(versions, "Date")[0]).toBe("number");
    const m = await boqWithCards();
    expect(column(m, "Name").every((n) => typeof n === "string")).toBe(true);
    expect((column(m, "Total")[0] as number) > 0).toBe(true);
  });
});
