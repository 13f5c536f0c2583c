// The catalog import (docs/interface.md 2.1 to 2.4; endpoints 1 to 4): the request we send, the
// job id it answers with, the job's status and its log. The response, status and log come in
// either casing (see shape.ts).

import { z } from "zod";
import { cellText, detailsText, mainText } from "../serverText";
import { eitherCase, list, optNumber, optString } from "./shape";

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
} from "../../catalog";

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

/**
 * `error`: null on success; a value of unknown shape otherwise. Normalised to string | null, and
 * made fit to show (serverText.ts): it reaches the pane, the history and a cell. A sentence takes
 * its first words (jobState); the whole, up to 4 KB, is what is kept.
 */
const jobError = z
  .unknown()
  .optional()
  .transform((v): string | null => {
    if (v === null || v === undefined || v === "") return null;
    if (typeof v === "string") return detailsText(v);
    if (typeof v === "object" && v !== null && "message" in v && typeof v.message === "string")
      return detailsText(v.message);
    return detailsText(JSON.stringify(v));
  });

export const importStatusSchema = eitherCase(
  z.object({
    id: optString,
    jobId: z.union([z.string(), z.number().transform(String)], {
      error: "expected the job identifier (jobId) as a string",
    }),
    rootName: optString,
    rootId: optString,
    // A word ("Running"), shown as it is: bounded and redacted like any other server text.
    status: z.string().transform(mainText),
    // Any string (docs/interface.md 2.3), shown as it is: bounded and made visible like any words.
    date: z.string().transform(mainText).nullish(),
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

/**
 * A server's words a log sheet's cell keeps (serverText.ts): at most CELL_TEXT_CHARS characters,
 * redacted, invisible controls marked, before the state or a cell holds them.
 */
const cellWords = z.string().transform(cellText).nullish();

const logTwigBase = {
  platformId: optString,
  externalId: optString,
  // Not in the interface, but what the user needs to see where the platform adds them (why a row
  // was ignored): kept, not stripped with the other unknown fields. The platform's words, unlike
  // the user's data the row echoes (code, name, unit: as they are).
  reason: cellWords,
  message: cellWords,
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
