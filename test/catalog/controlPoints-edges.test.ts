// Control points cells as users really fill them: spaces around a pasted JSON list, a single
// JSON object instead of a list, Windows line breaks, and the exact reason shown when a cell
// cannot be read (it names the item or element to correct).
import { formatControlPoints, parseControlPoints } from "../../src/catalog";

const ok = (...pairs: [string, string][]) => ({
  ok: true,
  points: pairs.map(([Binding, VariableName]) => ({ Binding, VariableName })),
});
const refused = (reason: string) => ({ ok: false, reason });

const SINGLE_OBJECT =
  'it is a single JSON object; the JSON form is a list, so put it in square brackets: [{"Binding": …, "VariableName": …}]';

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
    ['[{"Binding":"a","VariableName":"b"}, 5]', "element 2 of the JSON array is not an object"],
    ['[{"Binding":"a","VariableName":"b"}, null]', "element 2 of the JSON array is not an object"],
    ['[{"Binding":"a","VariableName":"b"}, ["c", "d"]]', "element 2 of the JSON array is not an object"],
    [
      '[{"Binding":"a","VariableName":"b"}, {"VariableName":"d"}]',
      'element 2 of the JSON array has no text "Binding"',
    ],
    [
      '[{"Binding":"a","VariableName":"b"}, {"Binding":"c"}]',
      'element 2 of the JSON array has no text "VariableName"',
    ],
    ['[{"Binding":"  ","VariableName":"b"}]', 'element 1 of the JSON array has no text "Binding"'],
    ['[{"Binding":"a","VariableName":" "}]', 'element 1 of the JSON array has no text "VariableName"'],
    ["[1, 2", "it starts with [ but is not valid JSON"],
  ])("%s is refused: %s", (text, reason) => {
    expect(parseControlPoints(text)).toEqual(refused(reason));
  });
});

describe("a single JSON object instead of a list", () => {
  it.each([
    ['{"Binding":"Volume","VariableName":"V"}'],
    [' {"Binding":"Volume","VariableName":"V"}\n'],
    ["{}"],
  ])("%p is refused, telling the user to put it in square brackets", (text) => {
    expect(parseControlPoints(text)).toEqual(refused(SINGLE_OBJECT));
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
    expect(parseControlPoints("Volume; S=Area")).toEqual(
      refused('item 1 ("Volume") has no "=" between the binding and the variable name'),
    );
    expect(parseControlPoints("a=b\n=c\nd=e")).toEqual(refused('item 2 has no binding before "="'));
    expect(parseControlPoints("a=b\rc=\rd=e")).toEqual(
      refused('item 2 ("c=") has no variable name after "="'),
    );
  });

  it("refuses a text ending with a lone backslash", () => {
    expect(parseControlPoints("a=b\\")).toEqual(refused('the text ends with a lone "\\"'));
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
