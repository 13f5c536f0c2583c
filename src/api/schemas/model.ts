// Models with their versions (endpoint 8) and analyses with their schemes and catalog
// priorities (endpoints 9 and 10): docs/interface.md 2.7 and 2.8.

import { z } from "zod";
import { list, optBoolean, optNumber, optString, unknownShape } from "./shape";

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
