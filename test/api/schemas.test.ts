import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { ApiError } from "../../src/api/errors";
import {
  analysisListSchema,
  companyListSchema,
  importLogSchema,
  importRequestSchema,
  importResponseSchema,
  importStatusSchema,
  modelSchema,
  oauthErrorSchema,
  odataEnvelopeSchema,
  parseResponse,
  projectListSchema,
  serviceErrorSchema,
  tokenResponseSchema,
} from "../../src/api/schemas";
import { errorDetails, errorText } from "../../src/i18n";

const FIXTURE_DIR = join(__dirname, "../fixtures/api");

const FIXTURES: [string, z.ZodType][] = [
  ["import-request.json", importRequestSchema],
  ["import-response.json", importResponseSchema],
  ["import-response-camel.json", importResponseSchema],
  ["import-status.json", importStatusSchema],
  ["import-status-running.json", importStatusSchema],
  ["import-status-pascal.json", importStatusSchema],
  ["import-log.json", importLogSchema],
  ["import-log-camel.json", importLogSchema],
  ["companies.json", companyListSchema],
  ["projects.json", projectListSchema],
  ["model.json", modelSchema],
  ["analyses.json", analysisListSchema],
  ["boq-page.json", odataEnvelopeSchema],
  ["token-response.json", tokenResponseSchema],
  ["oauth-error.json", oauthErrorSchema],
  ["service-error.json", serviceErrorSchema],
];

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURE_DIR, name), "utf8"));
}

/** Deep copy, then set a value at a path: a malformed variant of a fixture. */
function withValue(data: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

function parseError(schema: z.ZodType, data: unknown): ApiError {
  try {
    parseResponse(schema, data, "project-list");
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected the body to be rejected");
}

describe("sample responses of the interface document", () => {
  it("has a schema line for every fixture file", () => {
    const files = readdirSync(FIXTURE_DIR).filter((f) => f.endsWith(".json"));
    expect(files.sort()).toEqual(FIXTURES.map(([f]) => f).sort());
  });

  it.each(FIXTURES)("%s parses", (file, schema) => {
    expect(schema.safeParse(fixture(file)).success).toBe(true);
  });
});

describe("normalisation", () => {
  it("reads the import response in both casings as jobId", () => {
    expect(importResponseSchema.parse(fixture("import-response.json"))).toEqual({
      jobId: "65f1c0a9e4b0a1b2c3d4e5f6",
    });
    expect(importResponseSchema.parse(fixture("import-response-camel.json"))).toEqual({
      jobId: "65f1c0a9e4b0a1b2c3d4e5f7",
    });
  });

  it("gives the same log for the PascalCase and the camelCase wire forms", () => {
    const pascal = importLogSchema.parse(fixture("import-log.json"));
    expect(importLogSchema.parse(fixture("import-log-camel.json"))).toEqual(pascal);
    expect(pascal.insertedTwigs[0]).toMatchObject({ code: "1.1", price: 1250.5, unit: "м3" });
    expect(pascal.updatedTwigs[0]).toMatchObject({ sourceName: "Земляные", updatedName: "Земляные работы" });
    expect(pascal.ignoredTwigs[0]).toMatchObject({ code: "12.20", unit: "" });
  });

  it("reads a PascalCase status with its error message", () => {
    const s = importStatusSchema.parse(fixture("import-status-pascal.json"));
    expect(s).toMatchObject({ status: "Failed", progress: 10, error: "Catalog is locked" });
  });

  it("turns a null error into null and keeps progress", () => {
    expect(importStatusSchema.parse(fixture("import-status.json"))).toMatchObject({
      status: "ReportCreated",
      progress: 100,
      error: null,
    });
  });

  it("reads nested folders, their models and union models", () => {
    const [project] = projectListSchema.parse(fixture("projects.json"));
    expect(project!.folders[0]!.folders[0]!.models[0]!.name).toBe("АР_Корпус А #1");
    expect(project!.folders[0]!.unionModels[0]!.name).toBe("Сводная модель");
    expect(project!.projectSettings?.excelValueExport?.isExportPrice).toBe(true);
  });

  it("reads analysis schemes with their catalog priorities", () => {
    const [analysis] = analysisListSchema.parse(fixture("analyses.json"));
    expect(analysis!.version).toBe(2);
    expect(analysis!.catalogPrioritiesSchemes[0]!.name).toBe("Основная схема");
    expect(analysis!.catalogPrioritiesSchemes[0]!.catalogPriorities[0]!.name).toBe("Прайс 2025");
  });

  it("strips unknown fields without failing", () => {
    const data = withValue(fixture("companies.json"), [0, "somethingNew"], { deep: true });
    const [company] = companyListSchema.parse(data);
    expect(company).toEqual({
      id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
      name: 'ООО "СтройПроект"',
      isPersonal: false,
    });
  });

  it("accepts null where only null or empty arrays were shown", () => {
    const data = withValue(fixture("projects.json"), [0, "folders"], null);
    const withUsers = withValue(data, [0, "users"], [{ id: "x", role: "owner" }]);
    const [project] = projectListSchema.parse(withUsers);
    expect(project!.folders).toEqual([]);
  });

  it("keeps BOQ rows in wire form, with local variables", () => {
    const env = odataEnvelopeSchema.parse(fixture("boq-page.json"));
    expect(env.value).toHaveLength(2);
    expect(env.value[1]).toMatchObject({ Code: "1.1", Value: 12.5 });
    expect(env.value[0]!.LocalVars[1]).toEqual({ Name: "Note", Value: null });
    expect(env["@odata.nextLink"]).toContain("$skiptoken=2");
  });
});

describe("malformed responses name the endpoint and the field", () => {
  const cases: [string, z.ZodType, (string | number)[], unknown, string][] = [
    [
      "projects.json",
      projectListSchema,
      [0, "folders", 0, "folders", 0, "models", 0, "id"],
      42,
      "[0].folders[0].folders[0].models[0].id",
    ],
    ["model.json", modelSchema, ["versions", 1, "versionIndex"], "3", "versions[1].versionIndex"],
    ["analyses.json", analysisListSchema, [0, "version"], undefined, "[0].version"],
    ["boq-page.json", odataEnvelopeSchema, ["value", 1, "Value"], "12,5", "value[1].Value"],
    ["boq-page.json", odataEnvelopeSchema, ["value", 0, "Code"], null, "value[0].Code"],
    ["companies.json", companyListSchema, [1, "name"], undefined, "[1].name"],
    ["import-log.json", importLogSchema, ["InsertedTwigs", 0, "Code"], 11, "InsertedTwigs[0].Code"],
    ["import-log-camel.json", importLogSchema, ["insertedTwigs", 0, "code"], 11, "insertedTwigs[0].code"],
    ["import-status.json", importStatusSchema, ["status"], undefined, "status"],
    ["import-status-pascal.json", importStatusSchema, ["Progress"], "half", "Progress"],
    ["import-response.json", importResponseSchema, ["JobId"], undefined, "jobId"],
    ["token-response.json", tokenResponseSchema, ["access_token"], "", "access_token"],
  ];

  it.each(cases)("%s with a broken %#", (file, schema, path, value, expectedPath) => {
    const error = parseError(schema, withValue(fixture(file), path, value));
    expect(error.kind).toBe("invalid-response");
    expect(error.fieldPath).toBe(expectedPath);
    expect(errorText(error)).toContain("the project list");
    expect(errorText(error)).toContain(`"${expectedPath}"`);
  });

  it("rejects a body that is not an object at all", () => {
    const error = parseError(modelSchema, "<html>Bad gateway</html>");
    // "" is the whole body, said so in words.
    expect(error.fieldPath).toBe("");
    expect(errorText(error)).toContain('at field "(the whole body)"');
    expect(errorDetails(error).split("\n").at(-1)).toBe("(the whole body)");
    expect(errorText(error)).not.toContain("html");
  });
});

describe("import request (wire form we send)", () => {
  it("refuses a misspelt field, so a typo cannot be silently ignored by the server", () => {
    const data = withValue(fixture("import-request.json"), ["Data", 0, "Currency"], "RUB");
    const result = importRequestSchema.safeParse(data);
    expect(result.success).toBe(false);
  });

  it("requires a code for every position", () => {
    const data = withValue(fixture("import-request.json"), ["Data", 1, "Code"], undefined);
    const result = importRequestSchema.safeParse(data);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["Data", 1, "Code"]);
  });
});
