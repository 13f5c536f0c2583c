// Companies (authorization server, endpoint 6) and projects with their folders, model
// references and union models (endpoint 7): docs/interface.md 2.5 and 2.6.

import { z } from "zod";
import { eitherCase, list, optBoolean, optString, unknownShape } from "./shape";

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

/**
 * The catalogs a priority scheme of a project names (docs/interface.md 2.6 and 2.8), read one
 * scheme at a time from the project's loosely typed list: the only place the interface shows a
 * company's catalog names. Only the names are read; either casing is accepted, a priority
 * without a name is kept (and skipped by the caller), a scheme of another shape is skipped.
 */
export const schemeCatalogsSchema = eitherCase(
  z.object({
    catalogPriorities: list(z.object({ name: optString.catch(null) }).catch({ name: null })),
  }),
);

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
