// What the platform may vary in its answers (docs/interface.md): key casing, fields left out or
// null, unknown fields, numbers where strings were shown; and what each resource must still hold
// (non-empty ids, a job id, a Bearer token). Every test loads the schemas module afresh, so the
// schemas are built inside the test: a schema defined wrongly at module level then fails the test
// that reads with it, also in the mutation run (which counts only what a test itself executes).
import type * as SchemasModule from "../../src/api/schemas";

type Schemas = typeof SchemasModule;

async function load(): Promise<Schemas> {
  let loaded: Schemas | undefined;
  await jest.isolateModulesAsync(async () => {
    loaded = await import("../../src/api/schemas");
  });
  if (loaded === undefined) throw new Error("the schemas module did not load");
  return loaded;
}

/** What a refused body is reported as: the field as the server spelt it, and why. */
function refusal(s: Schemas, schema: Parameters<Schemas["parseResponse"]>[0], body: unknown) {
  try {
    s.parseResponse(schema, body, "project-list");
  } catch (e) {
    const { kind, endpoint, fieldPath, details } = e as Record<string, unknown>;
    return { kind, endpoint, fieldPath, details };
  }
  throw new Error("expected the body to be refused");
}

const refused = (fieldPath: string, details: string) => ({
  kind: "invalid-response",
  endpoint: "project-list",
  fieldPath,
  details,
});

const TOO_SHORT = "Too small: expected string to have >=1 characters";

describe("the import request we send", () => {
  const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
  const body = {
    Settings: { CatalogName: "Прайс 2026", CompanyId: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d" },
    Data: [
      {
        Guid: GUID,
        Code: "1.1",
        Name: "Brick walls",
        Price: 12.5,
        Unit: "m2",
        CurrencyCharCode: "EUR",
        Binding: "Walls",
        ControlPoints: [{ Binding: "Volume", VariableName: "V" }],
      },
    ],
    DeletedData: [{ Guid: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", Code: "2.1", Name: "Old walls" }],
  };

  it("holds every field of a position, a deletion and the settings", async () => {
    const s = await load();
    expect(s.importRequestSchema.parse(body)).toEqual(body);
  });

  it("refuses an empty code, a misspelt field and a price that is not finite", async () => {
    const s = await load();
    const position = body.Data[0];
    for (const wrong of [
      { ...position, Code: "" },
      { ...position, Nmae: "x" },
      { ...position, Price: Infinity },
    ]) {
      expect(s.importRequestSchema.safeParse({ ...body, Data: [wrong] }).success).toBe(false);
    }
  });
});

describe("the import response", () => {
  it("gives the job id in either casing, a numeric one as text", async () => {
    const s = await load();
    expect(s.importResponseSchema.parse({ JobId: "65f1c0a9", Extra: 1 })).toEqual({ jobId: "65f1c0a9" });
    expect(s.importResponseSchema.parse({ jobId: 42 })).toEqual({ jobId: "42" });
  });

  it("refuses an empty job id, and says a missing or boolean one must be a string", async () => {
    const s = await load();
    expect(refusal(s, s.importResponseSchema, { JobId: "" })).toEqual(refused("JobId", TOO_SHORT));
    const wrongType = refused("jobId", "expected the job identifier (JobId or jobId) as a string");
    expect(refusal(s, s.importResponseSchema, {})).toEqual(wrongType);
    expect(refusal(s, s.importResponseSchema, { JobId: true })).toEqual({ ...wrongType, fieldPath: "JobId" });
  });

  it("names the camelCase key when the body holds both spellings and the camelCase one is wrong", async () => {
    const s = await load();
    expect(refusal(s, s.importResponseSchema, { JobId: "ok", jobId: "" })).toEqual(
      refused("jobId", TOO_SHORT),
    );
  });
});

describe("the import status", () => {
  it("reads a PascalCase status without progress or error as 0 % and no error", async () => {
    const s = await load();
    expect(s.importStatusSchema.parse({ JobId: 7, Status: "Queued", RootName: "Price 2025" })).toEqual({
      jobId: "7",
      status: "Queued",
      rootName: "Price 2025",
      progress: 0,
      error: null,
    });
  });

  it("says a job id that is neither text nor a number must be a string", async () => {
    const s = await load();
    expect(refusal(s, s.importStatusSchema, { jobId: false, status: "Running" })).toEqual(
      refused("jobId", "expected the job identifier (jobId) as a string"),
    );
  });
});

describe("the import log", () => {
  it("keeps every entry's ids and the platform's reason, in the PascalCase wire form", async () => {
    const s = await load();
    const log = s.importLogSchema.parse({
      InsertedTwigs: [
        { PlatformId: "p1", ExternalId: "g1", Code: "1.1", Name: "Walls", Price: 12.5, Unit: "m2" },
      ],
      UpdatedTwigs: [
        { PlatformId: "p2", SourceName: "Old", UpdatedName: "New", SourcePrice: 1, UpdatedPrice: 2 },
      ],
      DeletedTwigs: [{ ExternalId: "g3", Code: "2", Name: "Roof", Message: "with its children" }],
      IgnoredTwigs: [{ Code: "12.20", Unit: "pcs", Reason: "parent 12 is missing", Secret: "x" }],
    });
    expect(log).toEqual({
      insertedTwigs: [
        { platformId: "p1", externalId: "g1", code: "1.1", name: "Walls", price: 12.5, unit: "m2" },
      ],
      updatedTwigs: [
        { platformId: "p2", sourceName: "Old", updatedName: "New", sourcePrice: 1, updatedPrice: 2 },
      ],
      deletedTwigs: [{ externalId: "g3", code: "2", name: "Roof", message: "with its children" }],
      ignoredTwigs: [{ code: "12.20", unit: "pcs", reason: "parent 12 is missing" }],
    });
  });

  it("reads lists that are null or missing as empty", async () => {
    const s = await load();
    expect(s.importLogSchema.parse({ InsertedTwigs: null, updatedTwigs: null })).toEqual({
      insertedTwigs: [],
      updatedTwigs: [],
      deletedTwigs: [],
      ignoredTwigs: [],
    });
  });
});

describe("companies, projects and models", () => {
  it("reads a company and refuses one with an empty id", async () => {
    const s = await load();
    expect(s.companyListSchema.parse([{ id: "c1", name: "ACME", plan: "gold" }])).toEqual([
      { id: "c1", name: "ACME", isPersonal: false },
    ]);
    expect(refusal(s, s.companyListSchema, [{ id: "", name: "ACME" }])).toEqual(refused("[0].id", TOO_SHORT));
  });

  it("reads a project's nested folders, their models and union models, and its export settings", async () => {
    const s = await load();
    const project = s.projectSchema.parse({
      id: "p1",
      name: "Tower",
      folders: [
        {
          name: "A",
          folders: [{ name: "B", models: [{ id: "m1", name: "Walls", sw: "Revit", color: "red" }] }],
          unionModels: [{ id: "u1", name: "Summary", checkedForAnalysis: true }],
        },
      ],
      models: null,
      projectSettings: { excelValueExport: { isExportPrice: true, exportedLocalVars: null, theme: "dark" } },
    });
    expect(project.folders).toEqual([
      {
        name: "A",
        folders: [
          { name: "B", folders: [], models: [{ id: "m1", name: "Walls", sw: "Revit" }], unionModels: [] },
        ],
        models: [],
        unionModels: [{ id: "u1", name: "Summary", checkedForAnalysis: true }],
      },
    ]);
    expect(project.models).toEqual([]);
    expect(project.projectSettings).toEqual({
      excelValueExport: { isExportPrice: true, exportedLocalVars: [] },
    });
  });

  it.each([
    ["the project", { id: "", name: "Tower" }, "id"],
    [
      "a model in a folder",
      { id: "p1", name: "T", folders: [{ name: "A", models: [{ id: "", name: "W" }] }] },
      "folders[0].models[0].id",
    ],
    ["a union model", { id: "p1", name: "T", unionModels: [{ id: "", name: "U" }] }, "unionModels[0].id"],
  ])("refuses a project where %s has an empty id", async (_what, body, fieldPath) => {
    const s = await load();
    expect(refusal(s, s.projectSchema, body)).toEqual(refused(fieldPath, TOO_SHORT));
  });

  it("reads a model's versions, and refuses an empty model or version id", async () => {
    const s = await load();
    const model = s.modelSchema.parse({
      id: "m1",
      name: "Walls",
      versions: [{ id: "v1", versionIndex: 3, glb: null, desc: "third" }],
    });
    expect(model).toEqual({
      id: "m1",
      name: "Walls",
      versions: [{ id: "v1", versionIndex: 3, glb: [], geomData: [], meta: [], desc: "third" }],
    });
    expect(refusal(s, s.modelSchema, { id: "", name: "Walls" })).toEqual(refused("id", TOO_SHORT));
    expect(
      refusal(s, s.modelSchema, { id: "m1", name: "W", versions: [{ id: "", versionIndex: 1 }] }),
    ).toEqual(refused("versions[0].id", TOO_SHORT));
  });
});

describe("analyses and their priority schemes", () => {
  it("reads an analysis with its units, trees, schemes and catalog priorities", async () => {
    const s = await load();
    const [analysis] = s.analysisListSchema.parse([
      {
        id: "a1",
        version: 2,
        totalCost: 10.5,
        positionUnits: [{ type: 1, unit: "m3", roundingDegree: 2 }],
        trees: { unionResultsTrees: [{ id: "t" }], other: 1 },
        catalogPrioritiesSchemes: [
          {
            id: "s1",
            name: "Main",
            catalogPriorities: [{ priority: 1, name: "Price 2025", isUse: true, filterTwigIds: null }],
          },
        ],
      },
    ]);
    expect(analysis).toEqual({
      id: "a1",
      version: 2,
      totalCost: 10.5,
      meta: [],
      glb: [],
      geomData: [],
      positionUnits: [{ type: 1, unit: "m3", roundingDegree: 2 }],
      localVars: [],
      trees: { unionResultsTrees: [{ id: "t" }] },
      catalogPrioritiesSchemes: [
        {
          id: "s1",
          name: "Main",
          catalogPriorities: [{ priority: 1, name: "Price 2025", isUse: true, filterTwigIds: [] }],
        },
      ],
    });
  });

  it("refuses an analysis or a scheme with an empty id", async () => {
    const s = await load();
    expect(refusal(s, s.analysisListSchema, [{ id: "", version: 1 }])).toEqual(refused("[0].id", TOO_SHORT));
    expect(
      refusal(s, s.analysisSchema, {
        id: "a1",
        version: 1,
        catalogPrioritiesSchemes: [{ id: "", name: "M" }],
      }),
    ).toEqual(refused("catalogPrioritiesSchemes[0].id", TOO_SHORT));
  });
});

describe("the bill of quantities", () => {
  it("reads a row without a unit as an empty unit, and variables of any scalar type as text", async () => {
    const s = await load();
    const envelope = s.odataEnvelopeSchema.parse({
      "@odata.nextLink": "UnionTree?$skiptoken=2",
      value: [
        {
          Code: "1.1",
          Name: "Walls",
          Unit: null,
          Value: 12.5,
          ParentId: "00000000-0000-0000-0000-000000000000",
          LocalVars: [
            { Name: "Floor", Value: 3 },
            { Name: "Fire rated", Value: true },
            { Name: "Note", Value: "east" },
            { Name: "Empty", Value: null },
          ],
        },
      ],
    });
    expect(envelope).toEqual({
      "@odata.nextLink": "UnionTree?$skiptoken=2",
      value: [
        {
          Code: "1.1",
          Name: "Walls",
          Unit: "",
          Value: 12.5,
          ParentId: s.NIL_UUID,
          LocalVars: [
            { Name: "Floor", Value: "3" },
            { Name: "Fire rated", Value: "true" },
            { Name: "Note", Value: "east" },
            { Name: "Empty", Value: null },
          ],
        },
      ],
    });
  });

  it("knows the platform's 'no parent' id as the all-zero UUID", async () => {
    const s = await load();
    expect(s.NIL_UUID).toBe("00000000-0000-0000-0000-000000000000");
  });
});

describe("the sign-in server's answers", () => {
  it("reads a token and refuses an empty one or a type other than Bearer", async () => {
    const s = await load();
    expect(
      s.tokenResponseSchema.parse({ access_token: "eyJ.a.b", token_type: "Bearer", expires_in: "3600" }),
    ).toEqual({
      access_token: "eyJ.a.b",
      token_type: "Bearer",
      expires_in: 3600,
    });
    expect(refusal(s, s.tokenResponseSchema, { access_token: "", token_type: "Bearer" })).toEqual(
      refused("access_token", TOO_SHORT),
    );
    expect(refusal(s, s.tokenResponseSchema, { access_token: "a", token_type: "mac" })).toEqual(
      refused("token_type", "token_type must be Bearer"),
    );
  });

  it("reads an OAuth refusal", async () => {
    const s = await load();
    expect(
      s.oauthErrorSchema.parse({ error: "invalid_grant", error_description: "Bad password", trace: "t" }),
    ).toEqual({
      error: "invalid_grant",
      error_description: "Bad password",
    });
  });

  it("reads the access token's claims, the scope as text or as a list", async () => {
    const s = await load();
    const claims = { sub: "u1", exp: 1700000000, company_id: "c1", client_id: "addin", email: "a@b.c" };
    expect(s.accessTokenClaimsSchema.parse({ ...claims, scope: "openid profile", amr: ["pwd"] })).toEqual({
      ...claims,
      scope: "openid profile",
    });
    expect(s.accessTokenClaimsSchema.parse({ ...claims, scope: ["openid", "profile"] }).scope).toEqual([
      "openid",
      "profile",
    ]);
  });
});

describe("a service error", () => {
  it("keeps the code as text, the message, the details and each validation error with its members", async () => {
    const s = await load();
    const body = {
      error: {
        code: 4001,
        message: "Validation failed",
        details: "Row 3",
        data: { row: 3 },
        validationErrors: [{ message: "Code is required", members: ["Code"], severity: 2 }],
      },
    };
    expect(s.serviceErrorSchema.parse(body)).toEqual({
      error: {
        code: "4001",
        message: "Validation failed",
        details: "Row 3",
        data: { row: 3 },
        validationErrors: [{ message: "Code is required", members: ["Code"] }],
      },
    });
  });

  it("reads a null code as no code, and a text code as it is", async () => {
    const s = await load();
    expect(s.serviceErrorSchema.parse({ error: { code: null, message: "Oops" } })).toEqual({
      error: { code: undefined, message: "Oops", validationErrors: [] },
    });
    expect(s.serviceErrorSchema.parse({ error: { code: "Locked" } }).error.code).toBe("Locked");
  });
});
