// zod schemas for every resource of interface.md section 2, plus the token endpoint, the OAuth
// error body and the service error body (platform-notes.md "Errors").
//
// Policy, applied everywhere:
// - Fields the add-in relies on (ids, names, version numbers, BOQ codes and values) are required.
// - Fields whose only shown value is null or an empty array are optional and accept anything
//   (their element shape is not shown), so a real server that fills them does not break us.
// - Unknown fields are stripped (z.object's default), never rejected.
// - Where the interface leaves the casing open (import response, status, log), keys are
//   normalised to camelCase before parsing, so one output type serves both wire forms.
// - A body that does not parse becomes an ApiError of kind "invalid-response" naming the endpoint
//   and the path of the offending field (parseResponse below).

import { z } from "zod";
import { ApiError } from "./errors";

/** The all-zero UUID: "none selected" / "no parent" in the platform's responses. */
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

// ---------------------------------------------------------------------------------------------
// helpers

/** An array that may also come as null or be missing; always an array after parsing. */
function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);
}

/** A field whose value shape is not shown: accepted as is, optional. */
const unknownShape = z.unknown().optional();

const optString = z.string().nullish();
const optNumber = z.number().nullish();
const optBoolean = z.boolean().nullish();

function lowerFirst(key: string): string {
  return key.length === 0 ? key : key.charAt(0).toLowerCase() + key.slice(1);
}

/** Recursively rewrites object keys from PascalCase to camelCase (values untouched). */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const key = lowerFirst(k);
      // When both casings are present the camelCase one (the public example's form) wins.
      if (key in out && k !== key) continue;
      out[key] = camelizeKeys(v);
    }
    return out;
  }
  return value;
}

function eitherCase<T extends z.ZodType>(schema: T) {
  return z.preprocess(camelizeKeys, schema);
}

// ---------------------------------------------------------------------------------------------
// 2.1 import request (wire form, PascalCase). Strict: this is what WE send, an unknown key here is
// a bug of ours (a misspelt field would be silently ignored by the server).

// One definition, in src/catalog (which builds the body); re-exported for the client.
export {
  controlPointSchema,
  importPositionSchema,
  deletedPositionSchema,
  importRequestSchema,
  type ControlPoint,
  type ImportPosition,
  type DeletedPosition,
  type ImportRequest,
} from "../catalog";

// ---------------------------------------------------------------------------------------------
// 2.2 import response: {"JobId": ...} in the interface, {"jobId": ...} in the public example.

export const importResponseSchema = eitherCase(
  z.object({
    jobId: z.union([z.string().min(1), z.number().transform(String)], {
      error: "expected the job identifier (JobId or jobId) as a string",
    }),
  }),
);
export type ImportResponse = z.output<typeof importResponseSchema>;

// ---------------------------------------------------------------------------------------------
// 2.3 import status

/** `error`: null on success; a value of unknown shape otherwise. Normalised to string | null. */
const jobError = z
  .unknown()
  .optional()
  .transform((v): string | null => {
    if (v === null || v === undefined || v === "") return null;
    if (typeof v === "string") return v;
    if (typeof v === "object" && v !== null && "message" in v && typeof v.message === "string")
      return v.message;
    return JSON.stringify(v);
  });

export const importStatusSchema = eitherCase(
  z.object({
    id: optString,
    jobId: z.union([z.string(), z.number().transform(String)], {
      error: "expected the job identifier (jobId) as a string",
    }),
    rootName: optString,
    rootId: optString,
    status: z.string(),
    date: optString,
    progress: z
      .number()
      .nullish()
      .transform((v) => v ?? 0),
    error: jobError,
  }),
);
export type ImportStatus = z.output<typeof importStatusSchema>;

// ---------------------------------------------------------------------------------------------
// 2.4 import log (both casings; output camelCase)

const logTwigBase = {
  platformId: optString,
  externalId: optString,
  // Not in the interface, but what the user needs to see where the platform adds them (why a row
  // was ignored): kept, not stripped with the other unknown fields.
  reason: optString,
  message: optString,
};

export const insertedTwigSchema = z.object({
  ...logTwigBase,
  code: z.string(),
  name: optString,
  price: optNumber,
  currencyCharCode: optString,
  unit: optString,
});

export const updatedTwigSchema = z.object({
  ...logTwigBase,
  sourceCode: optString,
  updatedCode: optString,
  sourceName: optString,
  updatedName: optString,
  sourcePrice: optNumber,
  updatedPrice: optNumber,
  sourceCurrencyCharCode: optString,
  updatedCurrencyCharCode: optString,
  sourceUnit: optString,
  updatedUnit: optString,
});

export const deletedTwigSchema = z.object({
  ...logTwigBase,
  code: optString,
  name: optString,
});

export const ignoredTwigSchema = z.object({
  ...logTwigBase,
  code: optString,
  name: optString,
  price: optNumber,
  currencyCharCode: optString,
  unit: optString,
});

export const importLogSchema = eitherCase(
  z.object({
    insertedTwigs: list(insertedTwigSchema),
    updatedTwigs: list(updatedTwigSchema),
    deletedTwigs: list(deletedTwigSchema),
    ignoredTwigs: list(ignoredTwigSchema),
  }),
);
export type InsertedTwig = z.infer<typeof insertedTwigSchema>;
export type UpdatedTwig = z.infer<typeof updatedTwigSchema>;
export type DeletedTwig = z.infer<typeof deletedTwigSchema>;
export type IgnoredTwig = z.infer<typeof ignoredTwigSchema>;
export type ImportLog = z.output<typeof importLogSchema>;

// ---------------------------------------------------------------------------------------------
// 2.5 company

export const companySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  isPersonal: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export const companyListSchema = z.array(companySchema);
export type Company = z.output<typeof companySchema>;

// ---------------------------------------------------------------------------------------------
// 2.6 project, folders, model references, union models

export const modelReferenceSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  sw: optString,
  checkedForAnalysis: optBoolean,
});
export type ModelReference = z.output<typeof modelReferenceSchema>;

/** Union model: only "union models of the project" is shown; id and name are what the flow needs. */
export const unionModelSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  sw: optString,
  checkedForAnalysis: optBoolean,
});
export type UnionModel = z.output<typeof unionModelSchema>;

export interface Folder {
  name: string;
  folders: Folder[];
  models: ModelReference[];
  unionModels: UnionModel[];
}

export const folderSchema: z.ZodType<Folder> = z.lazy(() =>
  z.object({
    name: z.string(),
    folders: list(folderSchema),
    models: list(modelReferenceSchema),
    unionModels: list(unionModelSchema),
  }),
);

const exportFlag = optBoolean;
export const excelValueExportSchema = z.object({
  isExportApprovedInfo: exportFlag,
  isExportApprovedNumbers: exportFlag,
  isExportPrice: exportFlag,
  isExportUnmapped: exportFlag,
  isOnlyTwoColumns: exportFlag,
  isExportParentSum: exportFlag,
  isExportElementsTree: exportFlag,
  isExportCatalogsTrees: exportFlag,
  isExportUnionTree: exportFlag,
  isExportElsTreeCats: exportFlag,
  isExportElsTreeTypes: exportFlag,
  isExportElsTreeEls: exportFlag,
  isExportElsTreePos: exportFlag,
  isExportCatsTreeParentPos: exportFlag,
  isExportCatsTreeEls: exportFlag,
  isExportUnionTreeParentPos: exportFlag,
  isExportUnionTreeEls: exportFlag,
  useDefaultExportTemplate: exportFlag,
  addPricesOfEachLevelInSeparateColumns: exportFlag,
  sumPricesOfChildPositionsInSeparateColumns: exportFlag,
  exportedLocalVars: list(z.unknown()),
});
export type ExcelValueExport = z.output<typeof excelValueExportSchema>;

export const projectSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  companyId: optString,
  currency: unknownShape,
  startDate: unknownShape,
  endDate: unknownShape,
  users: unknownShape,
  catalogPrioritiesSchemes: list(z.unknown()),
  catalogPrioritiesSchemeIds: list(z.string()),
  selectedExcelExportTemplateId: optString,
  projectSettings: z
    .object({
      excelValueExport: excelValueExportSchema.nullish(),
    })
    .nullish(),
  folders: list(folderSchema),
  models: list(modelReferenceSchema),
  unionModels: list(unionModelSchema),
  overridenTwigs: list(z.unknown()),
  extraProperties: z.record(z.string(), z.unknown()).nullish(),
  concurrencyStamp: optString,
});
export const projectListSchema = z.array(projectSchema);
export type Project = z.output<typeof projectSchema>;

// ---------------------------------------------------------------------------------------------
// 2.7 model and versions

export const modelVersionSchema = z.object({
  id: z.string().min(1),
  externalVersionId: optString,
  geomData: list(z.string()),
  glb: list(z.string()),
  meta: list(z.string()),
  modelPath: optString,
  desc: optString,
  date: optString,
  totalElementsCount: optNumber,
  elementsCount: optNumber,
  lastModifiedEmail: optString,
  versionIndex: z.number().int(),
});
export type ModelVersion = z.output<typeof modelVersionSchema>;

export const modelSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  externalModelId: optString,
  companyId: optString,
  sw: optString,
  checkedForAnalysis: optBoolean,
  versions: list(modelVersionSchema),
  dataProjectId: optString,
  dataProjectFolderId: optString,
  isDeleted: optBoolean,
  deletionTime: optString,
  extraProperties: z.record(z.string(), z.unknown()).nullish(),
  concurrencyStamp: optString,
});
export type Model = z.output<typeof modelSchema>;

// ---------------------------------------------------------------------------------------------
// 2.8 analysis, schemes, catalog priorities

export const catalogPrioritySchema = z.object({
  priority: optNumber,
  disableLinks: optBoolean,
  id: optString,
  name: optString,
  isUse: optBoolean,
  filterTwigIds: list(z.unknown()),
  type: optNumber,
  isSelfPrice: optBoolean,
  colorString: optString,
});
export type CatalogPriority = z.output<typeof catalogPrioritySchema>;

export const prioritySchemeSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  catalogPriorities: list(catalogPrioritySchema),
  concurrencyStamp: optString,
});
export type PriorityScheme = z.output<typeof prioritySchemeSchema>;

export const positionUnitSchema = z.object({
  type: unknownShape,
  unit: optString,
  roundingDegree: optNumber,
});

export const analysisSchema = z.object({
  id: z.string().min(1),
  name: optString,
  projId: optString,
  modelId: optString,
  metaModelId: optString,
  metaModelVersionId: optString,
  metaModelVersionIndex: optNumber,
  modelVersionIds: unknownShape,
  meta: list(z.string()),
  glb: list(z.string()),
  geomData: list(z.string()),
  desc: optString,
  status: optNumber,
  version: z.number().int(),
  date: optString,
  dateModel: optString,
  progress: optNumber,
  error: optString,
  isTest: optBoolean,
  evalJobId: optString,
  isCreateUnionAnalyses: optBoolean,
  nextAnalyses: unknownShape,
  childAnalyzes: unknownShape,
  mappingParameters: unknownShape,
  lastModifiedEmail: optString,
  exportXlsxId: optString,
  useAllMetaElements: optBoolean,
  isApproved: optBoolean,
  totalCost: optNumber,
  positionUnits: list(positionUnitSchema),
  localVars: list(z.unknown()),
  trees: z
    .object({
      elementsResultsTree: unknownShape,
      catalogsResultsTree: unknownShape,
      unionResultsTrees: unknownShape,
    })
    .nullish(),
  catalogPrioritiesSchemes: list(prioritySchemeSchema),
  concurrencyStamp: optString,
});
export const analysisListSchema = z.array(analysisSchema);
export type Analysis = z.output<typeof analysisSchema>;

// ---------------------------------------------------------------------------------------------
// 2.9 BOQ row and the OData envelope (PascalCase on the wire, kept as is)

export const localVarSchema = z.object({
  Name: z.string(),
  Value: z
    .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
    .nullish()
    .transform((v) => v ?? null),
});

export const boqRowSchema = z.object({
  CatalogName: optString,
  Code: z.string(),
  Name: z.string(),
  Unit: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  Value: z.number(),
  Id: optString,
  ExternalId: optString,
  PlatformId: optString,
  Company: optString,
  Project: optString,
  Model: optString,
  Tree: optString,
  ValueCost: optNumber,
  TotalCost: optNumber,
  FullTotalCost: optNumber,
  Version: optNumber,
  ParentId: optString,
  ParentExternalId: optString,
  ParentPlatformId: optString,
  LocalVars: list(localVarSchema),
});
export type BoqRow = z.output<typeof boqRowSchema>;

export const odataEnvelopeSchema = z.object({
  "@odata.context": optString,
  "@odata.nextLink": optString,
  value: z.array(boqRowSchema),
});
export type ODataEnvelope = z.output<typeof odataEnvelopeSchema>;

// ---------------------------------------------------------------------------------------------
// Section 5: token endpoint, OAuth error body; platform-notes: service error body

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  /** Seconds (the unit is not stated; the shown 31536000 is one year in seconds). */
  expires_in: z.coerce.number().nullish(),
  token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "token_type must be Bearer"),
  refresh_token: optString,
  scope: optString,
  id_token: optString,
});
export type TokenResponse = z.output<typeof tokenResponseSchema>;

export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: optString,
});
export type OAuthError = z.output<typeof oauthErrorSchema>;

export const serviceErrorSchema = z.object({
  error: z.object({
    code: z
      .union([z.string(), z.number().transform(String)])
      .nullish()
      .transform((v) => v ?? undefined),
    message: optString,
    details: optString,
    data: z.record(z.string(), z.unknown()).nullish(),
    validationErrors: list(
      z.object({
        message: z.string(),
        members: list(z.string()),
      }),
    ),
  }),
});
export type ServiceError = z.output<typeof serviceErrorSchema>;

/** Claims of the access token the add-in reads (decoded without verification: the server verifies). */
export const accessTokenClaimsSchema = z.object({
  sub: optString,
  exp: optNumber,
  iat: optNumber,
  name: optString,
  preferred_username: optString,
  email: optString,
  company_id: optString,
  client_id: optString,
  scope: z.union([z.string(), z.array(z.string())]).nullish(),
});
export type AccessTokenClaims = z.output<typeof accessTokenClaimsSchema>;

// ---------------------------------------------------------------------------------------------
// boundary helper

/** Formats a zod issue path the way a reader of the JSON would: value[3].LocalVars[0].Name. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else {
      const s = String(seg);
      out += /^[A-Za-z_$][\w$]*$/.test(s) ? (out === "" ? s : `.${s}`) : `[${JSON.stringify(s)}]`;
    }
  }
  return out === "" ? "(the whole body)" : out;
}

/**
 * The path of an issue with each key spelt as in the body the server sent: schemas that accept
 * both casings report the camelCase key, while the body may have held the PascalCase one.
 */
function wirePath(data: unknown, path: readonly PropertyKey[]): PropertyKey[] {
  const out: PropertyKey[] = [];
  let node: unknown = data;
  for (const seg of path) {
    let key: PropertyKey = seg;
    if (typeof seg === "string" && node !== null && typeof node === "object" && !Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      if (!(seg in record)) key = Object.keys(record).find((k) => lowerFirst(k) === seg) ?? seg;
    }
    out.push(key);
    node =
      node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return out;
}

/**
 * Parses a response body with its schema; on mismatch throws an ApiError naming the endpoint and
 * the first offending field. The body itself is never copied into the message.
 */
export function parseResponse<T extends z.ZodType>(schema: T, data: unknown, endpoint: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const fieldPath = issue ? formatPath(wirePath(data, issue.path)) : "(the whole body)";
  throw new ApiError({
    kind: "invalid-response",
    endpoint,
    fieldPath,
    details: issue ? issue.message : "unexpected shape",
    cause: result.error,
  });
}
