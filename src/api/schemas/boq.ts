// The bill of quantities (endpoint 11): BOQ rows in OData pages, docs/interface.md 2.9.

import { z } from "zod";
import { list, optNumber, optString } from "./shape";

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
