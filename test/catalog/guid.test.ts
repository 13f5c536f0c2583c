// The one GUID pattern of the add-in: the canonical form it writes and sends (lower-case hex,
// 8-4-4-4-12 with dashes), and the nil GUID the platform reads as "no Guid".
import { GUID_PATTERN, NIL_GUID, normaliseGuid } from "../../src/catalog";

const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

describe("the GUID pattern", () => {
  it("accepts the canonical form, the nil GUID among them", () => {
    expect(GUID_PATTERN.test(GUID)).toBe(true);
    expect(GUID_PATTERN.test(NIL_GUID)).toBe(true);
  });

  it.each([
    ["upper case", GUID.toUpperCase()],
    ["no dashes", GUID.replace(/-/g, "")],
    ["braces", `{${GUID}}`],
    ["a letter past f", GUID.replace("3f", "3g")],
    ["one digit short", GUID.slice(1)],
    ["text around it", `x${GUID}`],
  ])("refuses %s, which normaliseGuid brings to the canonical form where it is a GUID", (_case, text) => {
    expect(GUID_PATTERN.test(text)).toBe(false);
    const normalised = normaliseGuid(text);
    if (normalised !== null) expect(GUID_PATTERN.test(normalised)).toBe(true);
  });

  it("is the nil GUID's own form: all zeros", () => {
    expect(NIL_GUID).toBe("00000000-0000-0000-0000-000000000000");
    expect(normaliseGuid(NIL_GUID.replace(/-/g, ""))).toBe(NIL_GUID);
  });
});
