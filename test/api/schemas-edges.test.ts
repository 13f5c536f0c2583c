// The finer points of reading the platform's answers: both casings with the camelCase key winning,
// a job error of any shape as one sentence, defaults for fields a platform version leaves out, the
// token type in any casing, and the path of a malformed field spelt as in the body received.
import { ApiError } from "../../src/api/errors";
import {
  boqRowSchema,
  camelizeKeys,
  companySchema,
  formatPath,
  importStatusSchema,
  localVarSchema,
  parseResponse,
  projectSchema,
  tokenResponseSchema,
} from "../../src/api/schemas";

/** The ApiError a call throws. */
function thrown(call: () => unknown): ApiError {
  try {
    call();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

const status = (error: unknown) =>
  importStatusSchema.parse({ JobId: "j1", Status: "Failed", Progress: 10, Error: error }).error;

describe("keys in either casing", () => {
  it("lowers the first letter of each key at every depth, leaving values and empty keys alone", () => {
    expect(camelizeKeys({ JobId: "A", Data: [{ InnerKey: "Value" }], "": 1 })).toEqual({
      jobId: "A",
      data: [{ innerKey: "Value" }],
      "": 1,
    });
  });

  it("lets the camelCase key win when both are present, in either order", () => {
    expect(camelizeKeys({ JobId: "pascal", jobId: "camel" })).toEqual({ jobId: "camel" });
    expect(camelizeKeys({ jobId: "camel", JobId: "pascal" })).toEqual({ jobId: "camel" });
  });
});

describe("a job's error", () => {
  it("is none when null, missing or empty", () => {
    expect(status(null)).toBeNull();
    expect(status(undefined)).toBeNull();
    expect(status("")).toBeNull();
  });

  it("is the text itself, the message of an object, or the JSON of anything else", () => {
    expect(status("Catalog locked")).toBe("Catalog locked");
    expect(status({ message: "Row 4: bad code", code: 7 })).toBe("Row 4: bad code");
    expect(status({ message: 42 })).toBe('{"message":42}');
    expect(status({ code: 7 })).toBe('{"code":7}');
    expect(status(13)).toBe("13");
  });
});

describe("fields a platform version leaves out", () => {
  it("reads a company without isPersonal as not personal, and keeps a personal one", () => {
    expect(companySchema.parse({ id: "c1", name: "ACME" }).isPersonal).toBe(false);
    expect(companySchema.parse({ id: "c1", name: "ACME", isPersonal: null }).isPersonal).toBe(false);
    expect(companySchema.parse({ id: "c1", name: "Me", isPersonal: true }).isPersonal).toBe(true);
  });

  it("reads a BOQ row without a unit as an empty unit, and a variable without a value as null", () => {
    expect(boqRowSchema.parse({ Code: "1", Name: "Walls", Value: 2 }).Unit).toBe("");
    expect(boqRowSchema.parse({ Code: "1", Name: "Walls", Value: 2, Unit: "m2" }).Unit).toBe("m2");
    expect(localVarSchema.parse({ Name: "V" }).Value).toBeNull();
    expect(localVarSchema.parse({ Name: "V", Value: 0 }).Value).toBe("0");
    expect(localVarSchema.parse({ Name: "V", Value: false }).Value).toBe("false");
  });

  it("reads a project's folders recursively", () => {
    const project = projectSchema.safeParse({
      id: "p1",
      name: "Tower",
      companyId: "c1",
      folders: [{ name: "A", folders: [{ name: "B", models: [{ id: "m1", name: "Walls" }] }] }],
    });
    expect(project.success && project.data.folders[0]?.folders[0]?.models[0]?.id).toBe("m1");
  });
});

describe("the token response", () => {
  it("accepts the token type in any casing and refuses another type", () => {
    expect(tokenResponseSchema.safeParse({ access_token: "a", token_type: "bearer" }).success).toBe(true);
    expect(tokenResponseSchema.safeParse({ access_token: "a", token_type: "BEARER" }).success).toBe(true);
    expect(tokenResponseSchema.safeParse({ access_token: "a", token_type: "mac" }).success).toBe(false);
  });
});

describe("the path of a malformed field", () => {
  it("reads as the JSON would be written", () => {
    expect(formatPath(["value", 3, "LocalVars", 0, "Name"])).toBe("value[3].LocalVars[0].Name");
    expect(formatPath(["@odata.nextLink"])).toBe('["@odata.nextLink"]');
    expect(formatPath(["a", "b c", "_ok$"])).toBe('a["b c"]._ok$');
    expect(formatPath(["9lives"])).toBe('["9lives"]');
    // The whole body: an empty path, which ApiError says in words.
    expect(formatPath([])).toBe("");
  });

  it("spells the key as the body had it (PascalCase), also below an array", () => {
    const error = thrown(() => parseResponse(importStatusSchema, { JobId: "j", Status: 5 }, "import-status"));
    expect(error.fieldPath).toBe("Status");
    const nested = thrown(() =>
      parseResponse(
        importStatusSchema.array(),
        [
          { jobId: "j", status: "Running" },
          { JobId: "k", Status: null },
        ],
        "import-status",
      ),
    );
    expect(nested.fieldPath).toBe("[1].Status");
  });

  it("keeps the schema's key when the body has neither spelling", () => {
    const error = thrown(() => parseResponse(importStatusSchema, { JobId: "j" }, "import-status"));
    expect(error.fieldPath).toBe("status");
    expect(error.kind).toBe("invalid-response");
  });
});
