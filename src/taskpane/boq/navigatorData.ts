// What the navigator lists at each step, read through the platform client (endpoints 7-10) and
// the pure helpers of src/boq. No Excel, no DOM.
import type { PlatformApi } from "../../api/platform";
import type { Project } from "../../api/schemas";
import { projectModels, type ProjectModel } from "../../boq/lookup";

export interface AnalysisChoice {
  /** "modelVersion.analysisVersion", the BOQ's version argument. */
  version: string;
  date: string;
  /** Scheme names of the analysis. */
  schemes: string[];
}

export function loadProjects(api: PlatformApi, companyId: string, signal?: AbortSignal): Promise<Project[]> {
  return api.listProjects(companyId, signal);
}

export function modelsOf(project: Project): ProjectModel[] {
  return projectModels(project);
}

/** The analyses of a model (every version, endpoints 8 and 9) or of a union model (endpoint 10). */
export async function loadAnalyses(
  api: PlatformApi,
  projectId: string,
  model: ProjectModel,
  signal?: AbortSignal,
): Promise<AnalysisChoice[]> {
  if (model.kind === "union") {
    const list = await api.listAnalysesByModel({ projectId, unionModelId: model.id }, signal);
    return list.map((a) => ({
      version: `${a.metaModelVersionIndex ?? 1}.${a.version}`,
      date: a.date ?? "",
      schemes: a.catalogPrioritiesSchemes.map((s) => s.name),
    }));
  }
  const m = await api.getModel(model.id, signal);
  const perVersion = await Promise.all(
    [...m.versions]
      .sort((a, b) => b.versionIndex - a.versionIndex)
      .map(async (v) => {
        const list = await api.listAnalysesByModelVersion(
          { projectId, modelId: m.id, modelVersionId: v.id },
          signal,
        );
        return list
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
