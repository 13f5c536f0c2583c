// The import request body of docs/interface.md 2.1, in its wire form (PascalCase): the one definition.
// src/catalog builds bodies of these types and src/api sends them as built; a test checks the
// bodies the engine builds against these schemas (test/import/model/body-wire.test.ts). Strict: an
// unknown key is a bug of ours (a misspelt field would be silently ignored by the server).
//
// Left-out rule: a field whose column is not mapped, or whose cell is blank, is left out (never
// sent as null or ""), so the platform keeps what it already has for that field.

import { z } from "zod";

export const controlPointSchema = z.strictObject({
  Binding: z.string(),
  VariableName: z.string(),
});

export const importPositionSchema = z.strictObject({
  Guid: z.string().min(1).optional(),
  Code: z.string().min(1),
  Name: z.string().optional(),
  Price: z.number().finite().optional(),
  Unit: z.string().optional(),
  CurrencyCharCode: z.string().optional(),
  Binding: z.string().optional(),
  ControlPoints: z.array(controlPointSchema).optional(),
});

export const deletedPositionSchema = z.strictObject({
  Guid: z.string().min(1).optional(),
  Code: z.string().optional(),
  Name: z.string().optional(),
});

export const importSettingsSchema = z.strictObject({
  CatalogName: z.string().min(1),
  CompanyId: z.string().min(1),
});

export const importRequestSchema = z.strictObject({
  Settings: importSettingsSchema,
  Data: z.array(importPositionSchema),
  DeletedData: z.array(deletedPositionSchema),
});

export type ControlPoint = z.infer<typeof controlPointSchema>;
export type ImportPosition = z.infer<typeof importPositionSchema>;
export type DeletedPosition = z.infer<typeof deletedPositionSchema>;
export type ImportSettings = z.infer<typeof importSettingsSchema>;
export type ImportRequest = z.infer<typeof importRequestSchema>;
