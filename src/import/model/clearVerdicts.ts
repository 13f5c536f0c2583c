// What the platform did with the values the dry run said a blank may clear (pure: codes and values,
// no words). Before the job the preview names each field a row leaves out that had a value in this
// workbook's last import ("may clear price (was 8,150)", predict.ts `clears`); after it, the log's
// value after the import tells which way it went: the updated position's Updated… value (cleared
// when it is 0 or "", kept when it is the value before), or the row ignored as it stood (kept).
// Only Price, Unit and Currency are in the log; nothing is said where the log does not name the row.

import type { ImportLog } from "../../api/schemas";
import type { CatalogPosition } from "../../catalog";
import { isNilId } from "./ignoredReasons";
import { isLogged, type LoggedClearable, type MayClear } from "./predict";

export type ClearVerdict = "kept" | "cleared" | "changed";

export interface ClearOutcome {
  /** Index into the body's Data (the prediction's positions). */
  index: number;
  code: string;
  field: LoggedClearable;
  was: number | string;
  verdict: ClearVerdict;
  /** The value after the import, as the log gives it. */
  now: number | string;
}

type LogValues = { price: number | null; unit: string; currency: string };

const text = (v: string | null | undefined): string => (v ?? "").trim();

/** The log's value of a field after the import, per Guid and per code. */
function logIndex(log: ImportLog): { byGuid: Map<string, LogValues>; byCode: Map<string, LogValues> } {
  const byGuid = new Map<string, LogValues>();
  const byCode = new Map<string, LogValues>();
  const put = (guid: string | null | undefined, code: string, v: LogValues) => {
    if (!isNilId(guid)) byGuid.set(text(guid).toLowerCase(), v);
    if (code !== "" && !byCode.has(code)) byCode.set(code, v);
  };
  for (const t of log.updatedTwigs) {
    put(t.externalId, text(t.updatedCode ?? t.sourceCode), {
      price: t.updatedPrice ?? null,
      unit: text(t.updatedUnit),
      currency: text(t.updatedCurrencyCharCode),
    });
  }
  // An ignored row was not applied: the position keeps what it had (the log echoes it).
  for (const t of log.ignoredTwigs) {
    if (isNilId(t.platformId)) continue;
    put(t.externalId, text(t.code), {
      price: t.price ?? null,
      unit: text(t.unit),
      currency: text(t.currencyCharCode),
    });
  }
  return { byGuid, byCode };
}

/**
 * Per value the preview said may be cleared, what the platform did, in the preview's order. A row
 * the log does not name (an insert, a row ignored without the position) is left out.
 */
export function clearOutcomes(
  positions: readonly CatalogPosition[],
  clears: readonly MayClear[],
  log: ImportLog,
): ClearOutcome[] {
  if (clears.length === 0) return [];
  const index = logIndex(log);
  const out: ClearOutcome[] = [];
  for (const c of clears) {
    // Binding and control points are not in the log: the preview said so, nothing more is known.
    if (!isLogged(c.field)) continue;
    const field = c.field;
    const p = positions[c.index];
    if (p === undefined) continue;
    const code = p.Code.trim();
    const hit =
      (p.Guid !== undefined && !isNilId(p.Guid)
        ? index.byGuid.get(p.Guid.trim().toLowerCase())
        : undefined) ?? index.byCode.get(code);
    if (hit === undefined) continue;
    const now = field === "Price" ? hit.price : field === "Unit" ? hit.unit : hit.currency;
    if (now === null) continue;
    const verdict: ClearVerdict = now === 0 || now === "" ? "cleared" : now === c.was ? "kept" : "changed";
    out.push({ index: c.index, code, field, was: c.was, verdict, now });
  }
  return out;
}
