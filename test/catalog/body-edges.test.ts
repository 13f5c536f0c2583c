// The import body at its edges: the words of the refusal when errors remain, Guids given to new
// positions (never one the sheet already uses, never the nil GUID), fields left out of what is
// sent, and the schema every body is checked against before it leaves the add-in.
import {
  CatalogBlockedError,
  NIL_GUID,
  STEP_ITEMS,
  buildImportBody,
  buildImportBodyInSteps,
  importRequestSchema,
} from "../../src/catalog";
import type { CatalogPosition, Problem } from "../../src/catalog";
import { countPauses } from "./helpers";

const SETTINGS = { CatalogName: "Прайс 2026", CompanyId: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d" };
const GUID_A = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const GUID_B = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
const NEW_1 = "00000000-0000-4000-8000-000000000001";
const NEW_2 = "00000000-0000-4000-8000-000000000002";

/** A generator handing out the given GUIDs in turn. */
const handing = (...guids: string[]): (() => string) => {
  let n = 0;
  return () => guids[n++] ?? "exhausted";
};

const problem = (severity: Problem["severity"]): Problem => ({
  kind: severity === "error" ? "missing-name" : "orphan-code",
  severity,
  sheet: "Catalog",
  row: 2,
  column: "B",
  cell: "B2",
  field: "Name",
  values: {},
});

describe("an import refused for errors", () => {
  it.each([
    [1, "The catalog has 1 error; correct it before importing."],
    [2, "The catalog has 2 errors; correct them before importing."],
    [12, "The catalog has 12 errors; correct them before importing."],
  ])("with %i error(s) says so in a sentence", (count, message) => {
    const analysis = {
      positions: [{ row: 2, Code: "1" }],
      deletions: [],
      problems: [problem("warning"), ...Array.from({ length: count }, () => problem("error"))],
    };
    let thrown: unknown;
    try {
      buildImportBody(analysis, SETTINGS);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CatalogBlockedError);
    expect(thrown).toMatchObject({ name: "CatalogBlockedError", errorCount: count, message });
  });
});

describe("Guids given to new positions while building the body", () => {
  const positions: CatalogPosition[] = [
    { row: 2, Code: "1", Name: "Root", Guid: GUID_A },
    { row: 3, Code: "1.1", Name: "Child" },
  ];

  it("never repeat a Guid another row of the sheet already has", () => {
    expect(() =>
      buildImportBody({ positions, deletions: [], problems: [] }, SETTINGS, {
        assignGuids: true,
        newGuid: handing(GUID_A),
      }),
    ).toThrow(`The GUID generator returned ${GUID_A} twice.`);
  });

  it("are never the nil GUID", () => {
    expect(() =>
      buildImportBody({ positions, deletions: [], problems: [] }, SETTINGS, {
        assignGuids: true,
        newGuid: handing(NIL_GUID),
      }),
    ).toThrow("The GUID generator returned the nil GUID.");
  });

  it("are written in the canonical spelling when the generator spells them otherwise", () => {
    const { body, assignedGuids } = buildImportBody({ positions, deletions: [], problems: [] }, SETTINGS, {
      assignGuids: true,
      newGuid: handing(`{${GUID_B.toUpperCase()}}`),
    });
    expect(assignedGuids).toEqual([{ row: 3, guid: GUID_B }]);
    expect(body.Data).toEqual([
      { Guid: GUID_A, Code: "1", Name: "Root" },
      { Guid: GUID_B, Code: "1.1", Name: "Child" },
    ]);
  });

  it("are not given unless asked for, even with a generator at hand", () => {
    const { body, assignedGuids } = buildImportBody({ positions, deletions: [], problems: [] }, SETTINGS, {
      newGuid: handing(NEW_1),
    });
    expect(assignedGuids).toEqual([]);
    expect(body.Data[1]).toEqual({ Code: "1.1", Name: "Child" });
  });
});

describe("Guids given to positions without one", () => {
  /** The body of the positions as they are, with Guids given from the generator. */
  const assigning = (positions: CatalogPosition[], newGuid: () => string) =>
    buildImportBody({ positions, deletions: [], problems: [] }, SETTINGS, { assignGuids: true, newGuid });

  it("gives a Guid only to positions without one, and lists them by row", () => {
    const positions: CatalogPosition[] = [
      { row: 2, Code: "1", Guid: GUID_A },
      { row: 3, Code: "1.1", Name: "Walls" },
      { row: 5, Code: "1.2" },
    ];
    const result = assigning(positions, handing(NEW_1, NEW_2));
    expect(result.body.Data).toEqual([
      { Guid: GUID_A, Code: "1" },
      { Guid: NEW_1, Code: "1.1", Name: "Walls" },
      { Guid: NEW_2, Code: "1.2" },
    ]);
    expect(result.assignedGuids).toEqual([
      { row: 3, guid: NEW_1 },
      { row: 5, guid: NEW_2 },
    ]);
    // The input is left as it was.
    expect(positions[1]).toEqual({ row: 3, Code: "1.1", Name: "Walls" });
  });

  it("gives nothing when every position has a Guid", () => {
    const positions: CatalogPosition[] = [{ row: 2, Code: "1", Guid: GUID_A }];
    const result = assigning(positions, handing());
    expect(result.assignedGuids).toEqual([]);
    expect(result.body.Data).toEqual([{ Guid: GUID_A, Code: "1" }]);
  });

  it("refuses the nil GUID from the generator", () => {
    expect(() => assigning([{ row: 2, Code: "1" }], handing(NIL_GUID))).toThrow(
      "The GUID generator returned the nil GUID.",
    );
  });
});

describe("fields left out of what is sent", () => {
  it("a position without a name is sent with its code alone", () => {
    const body = buildImportBody(
      { positions: [{ row: 2, Code: "1" }], deletions: [], problems: [] },
      SETTINGS,
    ).body;
    expect(Object.keys(body.Data[0] ?? {})).toEqual(["Code"]);
  });

  it("a deletion by Guid alone is sent without a code or a name", () => {
    const body = buildImportBody(
      { positions: [], deletions: [{ row: 4, Guid: GUID_B }], problems: [] },
      SETTINGS,
    ).body;
    expect(Object.keys(body.DeletedData[0] ?? {})).toEqual(["Guid"]);
  });

  it("a deletion by code alone is sent without a Guid", () => {
    const body = buildImportBody(
      { positions: [], deletions: [{ row: 4, Code: "1.2" }], problems: [] },
      SETTINGS,
    ).body;
    expect(body.DeletedData).toEqual([{ Code: "1.2" }]);
    expect(Object.keys(body.DeletedData[0] ?? {})).toEqual(["Code"]);
  });
});

describe("building the body in steps", () => {
  const count = (n: number) => {
    const positions: CatalogPosition[] = Array.from({ length: n }, (_, i) => ({
      row: i + 2,
      Code: `${i + 1}`,
    }));
    const { pauses, value } = countPauses(
      buildImportBodyInSteps({ positions, deletions: [], problems: [] }, SETTINGS),
    );
    return { pauses, data: value.body.Data.length };
  };

  it.each([
    [STEP_ITEMS - 1, 0],
    [STEP_ITEMS, 1],
    [2 * STEP_ITEMS + 1, 2],
  ])("with %i positions pauses %i times, once per slice, and keeps every position", (n, pauses) => {
    expect(count(n)).toEqual({ pauses, data: n });
  });
});

describe("the schema every body is checked against", () => {
  const body = {
    Settings: SETTINGS,
    Data: [{ Guid: GUID_A, Code: "1", Name: "Root", Price: 10 }],
    DeletedData: [{ Code: "2" }],
  };

  it("accepts a body as built", () => {
    expect(importRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ["an empty code", { ...body, Data: [{ Code: "" }] }],
    ["an empty Guid", { ...body, Data: [{ Guid: "", Code: "1" }] }],
    ["a price that is not finite", { ...body, Data: [{ Code: "1", Price: Number.POSITIVE_INFINITY }] }],
    ["a misspelt field", { ...body, Data: [{ Code: "1", Nmae: "Root" }] }],
    ["an empty catalog name", { ...body, Settings: { ...SETTINGS, CatalogName: "" } }],
    ["an empty company id", { ...body, Settings: { ...SETTINGS, CompanyId: "" } }],
    ["an empty Guid of a deletion", { ...body, DeletedData: [{ Guid: "" }] }],
    ["a misspelt field of a deletion", { ...body, DeletedData: [{ Code: "2", Gid: GUID_A }] }],
    [
      "a control point without a variable",
      { ...body, Data: [{ Code: "1", ControlPoints: [{ Binding: "V" }] }] },
    ],
    ["no list of deletions", { Settings: SETTINGS, Data: [] }],
  ])("refuses %s", (_case, wrong) => {
    expect(importRequestSchema.safeParse(wrong).success).toBe(false);
  });
});
