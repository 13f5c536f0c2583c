// Values the platform cleared (pure: codes and values, no words). A field the sheet does not give
// is left out of the body (a blank cell, an unmapped column); what the platform does with it is not
// published (docs/interface.md 2.1): an ASP.NET binder reads it as 0 or "". After the job, the
// log's value before (Source…) and after (Updated…) of each updated position tell whether it did:
// a price that went to 0, a unit or currency that went to "", where the body had no value and the
// value before was not already 0 or "". Only for a body this pane sent: without it nothing is said.

import type { ImportLog, ImportRequest, UpdatedTwig } from "../../api/schemas";
import { isNilId } from "./ignoredReasons";

export const CLEARABLE_FIELDS = ["price", "unit", "currency"] as const;
export type ClearedField = (typeof CLEARABLE_FIELDS)[number];

type SentPosition = ImportRequest["Data"][number];

/** One field of one updated position cleared by the platform, with the value it had before. */
export interface ClearedValue {
  field: ClearedField;
  before: number | string;
}

export interface ClearedPosition {
  /** The position's index in the log's UpdatedTwigs. */
  index: number;
  /** The position's code after the import (what the catalog shows now). */
  code: string;
  name: string;
  values: ClearedValue[];
}

const trimmed = (v: string | null | undefined): string => (v ?? "").trim();

/**
 * The position of the body an updated position of the log stands for: by the Guid the log gives
 * (ExternalId, when the platform writes one), else by its code after the update (the code the row
 * sent; in one request the first row with a code is the one applied, the rest are ignored).
 */
export class SentIndex {
  private readonly byGuid = new Map<string, SentPosition>();
  private readonly byCode = new Map<string, SentPosition>();

  constructor(body: ImportRequest) {
    for (const p of body.Data) {
      if (p.Guid !== undefined && !isNilId(p.Guid)) {
        const guid = p.Guid.trim().toLowerCase();
        if (!this.byGuid.has(guid)) this.byGuid.set(guid, p);
      }
      const code = p.Code.trim();
      if (code !== "" && !this.byCode.has(code)) this.byCode.set(code, p);
    }
  }

  find(twig: UpdatedTwig): SentPosition | undefined {
    if (!isNilId(twig.externalId)) {
      const hit = this.byGuid.get(trimmed(twig.externalId).toLowerCase());
      if (hit) return hit;
    }
    const code = trimmed(twig.updatedCode ?? twig.sourceCode);
    return code === "" ? undefined : this.byCode.get(code);
  }
}

/** The value a field had before, when the platform's value after it is 0 or "" and the row sent none. */
function clearedValue(field: ClearedField, twig: UpdatedTwig, sent: SentPosition): ClearedValue | null {
  if (field === "price") {
    if (sent.Price !== undefined) return null;
    const before = twig.sourcePrice;
    if (twig.updatedPrice !== 0 || typeof before !== "number" || before === 0) return null;
    return { field, before };
  }
  const given = field === "unit" ? sent.Unit : sent.CurrencyCharCode;
  if (given !== undefined) return null;
  const before = trimmed(field === "unit" ? twig.sourceUnit : twig.sourceCurrencyCharCode);
  const after = trimmed(field === "unit" ? twig.updatedUnit : twig.updatedCurrencyCharCode);
  if (after !== "" || before === "") return null;
  return { field, before };
}

/** The updated positions of the log that lost a value the body did not give, in the log's order. */
export function clearedPositions(body: ImportRequest, log: ImportLog): ClearedPosition[] {
  if (log.updatedTwigs.length === 0) return [];
  const sent = new SentIndex(body);
  const out: ClearedPosition[] = [];
  log.updatedTwigs.forEach((twig, index) => {
    const row = sent.find(twig);
    if (row === undefined) return;
    const values: ClearedValue[] = [];
    for (const field of CLEARABLE_FIELDS) {
      const v = clearedValue(field, twig, row);
      if (v !== null) values.push(v);
    }
    if (values.length === 0) return;
    out.push({
      index,
      code: trimmed(twig.updatedCode ?? twig.sourceCode),
      name: trimmed(twig.updatedName ?? twig.sourceName),
      values,
    });
  });
  return out;
}
