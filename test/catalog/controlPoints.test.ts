import { formatControlPoints, parseControlPoints } from "../../src/catalog";
import type { ControlPoint } from "../../src/catalog";

const points: ControlPoint[] = [
  { Binding: "Volume", VariableName: "V" },
  { Binding: "Площадь", VariableName: "S_total" },
];

describe("control points text form", () => {
  it("reads Binding=Variable items separated by semicolons or line breaks", () => {
    expect(parseControlPoints("Volume=V; Площадь = S_total")).toEqual({ ok: true, points });
    expect(parseControlPoints("Volume=V\nПлощадь=S_total;")).toEqual({ ok: true, points });
  });

  it("reads a blank cell as no control points", () => {
    expect(parseControlPoints("  ")).toEqual({ ok: true, points: [] });
  });

  it("keeps escaped separators inside values", () => {
    expect(parseControlPoints("a\\=b=c\\;d; e=f\\\\")).toEqual({
      ok: true,
      points: [
        { Binding: "a=b", VariableName: "c;d" },
        { Binding: "e", VariableName: "f\\" },
      ],
    });
  });

  it.each([
    ["Volume", { reason: "item-no-equals", item: 1, binding: "Volume" }],
    ["=V", { reason: "item-no-binding", item: 1 }],
    ["Volume=", { reason: "item-no-variable", item: 1, binding: "Volume" }],
    ["a=b; c", { reason: "item-no-equals", item: 2, binding: "c" }],
    ["a=b\\", { reason: "lone-escape" }],
  ])("refuses %p", (text, why) => {
    expect(parseControlPoints(text)).toEqual({ ok: false, ...why });
  });

  it("formats as the text form", () => {
    expect(formatControlPoints(points)).toBe("Volume=V; Площадь=S_total");
  });
});

describe("control points JSON form", () => {
  it("reads the wire form's array, in either key casing", () => {
    expect(
      parseControlPoints(
        '[{"Binding":"Volume","VariableName":"V"},{"binding":"Площадь","variableName":"S_total"}]',
      ),
    ).toEqual({
      ok: true,
      points,
    });
  });

  it.each([
    ["[", { reason: "not-json" }],
    ['[{"Binding":"a"}]', { reason: "element-no-variable", item: 1 }],
    ['[{"VariableName":"a"}]', { reason: "element-no-binding", item: 1 }],
    ["[1]", { reason: "element-not-object", item: 1 }],
    ['[{"Binding":1,"VariableName":"a"}]', { reason: "element-no-binding", item: 1 }],
    ['{"Binding":"a"}', { reason: "json-object" }],
    ['"a"', { reason: "item-no-equals", item: 1, binding: '"a"' }],
  ])("refuses %p", (text, why) => {
    expect(parseControlPoints(text)).toEqual({ ok: false, ...why });
  });

  it("formats as the wire form's array", () => {
    expect(JSON.parse(formatControlPoints(points, "json"))).toEqual(points);
  });
});

describe("control points round trip", () => {
  // Awkward but canonical values: separators, escapes, JSON quotes, line breaks, Cyrillic.
  const awkward: ControlPoint[] = [
    { Binding: "a;b", VariableName: "c=d" },
    { Binding: "back\\slash", VariableName: 'quote"s' },
    { Binding: "line\nbreak", VariableName: "[bracket]" },
    { Binding: "Объём", VariableName: "x y" },
  ];
  // The text form of this list starts with "[", which alone would make it look like JSON.
  const bracketFirst: ControlPoint[] = [
    { Binding: "[A]", VariableName: "x" },
    { Binding: "b", VariableName: "[c]" },
  ];

  it.each([
    ["plain", points],
    ["awkward", awkward],
    ["bracket first", bracketFirst],
  ])("%s: text → points → text → points", (_name, list) => {
    const text = formatControlPoints(list);
    const parsed = parseControlPoints(text);
    expect(parsed).toEqual({ ok: true, points: list });
    if (parsed.ok) expect(formatControlPoints(parsed.points)).toBe(text);
  });

  it.each([
    ["plain", points],
    ["awkward", awkward],
    ["bracket first", bracketFirst],
  ])("%s: JSON → points → JSON", (_name, list) => {
    const json = formatControlPoints(list, "json");
    const parsed = parseControlPoints(json);
    expect(parsed).toEqual({ ok: true, points: list });
    if (parsed.ok) expect(formatControlPoints(parsed.points, "json")).toBe(json);
  });

  it("text form and JSON form of the same points read the same", () => {
    const viaText = parseControlPoints(formatControlPoints(awkward, "text"));
    const viaJson = parseControlPoints(formatControlPoints(awkward, "json"));
    expect(viaText).toEqual(viaJson);
  });
});
