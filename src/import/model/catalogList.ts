// The catalogs the add-in can know of, for the target catalog's list (pure): those named in the
// company's projects' priority schemes (the platform publishes no list of catalogs: see
// docs/interface.md and its notes), those imported from this workbook, those typed before. A name
// typed that none of them holds is still accepted: the pane says the add-in has not seen it.

import { schemeCatalogsSchema, type Project } from "../../api/schemas";

export type CatalogSource = "platform" | "workbook" | "typed";

export interface CatalogChoice {
  name: string;
  /** Where the add-in has seen the name, in this order: the platform's schemes, this workbook, typed. */
  sources: CatalogSource[];
}

/** What the pane knows of a name typed or chosen. */
export type CatalogStatus = "empty" | "platform" | "workbook" | "typed" | "unseen";

/** Typed names kept; the oldest go first. */
export const MAX_TYPED = 20;

/**
 * The catalog names of the projects' priority schemes (`catalogPrioritiesSchemes[].
 * catalogPriorities[].name`), each once, in the order met. A scheme or a priority of another
 * shape is skipped, never fatal: the project list types the schemes loosely.
 */
export function platformCatalogNames(projects: readonly Project[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const project of projects) {
    for (const item of project.catalogPrioritiesSchemes) {
      const scheme = schemeCatalogsSchema.safeParse(item);
      if (!scheme.success) continue;
      for (const priority of scheme.data.catalogPriorities) {
        const name = priority.name?.trim() ?? "";
        if (name === "" || seen.has(name)) continue;
        seen.add(name);
        names.push(name);
      }
    }
  }
  return names;
}

/** The three sources as one list, each name once with where it was seen, sorted by name. */
export function mergeCatalogNames(input: {
  platform: readonly string[];
  workbook: readonly string[];
  typed: readonly string[];
}): CatalogChoice[] {
  const byName = new Map<string, CatalogSource[]>();
  const add = (names: readonly string[], source: CatalogSource) => {
    for (const raw of names) {
      const name = raw.trim();
      if (name === "") continue;
      const sources = byName.get(name);
      if (sources === undefined) byName.set(name, [source]);
      else if (!sources.includes(source)) sources.push(source);
    }
  };
  add(input.platform, "platform");
  add(input.workbook, "workbook");
  add(input.typed, "typed");
  return [...byName.entries()]
    .map(([name, sources]) => ({ name, sources }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base", numeric: true }));
}

/** What is known of a name: the strongest source that holds it exactly (trimmed), or unseen. */
export function catalogStatus(name: string, choices: readonly CatalogChoice[]): CatalogStatus {
  const wanted = name.trim();
  if (wanted === "") return "empty";
  const choice = choices.find((c) => c.name === wanted);
  return choice?.sources[0] ?? "unseen";
}

/** The typed names with a new one first, each once, at most MAX_TYPED. */
export function withTyped(typed: readonly string[], name: string): string[] {
  const n = name.trim();
  if (n === "") return [...typed];
  return [n, ...typed.filter((t) => t !== n)].slice(0, MAX_TYPED);
}
