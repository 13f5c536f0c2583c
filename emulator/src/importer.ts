import type {
  Catalog,
  CatalogPosition,
  DeletedPosition,
  IgnoredTwig,
  ImportLog,
  ImportPosition,
  ImportRequest,
} from "./model";
import { compareCodes, newUuid, parentCode, ZERO_UUID } from "./util";

/**
 * Applies an import request to a catalog following the rules of docs/interface.md 2.1 (the platform's published rules and our decisions):
 * deletions first (matched by Guid, else by Code, cascading to descendants), then the positions
 * of Data (rows without code or name, with an unknown unit, duplicates and orphans ignored;
 * matched by Guid, else by Code; unchanged ones ignored, changed ones updated, the rest inserted
 * under the parent their code names). Returns the new positions and the log; the input catalog is
 * not modified, so a job can apply it atomically when it completes.
 */
export function applyImport(
  catalog: Catalog,
  request: ImportRequest,
  units: ReadonlySet<string>,
  newId: () => string = newUuid,
): { positions: CatalogPosition[]; log: ImportLog } {
  const log: ImportLog = { InsertedTwigs: [], UpdatedTwigs: [], DeletedTwigs: [], IgnoredTwigs: [] };
  const byId = new Map<string, CatalogPosition>();
  for (const p of catalog.positions) byId.set(p.platformId, { ...p });
  const byCode = new Map<string, CatalogPosition>();
  const byExt = new Map<string, CatalogPosition>();
  const children = new Map<string, CatalogPosition[]>();
  const index = (p: CatalogPosition) => {
    byCode.set(p.code, p);
    if (p.externalId !== ZERO_UUID) byExt.set(p.externalId, p);
    if (p.parentId) {
      const list = children.get(p.parentId);
      if (list) list.push(p);
      else children.set(p.parentId, [p]);
    }
  };
  byId.forEach(index);

  const remove = (p: CatalogPosition) => {
    byId.delete(p.platformId);
    if (byCode.get(p.code) === p) byCode.delete(p.code);
    if (byExt.get(p.externalId) === p) byExt.delete(p.externalId);
  };

  /** Guid first; without a Guid (or when it matches nothing) the Code, unless that position belongs to another Guid. */
  const match = (guid: string | null, code: string | null): CatalogPosition | undefined => {
    if (guid) {
      const hit = byExt.get(guid.toLowerCase());
      if (hit) return hit;
    }
    if (!code) return undefined;
    const hit = byCode.get(code);
    if (!hit) return undefined;
    if (guid && hit.externalId !== ZERO_UUID && hit.externalId !== guid.toLowerCase()) return undefined;
    return hit;
  };

  for (const d of request.deleted) applyDeletion(d);

  function applyDeletion(d: DeletedPosition) {
    const code = d.code?.trim() || null;
    const target = match(d.guid, code);
    if (!target) {
      log.IgnoredTwigs.push(ignoredOf({ guid: d.guid, code, name: d.name }, undefined, REASONS.notFound));
      return;
    }
    // Depth first, parent before its descendants, so the log reads like the tree.
    const stack: CatalogPosition[] = [target];
    while (stack.length > 0) {
      const p = stack.pop();
      if (!p || !byId.has(p.platformId)) continue;
      remove(p);
      log.DeletedTwigs.push({
        PlatformId: p.platformId,
        ExternalId: p.externalId,
        Code: p.code,
        Name: p.name,
      });
      const kids = (children.get(p.platformId) ?? []).filter((k) => byId.has(k.platformId));
      kids.sort((a, b) => compareCodes(b.code, a.code));
      stack.push(...kids);
    }
  }

  interface Placement {
    row: ImportPosition;
    code: string;
    name: string;
    target: CatalogPosition | undefined;
    depth: number;
  }
  const placements: Placement[] = [];
  const seenGuids = new Set<string>();
  const seenCodes = new Set<string>();
  const seenTargets = new Set<string>();

  for (const row of request.data) {
    const code = row.code?.trim() ?? "";
    const name = row.name?.trim() ?? "";
    if (isEmptyRow(row)) continue;
    const guid = row.guid?.toLowerCase() ?? null;
    if (!code || !name) {
      log.IgnoredTwigs.push(ignoredOf({ ...row, code, name }, undefined, REASONS.empty));
      continue;
    }
    const unit = row.unit?.trim() ?? "";
    const duplicate = (guid !== null && seenGuids.has(guid)) || seenCodes.has(code);
    if (guid) seenGuids.add(guid);
    seenCodes.add(code);
    if (duplicate || (unit !== "" && !units.has(unit))) {
      log.IgnoredTwigs.push(
        ignoredOf({ ...row, code, name }, undefined, duplicate ? REASONS.duplicate : REASONS.unit(unit)),
      );
      continue;
    }
    const target = match(guid, code);
    if (target && seenTargets.has(target.platformId)) {
      log.IgnoredTwigs.push(ignoredOf({ ...row, code, name }, target, REASONS.duplicate));
      continue;
    }
    if (target) seenTargets.add(target.platformId);
    placements.push({ row, code, name, target, depth: depthOf(code) });
  }

  // Parents before children, whatever the order of the list.
  placements.sort((a, b) => a.depth - b.depth || compareCodes(a.code, b.code));
  for (const pl of placements) {
    const { row, code, name, target } = pl;
    const unit = row.unit?.trim();
    if (target) {
      const next = {
        code,
        name,
        price: row.price ?? target.price,
        unit: unit ?? target.unit,
        currency: row.currency?.trim() ?? target.currency,
      };
      const changed =
        next.code !== target.code ||
        next.name !== target.name ||
        next.price !== target.price ||
        next.unit !== target.unit ||
        next.currency !== target.currency;
      if (!changed) {
        log.IgnoredTwigs.push(ignoredOf({ ...row, code, name }, target, REASONS.unchanged));
        continue;
      }
      let parentId = target.parentId;
      if (next.code !== target.code) {
        const holder = byCode.get(next.code);
        const parent = parentOf(next.code);
        if (
          (holder && holder !== target) ||
          parent === null ||
          (parent !== "root" && isWithin(parent, target))
        ) {
          log.IgnoredTwigs.push(ignoredOf({ ...row, code, name }, target, REASONS.codeConflict));
          continue;
        }
        parentId = parent === "root" ? null : parent.platformId;
        if (byCode.get(target.code) === target) byCode.delete(target.code);
        byCode.set(next.code, target);
      }
      log.UpdatedTwigs.push({
        PlatformId: target.platformId,
        SourceCode: target.code,
        UpdatedCode: next.code,
        SourceName: target.name,
        UpdatedName: next.name,
        SourcePrice: target.price,
        UpdatedPrice: next.price,
        SourceCurrencyCharCode: target.currency,
        UpdatedCurrencyCharCode: next.currency,
        SourceUnit: target.unit,
        UpdatedUnit: next.unit,
      });
      Object.assign(target, next, { parentId });
      if (row.binding !== null) target.binding = row.binding;
      if (row.controlPoints !== null) target.controlPoints = row.controlPoints;
      if (row.guid && target.externalId === ZERO_UUID) {
        target.externalId = row.guid.toLowerCase();
        byExt.set(target.externalId, target);
      }
      continue;
    }
    const parent = parentOf(code);
    // A Guid that matches nothing cannot take a code that another position's Guid holds.
    if (parent === null || byCode.has(code)) {
      log.IgnoredTwigs.push(
        ignoredOf({ ...row, code, name }, undefined, parent === null ? REASONS.orphan : REASONS.codeTaken),
      );
      continue;
    }
    const p: CatalogPosition = {
      platformId: newId(),
      externalId: row.guid?.toLowerCase() ?? ZERO_UUID,
      code,
      name,
      price: row.price ?? 0,
      unit: unit ?? "",
      currency: row.currency?.trim() ?? "",
      binding: row.binding ?? "",
      controlPoints: row.controlPoints ?? [],
      parentId: parent === "root" ? null : parent.platformId,
    };
    byId.set(p.platformId, p);
    index(p);
    log.InsertedTwigs.push({
      PlatformId: p.platformId,
      ExternalId: p.externalId,
      Code: p.code,
      Name: p.name,
      Price: p.price,
      CurrencyCharCode: p.currency,
      Unit: p.unit,
    });
  }

  /** True when `node` is `ancestor` or lies below it: moving a position under itself would make a cycle. */
  function isWithin(node: CatalogPosition, ancestor: CatalogPosition): boolean {
    for (let p: CatalogPosition | undefined = node; p; p = p.parentId ? byId.get(p.parentId) : undefined) {
      if (p === ancestor) return true;
    }
    return false;
  }

  function parentOf(code: string): CatalogPosition | "root" | null {
    const pc = parentCode(code);
    if (pc === null) return "root";
    return byCode.get(pc) ?? null;
  }

  return { positions: [...byId.values()], log };
}

function depthOf(code: string): number {
  let depth = 0;
  for (let c: string | null = code; c !== null; c = parentCode(c)) depth++;
  return depth;
}

function isEmptyRow(row: ImportPosition): boolean {
  const blank = (v: string | null) => v === null || v.trim() === "";
  return blank(row.guid) && blank(row.code) && blank(row.name) && row.price === null && blank(row.unit);
}

/** Why a row was ignored: kept in the log, shown only by the ignoredReason variation. */
const REASONS = {
  notFound: "The position to delete was not found in the catalog.",
  empty: "The code or the name is empty.",
  duplicate: "Another row of the request has the same Guid or Code; the first one was used.",
  unit: (unit: string) => `The unit '${unit}' is not configured on the platform.`,
  unchanged: "Nothing changed.",
  codeConflict: "The new code is taken by another position or has no parent in the catalog.",
  orphan: "The parent code is neither in the catalog nor in the request.",
  codeTaken: "The code is taken by another position.",
} as const;

function ignoredOf(
  row: {
    guid: string | null;
    code: string | null;
    name: string | null;
    price?: number | null;
    unit?: string | null;
    currency?: string | null;
  },
  target: CatalogPosition | undefined,
  reason: string,
): IgnoredTwig {
  return {
    Reason: reason,
    PlatformId: target?.platformId ?? ZERO_UUID,
    ExternalId: row.guid?.toLowerCase() ?? target?.externalId ?? ZERO_UUID,
    Code: row.code ?? "",
    Name: row.name ?? "",
    // A field the row leaves out is the matched position's value (absent fields keep their value),
    // so an unchanged row sent without a price does not read as "price 0" in the log.
    Price: row.price ?? target?.price ?? 0,
    CurrencyCharCode: row.currency?.trim() ?? target?.currency ?? "",
    Unit: row.unit?.trim() ?? target?.unit ?? "",
  };
}

export interface CatalogTreeNode {
  platformId: string;
  externalId: string;
  code: string;
  name: string;
  price: number;
  unit: string;
  currency: string;
  children: CatalogTreeNode[];
}

/** The catalog as a tree ordered by code, for tests and the admin endpoint. */
export function catalogTree(catalog: Catalog): CatalogTreeNode[] {
  const nodes = new Map<string, CatalogTreeNode>();
  for (const p of catalog.positions) {
    nodes.set(p.platformId, {
      platformId: p.platformId,
      externalId: p.externalId,
      code: p.code,
      name: p.name,
      price: p.price,
      unit: p.unit,
      currency: p.currency,
      children: [],
    });
  }
  const roots: CatalogTreeNode[] = [];
  for (const p of catalog.positions) {
    const node = nodes.get(p.platformId);
    if (!node) continue;
    const parent = p.parentId ? nodes.get(p.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: CatalogTreeNode[]) => {
    list.sort((a, b) => compareCodes(a.code, b.code));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}
