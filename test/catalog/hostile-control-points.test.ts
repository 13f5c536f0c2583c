// Hostile sheets, class 5 (issue 43): malformed control points passing. A control point is, per
// the interface (2.1), a Binding ("binding identifier of the control point") and a VariableName,
// both strings; a cell of them is an array of such objects. What does not have that shape is
// refused with its reason, never sent with a field dropped or a point that identifies nothing.
import { analyseCatalog, parseControlPoints, type ControlPointsResult } from "../../src/catalog";
import { pricesBlock, worded } from "./helpers";

const refused = (reason: string, item?: number, binding?: string): ControlPointsResult =>
  ({
    ok: false,
    reason,
    ...(item !== undefined ? { item } : {}),
    ...(binding !== undefined ? { binding } : {}),
  }) as ControlPointsResult;

describe("control points against their documented shape", () => {
  it.each<[string, string, ControlPointsResult]>([
    [
      "a key the shape has not",
      '[{"Binding":"Volume","VariableName":"V","Unit":"m3"}]',
      refused("element-unknown-key", 1),
    ],
    ["a misspelt field", '[{"Binding":"Volume","Variable":"V"}]', refused("element-unknown-key", 1)],
    [
      "PascalCase and camelCase of one field",
      '[{"Binding":"Volume","binding":"Area","VariableName":"V"}]',
      refused("element-repeated-key", 1),
    ],
    [
      "the second element with an extra key",
      '[{"Binding":"A","VariableName":"a"},{"Binding":"B","VariableName":"b","note":""}]',
      refused("element-unknown-key", 2),
    ],
    [
      "a key written twice in one object",
      '[{"Binding":"Volume","Binding":"Area","VariableName":"V"}]',
      refused("element-repeated-key", 1),
    ],
    [
      "a key written twice in the second object, with spaces and escapes about",
      '[ {"Binding":"A\\"}","VariableName":"a"} , { "VariableName" : "b", "Binding": "B" , "VariableName" : "c" } ]',
      refused("element-repeated-key", 2),
    ],
    ["a number for a binding", '[{"Binding":7,"VariableName":"V"}]', refused("element-no-binding", 1)],
    ["null for a variable", '[{"Binding":"Volume","VariableName":null}]', refused("element-no-variable", 1)],
    [
      "an object for a variable",
      '[{"Binding":"Volume","VariableName":{"name":"V"}}]',
      refused("element-no-variable", 1),
    ],
    ["an array inside the array", '[["Volume","V"]]', refused("element-not-object", 1)],
    [
      "one binding twice, JSON form",
      '[{"Binding":"Volume","VariableName":"V"},{"Binding":"Volume","VariableName":"W"}]',
      refused("repeated-binding", 2, "Volume"),
    ],
    ["one binding twice, text form", "Volume=V; Area=A; Volume=W", refused("repeated-binding", 3, "Volume")],
    ["one point written twice", "Volume=V\nVolume=V", refused("repeated-binding", 2, "Volume")],
  ])("refuses %s", (_case, text, expected) => {
    expect(parseControlPoints(text)).toEqual(expected);
  });

  it.each<[string, string, [string, string][]]>([
    ["both fields in PascalCase", '[{"Binding":"Volume","VariableName":"V"}]', [["Volume", "V"]]],
    ["both fields in camelCase", '[{"binding":"Volume","variableName":"V"}]', [["Volume", "V"]]],
    ["the casings mixed between fields", '[{"Binding":"Volume","variableName":"V"}]', [["Volume", "V"]]],
    [
      "one variable for two bindings",
      "Volume=V; Area=V",
      [
        ["Volume", "V"],
        ["Area", "V"],
      ],
    ],
    [
      "bindings differing in case",
      "Volume=V; volume=W",
      [
        ["Volume", "V"],
        ["volume", "W"],
      ],
    ],
    ["an empty array", "[]", []],
    [
      "keys inside a string value",
      '[{"Binding":"a\\":1,\\"b","VariableName":"{\\"x\\":1}"}]',
      [['a":1,"b', '{"x":1}']],
    ],
    [
      "nested objects in two elements, one key each",
      '[{"Binding":"A","VariableName":"a"},{"VariableName":"b","Binding":"B"}]',
      [
        ["A", "a"],
        ["B", "b"],
      ],
    ],
  ])("accepts %s", (_case, text, points) => {
    expect(parseControlPoints(text)).toEqual({
      ok: true,
      points: points.map(([Binding, VariableName]) => ({ Binding, VariableName })),
    });
  });

  it("names the refusal in the pane's words, and leaves the row out of the import", () => {
    const block = pricesBlock([
      ["Code", "Name", "Control points"],
      ["1", "Walls", '[{"Binding":"Volume","VariableName":"V","Unit":"m3"}]'],
      ["2", "Floors", "Volume=V; Volume=W"],
      ["3", "Roofs", "Volume=V; Area=A"],
    ]);
    const analysis = analyseCatalog(block);
    const problems = analysis.problems.map(worded);
    expect(problems.map((p) => [p.kind, p.cell, p.reason, p.values["item"], p.values["binding"]])).toEqual([
      ["malformed-control-points", "D5", "element-unknown-key", 1, undefined],
      ["malformed-control-points", "D6", "repeated-binding", 2, "Volume"],
    ]);
    expect(problems[0]?.message).toBe(
      'The Control points in D5 cannot be read: element 1 of the JSON array has a key other than "Binding" and "VariableName", which a control point does not have.',
    );
    expect(problems[1]?.message).toBe(
      'The Control points in D6 cannot be read: item 2 repeats the binding "Volume" of an earlier item; a binding identifies one control point.',
    );
    expect(analysis.positions.map((p) => [p.Code, p.ControlPoints])).toEqual([
      [
        "3",
        [
          { Binding: "Volume", VariableName: "V" },
          { Binding: "Area", VariableName: "A" },
        ],
      ],
    ]);
  });
});

describe("a repeated binding among many control points", () => {
  it.each([2, 8, 9, 40])("is found at its item among %i points", (n) => {
    const items = Array.from({ length: n }, (_, i) => `B${i}=V${i}`);
    expect(parseControlPoints(items.join("; "))).toEqual({
      ok: true,
      points: items.map((_, i) => ({ Binding: `B${i}`, VariableName: `V${i}` })),
    });
    const repeated = [...items, `B${n - 2}=W`];
    expect(parseControlPoints(repeated.join("; "))).toEqual(refused("repeated-binding", n + 1, `B${n - 2}`));
  });
});
