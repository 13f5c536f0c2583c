// Name resolution: the company, project and model a user named (by name in any case, or by id)
// found in the platform's lists, which are asked through the request layer and kept like any
// other result. A name that matches nothing, or two things, is #N/A saying so (src/boq/lookup).
import { prioritySchemeSchema, type Analysis, type Company, type Model, type Project } from "../api/schemas";
import type { NameOrId } from "../boq/args";
import { words } from "../boq/errors";
import { findOne, projectModels, type ProjectModel } from "../boq/lookup";
import { cached, userScope, type BoqData, type CachedOptions } from "./data";

/** A company, project and model as the user named them. */
export interface PathRefs {
  company: NameOrId;
  project: NameOrId;
  model: NameOrId;
}

/** What the refs name on the platform, and the user whose cache scope they were found in. */
export interface ResolvedPath {
  user: string;
  company: Company;
  project: Project;
  model: ProjectModel;
}

/** The companies the user can work in (kept under the key the COMPANIES function uses too). */
export function companiesOf(data: BoqData, user: string, options: CachedOptions = {}): Promise<Company[]> {
  return cached(data, user, ["companies"], (api, s) => api.listCompanies(s), options);
}

export async function companyOf(
  data: BoqData,
  user: string,
  ref: NameOrId,
  options: CachedOptions = {},
): Promise<Company> {
  const companies = await companiesOf(data, user, options);
  return findOne(companies, ref, { kind: "boq.kindCompany", where: words("boq.whereCompanies") });
}

/** The projects of a company (kept under the same key the PROJECTS function and the navigator use). */
export function projectsOf(
  data: BoqData,
  user: string,
  companyId: string,
  options: CachedOptions = {},
): Promise<Project[]> {
  return cached(data, user, ["projects", companyId], (api, s) => api.listProjects(companyId, s), options);
}

export async function projectOf(
  data: BoqData,
  user: string,
  company: Company,
  ref: NameOrId,
  options: CachedOptions = {},
): Promise<Project> {
  const projects = await projectsOf(data, user, company.id, options);
  return findOne(projects, ref, {
    kind: "boq.kindProject",
    where: words("boq.whereCompany", { name: company.name }),
  });
}

export function modelOf(project: Project, ref: NameOrId): ProjectModel {
  return findOne(projectModels(project), ref, {
    kind: "boq.kindModel",
    where: words("boq.whereProject", { name: project.name }),
  });
}

/** Company, project and model from what the user typed or chose, for the signed-in user. */
export async function resolvePath(
  data: BoqData,
  refs: PathRefs,
  options: CachedOptions = {},
): Promise<ResolvedPath> {
  const user = await userScope(data);
  const company = await companyOf(data, user, refs.company, options);
  const project = await projectOf(data, user, company, refs.project, options);
  return { user, company, project, model: modelOf(project, refs.model) };
}

/** A model with its versions (endpoint 8). */
export function modelDetails(
  data: BoqData,
  user: string,
  modelId: string,
  options: CachedOptions = {},
): Promise<Model> {
  return cached(data, user, ["model", modelId], (api, s) => api.getModel(modelId, s), options);
}

/** The project's priority schemes, by their names now (the project lists them loosely typed). */
export function projectSchemes(project: Project): Array<{ id: string; name: string }> {
  const out: Array<{ id: string; name: string }> = [];
  for (const item of project.catalogPrioritiesSchemes) {
    const scheme = prioritySchemeSchema.safeParse(item);
    if (scheme.success) out.push({ id: scheme.data.id, name: scheme.data.name });
  }
  return out;
}

/** The one name among `names` that is `typed` ignoring case and surrounding spaces, if exactly one. */
function sameNameIgnoringCase(names: Iterable<string>, typed: string): string | undefined {
  const wanted = typed.trim().toLowerCase();
  const hits = new Set([...names].filter((n) => n.trim().toLowerCase() === wanted));
  return hits.size === 1 ? [...hits][0] : undefined;
}

/**
 * The scheme name to send for what the user typed, among the project's schemes as named now:
 * ignoring case, like the other names, when the project has exactly one scheme of that name (the
 * export itself matches names exactly); as typed otherwise.
 */
export function schemeName(project: Project, typed: string): string {
  const names = projectSchemes(project).map((s) => s.name);
  if (names.includes(typed)) return typed;
  return sameNameIgnoringCase(names, typed) ?? typed;
}

/**
 * The names the analyses of a model version list for their schemes (endpoints 8 and 9, or 10 for a
 * union model), kept under the same keys as PLATFORM.ANALYSES and the navigator, so a navigator's
 * choice or an ANALYSES formula has already asked for them.
 */
async function analysisSchemeNames(
  data: BoqData,
  path: ResolvedPath,
  version: string,
  options: CachedOptions,
): Promise<string[]> {
  const [modelVersion, analysisVersion] = version.split(".").map(Number);
  const projectId = path.project.id;
  let analyses: Analysis[];
  if (path.model.kind === "union") {
    const unionModelId = path.model.id;
    const list = await cached(
      data,
      path.user,
      ["analysesByModel", projectId, unionModelId],
      (api, s) => api.listAnalysesByModel({ projectId, unionModelId }, s),
      options,
    );
    analyses = list.filter((a) => a.metaModelVersionIndex === modelVersion);
  } else {
    const model = await modelDetails(data, path.user, path.model.id, options);
    const found = model.versions.find((v) => v.versionIndex === modelVersion);
    if (!found) return [];
    const input = { projectId, modelId: model.id, modelVersionId: found.id };
    analyses = await cached(
      data,
      path.user,
      ["analysesByVersion", projectId, model.id, found.id],
      (api, s) => api.listAnalysesByModelVersion(input, s),
      options,
    );
  }
  const own = analyses.filter((a) => a.version === analysisVersion);
  return (own.length > 0 ? own : analyses).flatMap((a) => a.catalogPrioritiesSchemes.map((s) => s.name));
}

/**
 * The scheme name to send for a BOQ: the project's scheme in any case (schemeName); else a name the
 * analyses of that version list, in any case: where a platform lists schemes as they were when the
 * analysis ran, that is a renamed scheme's original name, the one the export takes, so "supplier
 * PRICES" finds "Supplier prices" as "main scheme" finds "Main scheme". Only a name a project with
 * schemes does not list costs the analyses' lists (kept afterwards); when they cannot be had, or
 * none matches (a platform listing current names), the name goes as typed and the platform's
 * answer says the rest.
 */
export async function resolveSchemeName(
  data: BoqData,
  path: ResolvedPath,
  typed: string,
  version: string,
  options: CachedOptions = {},
): Promise<string> {
  const schemes = projectSchemes(path.project);
  const byProject = schemeName(path.project, typed);
  // A project that lists no schemes says nothing of renames: the name goes as typed, at no cost.
  if (byProject !== typed || schemes.length === 0 || schemes.some((s) => s.name === typed)) return byProject;
  let listed: string[];
  try {
    listed = await analysisSchemeNames(data, path, version, { signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return typed;
  }
  if (listed.includes(typed)) return typed;
  return sameNameIgnoringCase(listed, typed) ?? typed;
}
