import {
  boqVersion,
  encodeKeyPart,
  VersionArgumentError,
  odataStringLiteral,
  unionTreePath,
} from "../../src/api/odata";
import { errorText } from "../../src/i18n";

describe("OData UnionTree address", () => {
  it("doubles an apostrophe inside a name", () => {
    expect(odataStringLiteral("O'Neil's")).toBe("'O''Neil''s'");
  });

  it("percent-encodes Cyrillic, spaces, #, / and % and keeps the quotes", () => {
    expect(encodeKeyPart("Дом #1/2 100%")).toBe("'%D0%94%D0%BE%D0%BC%20%231%2F2%20100%25'");
  });

  it("keeps the key syntax of parentheses and commas", () => {
    expect(unionTreePath({ company: "ACME", project: "P'1", model: "Сводная", scheme: "A,B" })).toBe(
      "/api/odata/UnionTree('ACME','P''1','%D0%A1%D0%B2%D0%BE%D0%B4%D0%BD%D0%B0%D1%8F','A%2CB')",
    );
  });

  it("produces a path that decodes back to the quoted names", () => {
    const names = { company: 'ООО "Ромашка"', project: "a/b#c?d", model: "50% done", scheme: "it's" };
    const path = unionTreePath(names);
    expect(path).not.toMatch(/[#?\s]/);
    expect(decodeURIComponent(path)).toBe(
      `/api/odata/UnionTree('ООО "Ромашка"','a/b#c?d','50% done','it''s')`,
    );
  });

  it("builds the version from the model version number and the analysis version", () => {
    expect(boqVersion(3, 2)).toBe("3.2");
    expect(boqVersion(12, 0)).toBe("12.0");
  });

  /** What a refused version says, worded at the edge. */
  const refusal = (action: () => unknown): string => {
    try {
      action();
    } catch (error) {
      if (error instanceof VersionArgumentError) return errorText(error);
      throw error;
    }
    throw new Error("expected a VersionArgumentError");
  };

  it("refuses a version number that is not a whole number of 0 or more, naming the argument", () => {
    expect(refusal(() => boqVersion(1.5, 2))).toMatch(
      /^modelVersionIndex must be a whole number of 0 or more; got 1\.5\.$/,
    );
    expect(refusal(() => boqVersion(1, -1))).toMatch(
      /^analysisVersion must be a whole number of 0 or more; got -1\.$/,
    );
    expect(() => boqVersion(1, 2 ** 53)).toThrow(VersionArgumentError);
    // The log's message: the key and the argument, no sentence.
    expect(() => boqVersion(1.5, 2)).toThrow("api.versionNotWholeNumber (modelVersionIndex)");
  });

  it("refuses text where a number is expected", () => {
    expect(refusal(() => boqVersion("3", 2))).toMatch(
      /^modelVersionIndex must be a number, for example 3\.$/,
    );
    expect(refusal(() => boqVersion(3, Number.NaN))).toMatch(/^analysisVersion must be a number/);
  });
});
