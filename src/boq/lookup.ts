// Finding a company, project or model by the name or id a user typed (names ignore case; two
// matches is an ambiguity the user resolves with the id), and the models of a project. Pure.
import type { Folder, Project } from "../api/schemas";
import type { MessageKey } from "../i18n";
import type { NameOrId } from "./args";
import type { Said } from "../i18n";
import { unavailable, words } from "./errors";

/** How many names a "not found" message lists before it stops. */
const MAX_LISTED = 8;

export interface Named {
  id: string;
  name: string;
}

export interface Where {
  /** "boq.kindProject": what was looked for. */
  kind: MessageKey;
  /** Where it was looked for ("boq.whereCompany" with the company's name). */
  where: Said;
}

function listed(items: readonly Named[]): string {
  const names = items.slice(0, MAX_LISTED).map((i) => i.name);
  return items.length > MAX_LISTED ? `${names.join(", ")}, …` : names.join(", ");
}

/** The one item a name (any case, surrounding spaces ignored) or an id names. */
export function findOne<T extends Named>(items: readonly T[], ref: NameOrId, where: Where): T {
  const kind = words(where.kind);
  if (ref.kind === "id") {
    const hit = items.find((i) => i.id.toLowerCase() === ref.id);
    if (hit) return hit;
    // An id-shaped name is still a name (a model may be called by its GUID in a file name).
    const named = items.filter((i) => i.name.trim().toLowerCase() === ref.id);
    if (named.length === 1 && named[0]) return named[0];
    throw unavailable("boq.notFound", { kind, name: ref.id, where: where.where });
  }
  const wanted = ref.name.trim().toLowerCase();
  const exact = items.filter((i) => i.name === ref.name);
  if (exact.length === 1 && exact[0]) return exact[0];
  const hits = items.filter((i) => i.name.trim().toLowerCase() === wanted);
  if (hits.length === 1 && hits[0]) return hits[0];
  if (hits.length > 1)
    throw unavailable("boq.ambiguous", { count: hits.length, kind, name: ref.name, where: where.where });
  if (items.length === 0) throw unavailable("boq.notFound", { kind, name: ref.name, where: where.where });
  throw unavailable("boq.notFoundAmong", {
    kind,
    name: ref.name,
    where: where.where,
    available: listed(items),
  });
}

export interface ProjectModel {
  id: string;
  name: string;
  kind: "model" | "union";
  /** Folder names from the project root, joined by " / "; "" at the top. */
  folder: string;
}

/** Every model and union model of a project: top level, then the folder tree depth-first. */
export function projectModels(project: Project): ProjectModel[] {
  const out: ProjectModel[] = [];
  const seen = new Set<string>();
  const add = (m: Named, kind: ProjectModel["kind"], folder: string): void => {
    const key = `${kind}:${m.id.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ id: m.id, name: m.name, kind, folder });
  };
  for (const m of project.models) add(m, "model", "");
  for (const m of project.unionModels) add(m, "union", "");
  const walk = (folders: readonly Folder[], path: string[]): void => {
    for (const f of folders) {
      const here = [...path, f.name];
      const folder = here.join(" / ");
      for (const m of f.models) add(m, "model", folder);
      for (const m of f.unionModels) add(m, "union", folder);
      walk(f.folders, here);
    }
  };
  walk(project.folders, []);
  return out;
}
