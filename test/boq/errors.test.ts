// A BoqError carries what a cell shows (its code) and what to say (a key and values), no words:
// the edge words it (test/boqdata/words.test.ts, test/functions/guard.test.ts).
import { argumentError, BoqError, unavailable, words } from "../../src/boq/errors";

describe("BoqError", () => {
  it("a bad argument is #VALUE! with its message key and values", () => {
    const error = argumentError("boq.versionFormat", { value: "x" });
    expect(error).toBeInstanceOf(BoqError);
    expect(error.code).toBe("invalidValue");
    expect(error.said).toEqual({ key: "boq.versionFormat", values: { value: "x" } });
  });

  it("not found is #N/A, naming what and where as messages of their own", () => {
    const error = unavailable("boq.notFound", {
      kind: words("boq.kindProject"),
      name: "Tower",
      where: words("boq.whereCompany", { name: "Northwind" }),
    });
    expect(error.code).toBe("notAvailable");
    expect(error.key).toBe("boq.notFound");
    expect(error.values).toEqual({
      kind: { key: "boq.kindProject", values: {} },
      name: "Tower",
      where: { key: "boq.whereCompany", values: { name: "Northwind" } },
    });
  });

  it("its message is the key (for a log line), never a sentence made before it is shown", () => {
    expect(unavailable("boq.cancelled").message).toBe("boq.cancelled");
  });
});
