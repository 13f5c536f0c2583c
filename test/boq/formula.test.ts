import { boqFormula, excelText } from "../../src/boq/formula";

describe("the formula the navigator inserts", () => {
  it("passes every argument as text, the version too", () => {
    expect(
      boqFormula({
        company: "Northwind Construction",
        project: "O'Brien Tower",
        model: "Block #2 / North",
        scheme: "Main scheme",
        version: "3.10",
      }),
    ).toBe(
      '=PLATFORM.BOQ("Northwind Construction", "O\'Brien Tower", "Block #2 / North", "Main scheme", "3.10")',
    );
  });

  it("doubles a quote inside a name", () => {
    expect(excelText('Plant "A" & Co')).toBe('"Plant ""A"" & Co"');
  });
});
