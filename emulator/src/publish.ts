// Publishing a new version of an analysis on demand (issue 42, item 8): what the platform does
// when an estimator runs the analysis again after the model changed. The new analysis takes the
// next analysis version of the same model version ("3.2" → "3.3"), and its BOQ in the scheme
// asked for (default the project's first) is the one it comes from with rows added, removed, moved
// and changed; the other schemes' BOQs are carried over unchanged. A moved or
// changed row keeps its Id and PlatformId (the same position), so a BOQ sheet refreshed to the new
// version finds it; an added row gets new ids. Published versions live in memory: the demo data is
// rebuilt from its seed on every start (README, Persistence). `inPlace` runs the analysis again
// instead: the version it comes from gets the changed BOQ (so a refresh of it shows the changes).
import { z } from "zod";
import type { BoqRow, DemoAnalysis, DemoData } from "./demo";
import { newUuid, round2, ZERO_UUID } from "./util";

const code = z.string().min(1).max(100);
const amount = z.number().finite().min(0).max(1e12);

/** The changes a new version makes; omitted, a fixed recipe (defaultChanges). */
export const versionChanges = z
  .object({
    /** Leaves added after the row `after`, under its parent. */
    add: z
      .array(
        z.object({
          after: code,
          code,
          name: z.string().min(1).max(500),
          unit: z.string().max(50).optional(),
          quantity: amount,
          unitCost: amount,
        }),
      )
      .max(1000)
      .optional(),
    /** Leaves removed, by code. */
    remove: z.array(code).max(1000).optional(),
    /** Leaves moved to follow the row `after`, under its parent (another section, or the same one). */
    move: z
      .array(z.object({ code, after: code }))
      .max(1000)
      .optional(),
    /** Leaves whose quantity, unit cost or name changes. */
    change: z
      .array(
        z.object({
          code,
          quantity: amount.optional(),
          unitCost: amount.optional(),
          name: z.string().min(1).max(500).optional(),
        }),
      )
      .max(1000)
      .optional(),
  })
  .strict();
export type VersionChanges = z.infer<typeof versionChanges>;

export const publishRequest = z
  .object({
    project: z.string().min(1),
    model: z.string().min(1),
    /** The version it comes from, "modelVersionIndex.analysisVersion" ("3.2"). */
    from: z.string().regex(/^\d+\.\d+$/),
    /**
     * The scheme (its original name) whose BOQ the changes name rows of; default the project's
     * first. Each scheme has a BOQ of its own: the others are carried over as they were.
     */
    scheme: z.string().min(1).optional(),
    /**
     * The analysis run again in place: its own BOQ becomes the changed one and keeps its version
     * (what the BOQ sheet's refresh and the functions then get); default false, a new version.
     */
    inPlace: z.boolean().optional(),
    changes: versionChanges.optional(),
  })
  .strict();
export type PublishRequest = z.infer<typeof publishRequest>;

export interface PublishedVersion {
  /** The new version as BOQ takes it ("3.3"). */
  version: string;
  analysisId: string;
  /** The codes each kind of change touched (the same in every scheme). */
  added: string[];
  removed: string[];
  moved: string[];
  changed: string[];
}

export class PublishError extends Error {
  constructor(
    message: string,
    /** 404: nothing to publish from; 400: a change names a row the BOQ does not have. */
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

const isLeaf = (rows: readonly BoqRow[], row: BoqRow): boolean => !rows.some((r) => r.ParentId === row.Id);

/**
 * The fixed recipe when no changes are given, worked out from the BOQ it comes from: the first
 * leaf's quantity up by 10 % and a leaf added after it (changed, added), the second leaf moved to
 * follow the last leaf of another section (moved), the last leaf removed (removed). A BOQ too small
 * for one of them leaves it out.
 */
export function defaultChanges(rows: readonly BoqRow[]): VersionChanges {
  const leaves = rows.filter((r) => isLeaf(rows, r));
  const [first, moving] = leaves;
  const last = leaves.length >= 3 ? leaves.at(-1) : undefined;
  const landing = leaves.filter((r) => r.ParentId !== moving?.ParentId && r !== last && r !== first).at(-1);
  const changes: VersionChanges = {};
  if (first) {
    changes.change = [{ code: first.Code, quantity: round2(first.Value * 1.1 + 1) }];
    changes.add = [
      {
        after: first.Code,
        code: `${first.Code}.new`,
        name: "Added position",
        unit: first.Unit,
        quantity: 10,
        unitCost: 100,
      },
    ];
  }
  if (moving && landing) changes.move = [{ code: moving.Code, after: landing.Code }];
  if (last && last !== moving) changes.remove = [last.Code];
  return changes;
}

/** Parents' FullTotalCost again from their children, deepest first, as a re-run gives it. */
function rollUp(rows: BoqRow[]): void {
  const byId = new Map(rows.map((r) => [r.Id, r]));
  const depth = (r: BoqRow): number => {
    let d = 0;
    for (let p = byId.get(r.ParentId); p; p = byId.get(p.ParentId)) d += 1;
    return d;
  };
  for (const r of rows) if (!isLeaf(rows, r)) r.FullTotalCost = 0;
  for (const r of [...rows].sort((a, b) => depth(b) - depth(a))) {
    const parent = byId.get(r.ParentId);
    if (parent) parent.FullTotalCost = round2(parent.FullTotalCost + r.FullTotalCost);
  }
}

/** The leaf with `code`, or a 400 naming it. */
function leafOf(rows: readonly BoqRow[], rowCode: string, what: string): BoqRow {
  const row = rows.find((r) => r.Code === rowCode);
  if (!row) throw new PublishError(`${what}: no row ${rowCode} in the BOQ it comes from.`, 400);
  if (!isLeaf(rows, row)) throw new PublishError(`${what}: row ${rowCode} has rows under it.`, 400);
  return row;
}

/** Puts `row` after the row with `after`, under that row's parent. */
function placeAfter(rows: BoqRow[], row: BoqRow, after: string, what: string): void {
  const anchor = rows.find((r) => r.Code === after);
  if (!anchor) throw new PublishError(`${what}: no row ${after} in the BOQ it comes from.`, 400);
  if (anchor === row) throw new PublishError(`${what}: row ${after} cannot follow itself.`, 400);
  row.ParentId = anchor.ParentId;
  row.ParentExternalId = anchor.ParentExternalId;
  row.ParentPlatformId = anchor.ParentPlatformId;
  // After the anchor's subtree, so the tree order stays a tree.
  const inside = new Set([anchor.Id]);
  let at = rows.indexOf(anchor) + 1;
  while (at < rows.length && inside.has((rows[at] as BoqRow).ParentId)) inside.add((rows[at++] as BoqRow).Id);
  rows.splice(at, 0, row);
}

/** The rows of the new version: a copy of `base` with `changes` applied, and the codes touched. */
export function applyChanges(
  base: readonly BoqRow[],
  changes: VersionChanges,
  version: string,
): { rows: BoqRow[]; touched: Omit<PublishedVersion, "version" | "analysisId"> } {
  const analysisVersion = Number(version.split(".")[1]);
  const rows = base.map((r) => ({
    ...r,
    LocalVars: r.LocalVars.map((v) => ({ ...v })),
    Version: analysisVersion,
  }));
  for (const c of changes.change ?? []) {
    const row = leafOf(rows, c.code, "change");
    if (c.quantity !== undefined) row.Value = c.quantity;
    if (c.unitCost !== undefined) row.ValueCost = c.unitCost;
    if (c.name !== undefined) row.Name = c.name;
    row.TotalCost = round2(row.Value * row.ValueCost);
    row.FullTotalCost = row.TotalCost;
  }
  for (const m of changes.move ?? []) {
    const row = leafOf(rows, m.code, "move");
    rows.splice(rows.indexOf(row), 1);
    placeAfter(rows, row, m.after, "move");
  }
  for (const removed of changes.remove ?? []) rows.splice(rows.indexOf(leafOf(rows, removed, "remove")), 1);
  for (const a of changes.add ?? []) {
    if (rows.some((r) => r.Code === a.code))
      throw new PublishError(`add: row ${a.code} exists already.`, 400);
    const like = rows.find((r) => r.Code === a.after);
    if (!like) throw new PublishError(`add: no row ${a.after} in the BOQ it comes from.`, 400);
    const total = round2(a.quantity * a.unitCost);
    const row: BoqRow = {
      ...like,
      Id: newUuid(),
      ExternalId: ZERO_UUID,
      PlatformId: newUuid(),
      Code: a.code,
      Name: a.name,
      Unit: a.unit ?? like.Unit,
      Value: a.quantity,
      ValueCost: a.unitCost,
      TotalCost: total,
      FullTotalCost: total,
      LocalVars: [],
    };
    placeAfter(rows, row, a.after, "add");
  }
  rollUp(rows);
  return {
    rows,
    touched: {
      added: (changes.add ?? []).map((a) => a.code),
      removed: [...(changes.remove ?? [])],
      moved: (changes.move ?? []).map((m) => m.code),
      changed: (changes.change ?? []).map((c) => c.code),
    },
  };
}

/** Publishes the next analysis version of `request.from`'s model version (see the top). */
export function publishVersion(demo: DemoData, request: PublishRequest, now: () => number): PublishedVersion {
  const project = demo.projects.find((p) => p.name === request.project);
  const model = demo.models.find((m) => m.name === request.model && m.projectId === project?.id);
  const [mvi, av] = request.from.split(".").map(Number);
  const from = demo.analyses.find(
    (a) => a.modelId === model?.id && a.modelVersionIndex === mvi && a.version === av,
  );
  const changed = request.scheme
    ? project?.schemes.find((x) => x.originalName === request.scheme)
    : project?.schemes[0];
  if (!project || !model || !from || !changed) {
    const scheme = request.scheme ? ` in the scheme ${request.scheme}` : "";
    throw new PublishError(
      `No analysis ${request.from} of ${request.model} in ${request.project}${scheme}.`,
      404,
    );
  }
  const next =
    Math.max(
      ...demo.analyses
        .filter((a) => a.modelId === model.id && a.modelVersionIndex === from.modelVersionIndex)
        .map((a) => a.version),
    ) + 1;
  const version = request.inPlace ? request.from : `${from.modelVersionIndex}.${next}`;
  const changes = request.changes ?? defaultChanges(demo.boq(from, changed));
  // Every scheme's BOQ first, so a change the BOQ cannot take publishes nothing.
  const made = project.schemes.map((scheme) => ({
    scheme,
    ...applyChanges(demo.boq(from, scheme), scheme === changed ? changes : {}, version),
  }));
  const touched = made.find((m) => m.scheme === changed)?.touched;
  if (request.inPlace) {
    for (const { scheme, rows } of made) demo.putBoq(from, scheme, rows);
    return {
      version,
      analysisId: from.id,
      ...(touched ?? { added: [], removed: [], moved: [], changed: [] }),
    };
  }
  const stamp = new Date(now()).toISOString();
  const analysis: DemoAnalysis = {
    ...from,
    id: newUuid(),
    version: next,
    date: stamp,
    desc: `Analysis ${version} (published from ${request.from})`,
    evalJobId: newUuid().replace(/-/g, "").slice(0, 24),
    concurrencyStamp: newUuid().replace(/-/g, ""),
  };
  demo.analyses.push(analysis);
  for (const { scheme, rows } of made) demo.putBoq(analysis, scheme, rows);
  return {
    version,
    analysisId: analysis.id,
    ...(touched ?? { added: [], removed: [], moved: [], changed: [] }),
  };
}
