import { boqDiffFormula, boqFormula, excelText } from "../../src/boq/formula";

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

describe("the comparison formula the navigator inserts", () => {
  const base = {
    company: "Northwind Construction",
    project: "O'Brien Tower",
    model: "Tower AR",
    scheme: "Main scheme",
    version: "3.1",
    versionB: "3.10",
  };
  const head = '=PLATFORM.BOQDIFF("Northwind Construction", "O\'Brien Tower", "Tower AR", "Main scheme"';

  it("passes both versions as text and leaves the optional arguments out when the model is the same", () => {
    expect(boqDiffFormula(base)).toBe(`${head}, "3.1", "3.10")`);
    expect(boqDiffFormula({ ...base, modelB: "Tower AR" })).toBe(`${head}, "3.1", "3.10")`);
  });

  it("names the second model when it is another model of the project", () => {
    expect(boqDiffFormula({ ...base, modelB: 'Tower "ST"' })).toBe(`${head}, "3.1", "3.10", "Tower ""ST""")`);
  });

  it("asks for unchanged rows with the places before it left empty", () => {
    expect(boqDiffFormula({ ...base, showUnchanged: true })).toBe(`${head}, "3.1", "3.10", , , TRUE)`);
    expect(boqDiffFormula({ ...base, modelB: "Tower ST", showUnchanged: true })).toBe(
      `${head}, "3.1", "3.10", "Tower ST", , TRUE)`,
    );
  });
});
