// The runtime's ledger of PLATFORM invocations (src/boqdata/invocations): Refresh BOQ counts the
// cells that answered by address, only invocations that started after it began, and keeps nothing
// when no refresh watches.
import { cellKey, invocationStarted, watchInvocations } from "../../src/boqdata";

describe("cellKey", () => {
  it.each([
    ["Sheet1!A1", "sheet1!A1"],
    ["'BOQ Tower AR 3.2'!$B$7", "boq tower ar 3.2!B7"],
    ["'O''Brien'!c3", "o'brien!C3"],
    ["Catalog!A20:F40", "catalog!A20"],
  ])("reads %s as %s", (address, key) => {
    expect(cellKey(address)).toBe(key);
  });

  it("gives no key without an address or a sheet", () => {
    expect(cellKey(undefined)).toBeUndefined();
    expect(cellKey("A1")).toBeUndefined();
  });
});

describe("watchInvocations", () => {
  it("settles once every function of every expected cell answered, with the last error of each", async () => {
    const watch = watchInvocations();
    const a1 = invocationStarted("BOQ", "Sheet1!A1");
    const tag = invocationStarted("VERSIONTAG", "Sheet1!A1");
    const b2 = invocationStarted("BOQ", "'My sheet'!B2");
    tag();
    a1();
    const settled = watch.settled(
      new Map([
        ["sheet1!A1", new Set(["BOQ", "VERSIONTAG"])],
        ["my sheet!B2", new Set(["BOQ"])],
      ]),
      60_000,
      60_000,
    );
    b2("Could not reach the platform.");
    const cells = await settled;
    expect(cells.get("sheet1!A1")).toMatchObject({
      answered: new Set(["BOQ", "VERSIONTAG"]),
      error: undefined,
    });
    expect(cells.get("my sheet!B2")).toMatchObject({ error: "Could not reach the platform." });
  });

  it("does not count an invocation that started before the watch, even if it answers after", async () => {
    const before = invocationStarted("BOQ", "Sheet1!A1");
    const watch = watchInvocations();
    before();
    const cells = await watch.settled(new Map([["sheet1!A1", new Set(["BOQ"])]]), 20, 1_000);
    expect(cells.get("sheet1!A1")?.answered.size).toBe(0);
  });

  it("stops waiting after the quiet time when a cell never answers", async () => {
    const watch = watchInvocations();
    invocationStarted("BOQ", "Sheet1!A1");
    const started = Date.now();
    const cells = await watch.settled(new Map([["sheet1!A1", new Set(["BOQ"])]]), 30, 5_000);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(cells.get("sheet1!A1")?.answered.size).toBe(0);
  });

  it("counts nothing for a host that gives no address", async () => {
    const watch = watchInvocations();
    invocationStarted("BOQ", undefined)();
    const cells = await watch.settled(new Map([["sheet1!A1", new Set(["BOQ"])]]), 20, 1_000);
    expect(cells.get("sheet1!A1")?.answered.size).toBe(0);
  });
});
