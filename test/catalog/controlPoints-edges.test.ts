// Control points cells as users really fill them: spaces around a pasted JSON list, a single
// JSON object instead of a list, Windows line breaks, and the exact reason code when a cell
// cannot be read, with the item or element to correct.
import fc from "fast-check";
import { formatControlPoints, parseControlPoints } from "../../src/catalog";

const ok = (...pairs: [string, string][]) => ({
  ok: true,
  points: pairs.map(([Binding, VariableName]) => ({ Binding, VariableName })),
});
const refused = (reason: string, item?: number, binding?: string) => ({
  ok: false,
  reason,
  ...(item === undefined ? {} : { item }),
  ...(binding === undefined ? {} : { binding }),
});

describe("a pasted JSON list", () => {
  it("is read as JSON with spaces and line breaks around it", () => {
    expect(parseControlPoints('  \n[{"Binding":"Volume","VariableName":"V"}]  ')).toEqual(
      ok(["Volume", "V"]),
    );
  });

  it("has its values trimmed, as the text form does", () => {
    expect(parseControlPoints('[{"Binding":"  Volume ","VariableName":" V  "}]')).toEqual(
      ok(["Volume", "V"]),
    );
  });

  it.each([
    ['[{"Binding":"a","VariableName":"b"}, 5]', "element-not-object", 2],
    ['[{"Binding":"a","VariableName":"b"}, null]', "element-not-object", 2],
    ['[{"Binding":"a","VariableName":"b"}, ["c", "d"]]', "element-not-object", 2],
    ['[{"Binding":"a","VariableName":"b"}, {"VariableName":"d"}]', "element-no-binding", 2],
    ['[{"Binding":"a","VariableName":"b"}, {"Binding":"c"}]', "element-no-variable", 2],
    ['[{"Binding":"  ","VariableName":"b"}]', "element-no-binding", 1],
    ['[{"Binding":"a","VariableName":" "}]', "element-no-variable", 1],
    ["[1, 2", "not-json", undefined],
    ['{"Binding":"a"}]', "item-no-equals", 1],
    ['"[]"', "item-no-equals", 1],
    ["2", "item-no-equals", 1],
  ])("%s is refused: %s (element %p)", (text, reason, item) => {
    const result = parseControlPoints(text);
    expect(result).toMatchObject(refused(reason, item));
  });

  it("is refused as not JSON when its closing bracket is missing", () => {
    expect(parseControlPoints('[{"Binding":"a","VariableName":"b"}')).toEqual(refused("not-json"));
  });
});

describe("a single JSON object instead of a list", () => {
  it.each([
    ['{"Binding":"Volume","VariableName":"V"}'],
    [' {"Binding":"Volume","VariableName":"V"}\n'],
    ["{}"],
  ])("%p is refused, telling the user to put it in square brackets", (text) => {
    expect(parseControlPoints(text)).toEqual(refused("json-object"));
  });

  it("is not assumed for text form items that merely start and end with braces", () => {
    expect(parseControlPoints("{a=b}")).toEqual(ok(["{a", "b}"]));
    expect(parseControlPoints("{a}=b")).toEqual(ok(["{a}", "b"]));
    expect(parseControlPoints("a={b}")).toEqual(ok(["a", "{b}"]));
  });
});

describe("the text form", () => {
  it("takes a carriage return, alone or before a line feed, as an item separator", () => {
    expect(parseControlPoints("a=b\rc=d")).toEqual(ok(["a", "b"], ["c", "d"]));
    expect(parseControlPoints("a=b\r\nc=d\r\n")).toEqual(ok(["a", "b"], ["c", "d"]));
  });

  it("stops at the first bad item, naming it, even when good items follow", () => {
    expect(parseControlPoints("Volume; S=Area")).toEqual(refused("item-no-equals", 1, "Volume"));
    expect(parseControlPoints("a=b\n=c\nd=e")).toEqual(refused("item-no-binding", 2));
    expect(parseControlPoints("a=b\rc=\rd=e")).toEqual(refused("item-no-variable", 2, "c"));
  });

  it("refuses a text ending with a lone backslash", () => {
    expect(parseControlPoints("a=b\\")).toEqual(refused("lone-escape"));
  });

  it("escapes line breaks of either kind when writing, so they read back as part of the value", () => {
    const points = [{ Binding: "a\rb", VariableName: "c\nd" }];
    const text = formatControlPoints(points);
    expect(text).toBe("a\\\rb=c\\\nd");
    expect(parseControlPoints(text)).toEqual({ ok: true, points });
  });

  it("writes plain values without escapes, joined by a semicolon and a space", () => {
    expect(
      formatControlPoints([
        { Binding: "Volume", VariableName: "V" },
        { Binding: "Area", VariableName: "S" },
      ]),
    ).toBe("Volume=V; Area=S");
  });
});

describe("the text form with and without escapes", () => {
  // Text without a backslash is cut into slices (parseUnescapedTextForm); a backslash before a
  // plain character stands for that character, and sends the text through the full reading.
  it("reads the same points and refusals either way", () => {
    const unit = fc.constantFrom(
      "a",
      "B",
      " ",
      "=",
      ";",
      "\n",
      "\r",
      "Я",
      "\u{1F600}",
      "[",
      "{",
      "}",
      "\t",
      "1",
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (text) => {
        const at = text.search(/[a-zA-Z1Я]/);
        if (at < 0) return;
        const escaped = `${text.slice(0, at)}\\${text.slice(at)}`;
        expect(parseControlPoints(escaped)).toEqual(parseControlPoints(text));
      }),
      { numRuns: 3000 },
    );
  });
});
