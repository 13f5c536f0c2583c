// Why each ignored row of an import's log was ignored (pure: codes and values, no words). The
// platform's own `Reason` is kept as it wrote it; without one, the reason the add-in can infer from
// the request and the log, marked as inferred so the user knows it is the add-in's reading.

import { NIL_GUID, parentCode, type CatalogPosition } from "../../catalog";
import type { IgnoredTwig, ImportLog } from "../../api/schemas";

export type IgnoredReason =
  | { kind: "platform"; text: string }
  | { kind: "unchanged"; inferred: true }
  | { kind: "parent-missing"; inferred: true; parent: string }
  | { kind: "repeated-code"; inferred: true; code: string }
  | { kind: "unit-unknown"; inferred: true; unit: string }
  | { kind: "none"; inferred: true };

export type IgnoredReasonKind = IgnoredReason["kind"];

/** What the add-in knows of the catalog beyond this log (codes and units an earlier log accepted). */
export interface KnownCatalog {
  codes?: ReadonlySet<string>;
  units?: ReadonlySet<string>;
}

/** An id that names nothing: absent, empty or the all-zero GUID the platform writes for "none". */
export function isNilId(id: string | null | undefined): boolean {
  return (
    id === null || id === undefined || id.trim() === "" || id.trim().toLowerCase() === NIL_GUID.toLowerCase()
  );
}

const text = (v: string | null | undefined): string => (v ?? "").trim();

/** The sent position a log row stands for: by the Guid sent, else by its code. */
function sentMatch(
  row: IgnoredTwig,
  byGuid: ReadonlyMap<string, CatalogPosition>,
  byCode: ReadonlyMap<string, CatalogPosition>,
): CatalogPosition | undefined {
  const guid = isNilId(row.externalId) ? undefined : byGuid.get(text(row.externalId).toLowerCase());
  return guid ?? byCode.get(text(row.code));
}

/** The platform's values equal what was sent (a field left out of the request is not compared). */
function sameAsSent(row: IgnoredTwig, sent: CatalogPosition): boolean {
  if (text(row.code) !== sent.Code.trim()) return false;
  if (sent.Name !== undefined && text(row.name) !== sent.Name.trim()) return false;
  if (sent.Price !== undefined && row.price !== sent.Price) return false;
  if (sent.Unit !== undefined && text(row.unit) !== sent.Unit.trim()) return false;
  if (sent.CurrencyCharCode !== undefined && text(row.currencyCharCode) !== sent.CurrencyCharCode.trim())
    return false;
  return true;
}

/**
 * The reason of each ignored row of `log`, in its order. `sent`: the positions of the request (rows
 * left out of it excluded), null when unknown; `known`: what earlier logs of this catalog showed the catalog to hold.
 */
export function ignoredReasons(
  log: ImportLog,
  sent: readonly CatalogPosition[] | null,
  known: KnownCatalog = {},
): IgnoredReason[] {
  // Without the request (a job reopened from another session) only the platform's word is known.
  if (sent === null)
    return log.ignoredTwigs.map((row): IgnoredReason => {
      const own = text(row.reason);
      return own !== "" ? { kind: "platform", text: own } : { kind: "none", inferred: true };
    });
  const byGuid = new Map<string, CatalogPosition>();
  const byCode = new Map<string, CatalogPosition>();
  const codeCount = new Map<string, number>();
  for (const p of sent) {
    const code = p.Code.trim();
    if (p.Guid && !byGuid.has(p.Guid.toLowerCase())) byGuid.set(p.Guid.toLowerCase(), p);
    if (!byCode.has(code)) byCode.set(code, p);
    codeCount.set(code, (codeCount.get(code) ?? 0) + 1);
  }
  // In the catalog after this job: what it accepted, and what earlier logs showed.
  const inCatalog = new Set(known.codes ?? []);
  const accepted = new Set(known.units ?? []);
  for (const r of log.insertedTwigs) {
    inCatalog.add(r.code.trim());
    if (text(r.unit) !== "") accepted.add(text(r.unit));
  }
  for (const r of log.updatedTwigs) {
    for (const code of [r.sourceCode, r.updatedCode]) if (text(code) !== "") inCatalog.add(text(code));
    if (text(r.updatedUnit) !== "") accepted.add(text(r.updatedUnit));
  }

  // Codes sent but ignored with no id: not in the catalog, so their children have no parent there.
  const notPlaced = new Set<string>();
  for (const r of log.ignoredTwigs) {
    const code = text(r.code);
    if (code !== "" && isNilId(r.platformId) && !inCatalog.has(code)) notPlaced.add(code);
  }
  const missing = new Map<string, string | null>();
  // The highest ancestor the catalog lacks: the parent itself when it is not in the request, else
  // (the parent sent but ignored) the one its own row lacked; null when the parent is known.
  const missingAncestor = (code: string): string | null => {
    const chain: string[] = [];
    let at: string | null = code;
    let found: string | null = null;
    while (at !== null) {
      const known = missing.get(at);
      if (known !== undefined) {
        found = known;
        break;
      }
      chain.push(at);
      const parent = parentCode(at);
      if (parent === null || inCatalog.has(parent)) break;
      if (!byCode.has(parent)) {
        found = parent;
        break;
      }
      if (!notPlaced.has(parent)) break;
      at = parent;
    }
    for (const c of chain) missing.set(c, found);
    return found;
  };

  return log.ignoredTwigs.map((row): IgnoredReason => {
    const own = text(row.reason);
    if (own !== "") return { kind: "platform", text: own };
    const code = text(row.code);
    if (code !== "" && (codeCount.get(code) ?? 0) > 1) return { kind: "repeated-code", inferred: true, code };
    const match = sentMatch(row, byGuid, byCode);
    // A row the platform matched to a position (its id) or a code known in the catalog exists there:
    // the same values mean nothing changed, and its parent is not missing.
    const exists = !isNilId(row.platformId) || inCatalog.has(code);
    if (match && exists && sameAsSent(row, match)) return { kind: "unchanged", inferred: true };
    const parent = exists || code === "" ? null : missingAncestor(code);
    if (parent !== null) return { kind: "parent-missing", inferred: true, parent };
    const unit = text(row.unit);
    if (unit !== "" && !accepted.has(unit)) return { kind: "unit-unknown", inferred: true, unit };
    return { kind: "none", inferred: true };
  });
}

/**
 * Why a job that sent rows changed nothing, for the result's one sentence: the reason most ignored
 * rows share (its kind, how many, and the parent or unit when one value covers them all). Null
 * when the job changed something or sent nothing.
 */
export interface NothingChanged {
  ignored: number;
  kind: IgnoredReasonKind;
  /** Rows of that kind. */
  count: number;
  /** The one missing parent, unknown unit or platform text those rows share; "" when they differ. */
  value: string;
}

export function nothingChanged(
  counts: { inserted: number; updated: number; deleted: number; ignored: number },
  sentRows: number,
  reasons: readonly IgnoredReason[],
): NothingChanged | null {
  if (sentRows === 0 || counts.inserted + counts.updated + counts.deleted > 0) return null;
  const groups = new Map<IgnoredReasonKind, string[]>();
  for (const r of reasons) {
    const value =
      r.kind === "platform"
        ? r.text
        : r.kind === "parent-missing"
          ? r.parent
          : r.kind === "unit-unknown"
            ? r.unit
            : "";
    const group = groups.get(r.kind);
    if (group) group.push(value);
    else groups.set(r.kind, [value]);
  }
  let best: [IgnoredReasonKind, string[]] = ["none", []];
  for (const entry of groups) if (entry[1].length > best[1].length) best = entry;
  const values = new Set(best[1]);
  return {
    ignored: counts.ignored,
    kind: best[0],
    count: best[1].length,
    value: values.size === 1 ? ([...values][0] ?? "") : "",
  };
}
