// What the BOQ navigator lists at each step (endpoints 7-10), through the data path. The navigator
// asks fresh, as a user who opens a list expects what the platform holds now; the answers are
// kept for the formulas and the BOQ sheet that follow, and a list asked while the same one is in
// flight shares its request.
import type { Project } from "../api/schemas";
import type { ProjectModel } from "../boq/lookup";
import { cached, userScope, type BoqData } from "./data";
import { modelDetails, projectsOf } from "./names";

export interface AnalysisChoice {
  /** "modelVersion.analysisVersion", the BOQ's version argument. */
  version: string;
  date: string;
  /** Scheme names of the analysis. */
  schemes: string[];
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

/** The analyses of a model (every version, newest first: endpoints 8 and 9) or of a union model (10). */
export async function analysisChoices(
  data: BoqData,
  projectId: string,
  model: ProjectModel,
  signal?: AbortSignal,
): Promise<AnalysisChoice[]> {
  const user = await userScope(data);
  const options = { signal, fresh: true };
  if (model.kind === "union") {
    const unionModelId = model.id;
    const list = await cached(
      data,
      user,
      ["analysesByModel", projectId, unionModelId],
      (api, s) => api.listAnalysesByModel({ projectId, unionModelId }, s),
      options,
    );
    return list.map((a) => ({
      version: `${a.metaModelVersionIndex ?? 1}.${a.version}`,
      date: a.date ?? "",
      schemes: a.catalogPrioritiesSchemes.map((s) => s.name),
    }));
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
        return [...list]
          .sort((a, b) => b.version - a.version)
          .map((a) => ({
            version: `${v.versionIndex}.${a.version}`,
            date: a.date ?? "",
            schemes: a.catalogPrioritiesSchemes.map((s) => s.name),
          }));
      }),
  );
  return perVersion.flat();
}
