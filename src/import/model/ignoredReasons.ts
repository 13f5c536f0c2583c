// Why each ignored row of an import's log was ignored (pure: codes and values, no words). The
// platform's own `Reason` is kept as it wrote it. Without one, the add-in states a reason only when
// its evidence establishes it, and the words name that evidence: "unchanged" (the platform matched
// the position and the log's values are the ones sent), "repeated code" (the list sent has the code
// more than once). Anything else is "the platform gave no reason", with what may have caused it as
// possibilities (a parent not in the list, a unit no accepted row had, a code that may be another
// position's), never one of them as a fact (issue 43).

import { NIL_GUID, parentCode, type CatalogPosition } from "../../catalog";
import type { IgnoredTwig, ImportLog } from "../../api/schemas";

/** What may have made the platform ignore a row it gave no reason for: a possibility, not a fact. */
export type PossibleCause =
  | { cause: "parent-missing"; parent: string }
  | { cause: "unit-unknown"; unit: string }
  | { cause: "code-taken" };

export type IgnoredReason =
  | { kind: "platform"; text: string }
  | { kind: "unchanged"; inferred: true }
  | { kind: "repeated-code"; inferred: true; code: string }
  | { kind: "none"; inferred: true; possible: PossibleCause[] };

/**
 * The kinds a job that changed nothing is summed up by: a reason's kind, or, for rows the platform
 * gave no reason for, the possibility they share ("parent-missing", "unit-unknown": said as such).
 */
export type IgnoredReasonKind = IgnoredReason["kind"] | "parent-missing" | "unit-unknown";

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
      return own !== "" ? { kind: "platform", text: own } : { kind: "none", inferred: true, possible: [] };
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
    const possible: PossibleCause[] = [];
    const parent = exists || code === "" ? null : missingAncestor(code);
    if (parent !== null) possible.push({ cause: "parent-missing", parent });
    const unit = text(row.unit);
    if (unit !== "" && !accepted.has(unit)) possible.push({ cause: "unit-unknown", unit });
    // A Guid the platform matched to nothing, with a code it did not take: that code may be held.
    if (!exists && match?.Guid !== undefined && !isNilId(match.Guid)) possible.push({ cause: "code-taken" });
    return { kind: "none", inferred: true, possible };
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
    // A row without a reason is summed up by its first possibility (said as a possibility).
    const first = r.kind === "none" ? r.possible[0] : undefined;
    const kind: IgnoredReasonKind =
      first?.cause === "parent-missing" || first?.cause === "unit-unknown" ? first.cause : r.kind;
    const value =
      r.kind === "platform"
        ? r.text
        : first?.cause === "parent-missing"
          ? first.parent
          : first?.cause === "unit-unknown"
            ? first.unit
            : "";
    const group = groups.get(kind);
    if (group) group.push(value);
    else groups.set(kind, [value]);
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
