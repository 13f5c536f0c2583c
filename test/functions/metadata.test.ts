// The functions' metadata as the build generates it (custom-functions-metadata reads the JSDoc and
// the parameter types of functions.ts): a parameter Excel would check before the function runs
// (number, boolean) refuses text with a bare #VALUE!, so the parameters that take typed text are
// declared as any value and checked by the function, which says what is wrong.
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";

interface Metadata {
  functions: Array<{ id: string; parameters: Array<{ name: string; type: string }> }>;
}

it("declares VERSIONTAG's numbers, ANALYSES's model version and BOQ's parents as any value", async () => {
  const result = await generateCustomFunctionsMetadata(
    path.join(__dirname, "../../src/functions/functions.ts"),
  );
  expect(result.errors).toEqual([]);
  const metadata = JSON.parse(result.metadataJson) as Metadata;
  const type = (id: string, name: string) =>
    metadata.functions.find((f) => f.id === id)?.parameters.find((p) => p.name === name)?.type;
  expect(type("VERSIONTAG", "modelVersionIndex")).toBe("any");
  expect(type("VERSIONTAG", "analysisVersion")).toBe("any");
  expect(type("ANALYSES", "modelVersion")).toBe("any");
  expect(type("BOQ", "parents")).toBe("any");
});

it("declares BOQDIFF with its nine parameters, the optional ones and the versions as any value", async () => {
  const result = await generateCustomFunctionsMetadata(
    path.join(__dirname, "../../src/functions/functions.ts"),
  );
  expect(result.errors).toEqual([]);
  const metadata = JSON.parse(result.metadataJson) as Metadata;
  const diff = metadata.functions.find((f) => f.id === "BOQDIFF");
  expect(diff?.parameters.map((p) => p.name)).toEqual([
    "company",
    "project",
    "model",
    "scheme",
    "versionA",
    "versionB",
    "modelB",
    "columns",
    "showUnchanged",
  ]);
  const type = (name: string) => diff?.parameters.find((p) => p.name === name)?.type;
  // A version typed as a number reaches the function, which says to type it as text.
  expect([type("versionA"), type("versionB"), type("modelB"), type("showUnchanged")]).toEqual([
    "any",
    "any",
    "any",
    "any",
  ]);
});

it("lets the functions return data types (allowCustomDataForDataTypeAny), and BOQ take cards as any value", async () => {
  const result = await generateCustomFunctionsMetadata(
    path.join(__dirname, "../../src/functions/functions.ts"),
  );
  expect(result.errors).toEqual([]);
  // "Use data types with custom functions in Excel": without it, Excel shows no data type a
  // function returns (formatted numbers, entity cards) even on CustomFunctionsRuntime 1.4.
  const metadata = JSON.parse(result.metadataJson) as Metadata & { allowCustomDataForDataTypeAny?: boolean };
  expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
  const boq = metadata.functions.find((f) => f.id === "BOQ");
  expect(boq?.parameters.map((p) => p.name).slice(-2)).toEqual(["columns", "cards"]);
  expect(boq?.parameters.find((p) => p.name === "cards")?.type).toBe("any");
});
