// What the BOQ navigator lists at each step (endpoints 7-10), through the data path. The navigator
// asks fresh, as a user who opens a list expects what the platform holds now; the answers are
// kept for the formulas and the BOQ sheet that follow, and a list asked while the same one is in
// flight shares its request.
import type { Analysis, Project } from "../api/schemas";
import type { ProjectModel } from "../boq/lookup";
import { cached, userScope, type BoqData } from "./data";
import { modelDetails, projectSchemes, projectsOf } from "./names";

/** A priority scheme as the analysis lists it: the name the formula and the sheet send. */
export interface SchemeChoice {
  name: string;
  /**
   * The project's current name of the same scheme (by id) when it differs: the scheme was renamed
   * after the analysis ran, and the export still takes the name the analysis lists.
   */
  currentName?: string;
}

export interface AnalysisChoice {
  /** "modelVersion.analysisVersion", the BOQ's version argument. */
  version: string;
  /** When the analysis ran (the platform's text; "" when it gave none). */
  date: string;
  /** The platform's status code; its meanings are not published (docs/interface.md 3). */
  status: number | undefined;
  totalCost: number | undefined;
  description: string;
  schemes: SchemeChoice[];
}

/** The projects of a company. */
export async function projectChoices(
  data: BoqData,
  companyId: string,
  signal?: AbortSignal,
): Promise<Project[]> {
  const user = await userScope(data);
  return projectsOf(data, user, companyId, { signal, fresh: true });
}

/** The project's schemes by id with their current names. */
function currentNames(project: Project): Map<string, string> {
  return new Map(projectSchemes(project).map((s) => [s.id.toLowerCase(), s.name]));
}

function choiceOf(a: Analysis, modelVersion: number, names: Map<string, string>): AnalysisChoice {
  return {
    version: `${modelVersion}.${a.version}`,
    date: a.date ?? "",
    status: a.status ?? undefined,
    totalCost: a.totalCost ?? undefined,
    description: a.desc ?? "",
    schemes: a.catalogPrioritiesSchemes.map((s) => {
      const current = names.get(s.id.toLowerCase());
      return current !== undefined && current !== s.name
        ? { name: s.name, currentName: current }
        : { name: s.name };
    }),
  };
}

/** The analyses of a model (every version, newest first: endpoints 8 and 9) or of a union model (10). */
export async function analysisChoices(
  data: BoqData,
  project: Project,
  model: ProjectModel,
  signal?: AbortSignal,
): Promise<AnalysisChoice[]> {
  const user = await userScope(data);
  const options = { signal, fresh: true };
  const projectId = project.id;
  const names = currentNames(project);
  if (model.kind === "union") {
    const unionModelId = model.id;
    const list = await cached(
      data,
      user,
      ["analysesByModel", projectId, unionModelId],
      (api, s) => api.listAnalysesByModel({ projectId, unionModelId }, s),
      options,
    );
    return list.map((a) => choiceOf(a, a.metaModelVersionIndex ?? 1, names));
  }
  const m = await modelDetails(data, user, model.id, options);
  const perVersion = await Promise.all(
    [...m.versions]
      .sort((a, b) => b.versionIndex - a.versionIndex)
      .map(async (v) => {
        const list = await cached(
          data,
          user,
          ["analysesByVersion", projectId, m.id, v.id],
          (api, s) => api.listAnalysesByModelVersion({ projectId, modelId: m.id, modelVersionId: v.id }, s),
          options,
        );
        // A copy: the kept list is shared with the ANALYSES function, which orders it its own way.
        return [...list].sort((a, b) => b.version - a.version).map((a) => choiceOf(a, v.versionIndex, names));
      }),
  );
  return perVersion.flat();
}
