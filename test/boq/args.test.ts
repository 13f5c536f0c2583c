import {
  parseBoolean,
  parseColumnList,
  parseModelVersion,
  parseNameOrId,
  parseVersionTag,
  requireText,
} from "../../src/boq/args";
import { boqFailure as failure, said } from "./said";

describe("version argument", () => {
  it("takes the version as text and keeps 3.10 apart from 3.1", () => {
    expect(parseVersionTag("3.10")).toBe("3.10");
    expect(parseVersionTag(" 3.1 ")).toBe("3.1");
    expect(parseVersionTag("03.02")).toBe("3.2");
  });

  it("refuses a number and points to text or VERSIONTAG, since Excel made 3.10 into 3.1", () => {
    const e = failure(() => parseVersionTag(3.1));
    expect(e.code).toBe("invalidValue");
    expect(said(e)).toContain("3.1");
    expect(said(e)).toContain('"3.10"');
    expect(said(e)).toContain("VERSIONTAG");
  });

  it.each(["3", "3.", "3.1.2", "v3.1", "3,10", "-1.2"])("refuses %p with the expected form", (text) => {
    const e = failure(() => parseVersionTag(text));
    expect(e.code).toBe("invalidValue");
    expect(said(e)).toContain(text.trim());
  });

  it("says which argument is empty", () => {
    expect(said(failure(() => parseVersionTag(null)))).toContain("version");
  });
});

describe("names or ids", () => {
  it("takes a UUID as an id (any case) and anything else as a name", () => {
    expect(parseNameOrId("6F1A2B3C-0000-4000-8000-00000000000A", "model", "boq.whatModel")).toEqual({
      kind: "id",
      id: "6f1a2b3c-0000-4000-8000-00000000000a",
    });
    expect(parseNameOrId(" O'Brien Tower ", "project", "boq.whatProject")).toEqual({
      kind: "name",
      name: "O'Brien Tower",
    });
    expect(parseNameOrId("Корпус 1", "model", "boq.whatModel")).toEqual({ kind: "name", name: "Корпус 1" });
  });

  it("accepts a number as a name (a project called 2024)", () => {
    expect(requireText(2024, "project", "boq.whatProject")).toBe("2024");
  });

  it("names the empty argument and what to type", () => {
    const e = failure(() => parseNameOrId("  ", "company", "boq.whatCompany"));
    expect(e.code).toBe("invalidValue");
    expect(said(e)).toContain("company");
    expect(said(e)).toContain("company name or id");
  });

  it("refuses a boolean where a name belongs", () => {
    expect(said(failure(() => requireText(true, "model", "boq.whatModel")))).toContain("model");
  });
});

describe("booleans", () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ["TRUE", true],
    ["false", false],
    ["Да", true],
    ["ложь", false],
  ])("reads %p as %p", (value, expected) => {
    expect(parseBoolean(value, "parents", false)).toBe(expected);
  });

  it("uses the default when omitted", () => {
    expect(parseBoolean(null, "parents", true)).toBe(true);
    expect(parseBoolean(undefined, "parents", false)).toBe(false);
    expect(parseBoolean("", "parents", false)).toBe(false);
  });

  it.each([2, "maybe"])("refuses %p naming the argument", (value) => {
    const e = failure(() => parseBoolean(value, "parents", false));
    expect(e.code).toBe("invalidValue");
    expect(said(e)).toContain("parents");
    expect(said(e)).toContain(String(value));
  });
});

describe("model version", () => {
  it("is optional and takes a number or its text", () => {
    expect(parseModelVersion(null)).toBeUndefined();
    expect(parseModelVersion(3)).toBe(3);
    expect(parseModelVersion("2")).toBe(2);
  });
  it.each([1.5, -1, "x"])("refuses %p", (value) => {
    expect(failure(() => parseModelVersion(value)).code).toBe("invalidValue");
  });
});

describe("column list", () => {
  it("is undefined when omitted, so the default set applies", () => {
    expect(parseColumnList(null)).toBeUndefined();
    expect(parseColumnList(" ")).toBeUndefined();
  });

  it("splits on commas (or semicolons) and trims", () => {
    expect(parseColumnList("Code, Name ,Floor")).toEqual(["Code", "Name", "Floor"]);
    expect(parseColumnList("Code;Этаж")).toEqual(["Code", "Этаж"]);
  });

  it("refuses an empty item and a column listed twice (in any case)", () => {
    expect(said(failure(() => parseColumnList("Code,,Name")))).toContain("Code,,Name");
    expect(said(failure(() => parseColumnList("Code,code")))).toContain("code");
  });
});
