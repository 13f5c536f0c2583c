// A BOQ data path over a fake session whose platform answers from memory and records what it was
// asked: the company list, the projects of a company, a model, its analyses, the BOQ. The
// session's state can change (another user, signed out), as a real session tells its subscribers.
import type { BoqQuery, BoqResult, PlatformApi } from "../../src/api/platform";
import type { Analysis, BoqRow, Company, Model, Project } from "../../src/api/schemas";
import { analysisSchema, modelSchema, projectSchema } from "../../src/api/schemas";
import {
  createBoqData,
  RequestLayer,
  type BoqData,
  type DataSession,
  type RequestLayerOptions,
} from "../../src/boqdata";
import type { SessionState } from "../../src/session";

export const COMPANY: Company = {
  id: "c0000000-0000-4000-8000-000000000001",
  name: "Northwind",
  isPersonal: false,
};

export function project(id: string, name: string, models: Array<{ id: string; name: string }>): Project {
  return projectSchema.parse({ id, name, models, unionModels: [], folders: [] });
}

export const TOWER = project("p0000000-0000-4000-8000-000000000001", "Tower", [
  { id: "m0000000-0000-4000-8000-000000000001", name: "Frame" },
]);

export const SIGNED_IN: SessionState = {
  status: "signed-in",
  method: "password",
  user: { id: "user-1", displayName: "Estimator" },
  company: COMPANY,
  companies: [COMPANY],
  companiesFailed: false,
  expiresAt: null,
  keepSignedIn: false,
};

export interface FakePlatform {
  /** One line per request: "companies", "projects <company id>", "boq <model> <version>". */
  calls: string[];
  queries: BoqQuery[];
  /** The BOQ rows the platform answers with (a copy each time), or the error it refuses with. */
  rows: BoqRow[];
  refuse?: Error;
  companies: Company[];
  projects: Project[];
  models: Model[];
  /** Analyses by model version id; `union` for the union model endpoint. */
  analyses: Record<string, Analysis[]>;
}

export function model(
  id: string,
  name: string,
  versions: Array<{ id: string; versionIndex: number }>,
): Model {
  return modelSchema.parse({ id, name, versions });
}

export function analysis(version: number, schemes: string[], extra: Record<string, unknown> = {}): Analysis {
  return analysisSchema.parse({
    id: `a${version}-${schemes.join("-")}`,
    version,
    date: "2026-03-01T10:00:00Z",
    catalogPrioritiesSchemes: schemes.map((name, i) => ({ id: `s${i}`, name })),
    ...extra,
  });
}

/** A session whose state the test sets; subscribers hear every change. */
export class FakeSession implements DataSession {
  readonly listeners = new Set<(state: SessionState) => void>();
  inits = 0;
  /** What init() restores (a saved sign-in), if anything. */
  restores: SessionState | undefined;

  constructor(
    readonly api: PlatformApi,
    private state: SessionState,
  ) {}

  init(): Promise<void> {
    this.inits += 1;
    if (this.restores) this.setState(this.restores);
    return Promise.resolve();
  }

  getState(): SessionState {
    return this.state;
  }

  setState(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  subscribe(listener: (state: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export function fakeApi(platform: FakePlatform): PlatformApi {
  const api: Partial<PlatformApi> = {
    listCompanies: () => {
      platform.calls.push("companies");
      return Promise.resolve(platform.companies);
    },
    listProjects: (companyId: string) => {
      platform.calls.push(`projects ${companyId}`);
      return Promise.resolve(platform.projects);
    },
    getModel: (id: string) => {
      platform.calls.push(`model ${id}`);
      const found = platform.models.find((m) => m.id === id);
      return found ? Promise.resolve(found) : Promise.reject(new Error(`no model ${id}`));
    },
    listAnalysesByModelVersion: (input) => {
      platform.calls.push(`analyses ${input.modelVersionId}`);
      return Promise.resolve(platform.analyses[input.modelVersionId] ?? []);
    },
    listAnalysesByModel: (input) => {
      platform.calls.push(`union analyses ${input.unionModelId}`);
      return Promise.resolve(platform.analyses["union"] ?? []);
    },
    getBoq: (query: BoqQuery): Promise<BoqResult> => {
      platform.calls.push(`boq ${query.model} ${JSON.stringify(query.version)}`);
      platform.queries.push(query);
      if (platform.refuse) return Promise.reject(platform.refuse);
      return Promise.resolve({ rows: platform.rows.map((r) => ({ ...r })), pages: 1 });
    },
  };
  return api as PlatformApi;
}

export function fakeData(
  platform: FakePlatform,
  layer: RequestLayerOptions = {},
  state: SessionState = SIGNED_IN,
): { data: BoqData; layer: RequestLayer; session: FakeSession } {
  const session = new FakeSession(fakeApi(platform), state);
  const requests = new RequestLayer(layer);
  return { data: createBoqData(session, requests), layer: requests, session };
}

export function newPlatform(rows: BoqRow[]): FakePlatform {
  return { calls: [], queries: [], rows, companies: [COMPANY], projects: [TOWER], models: [], analyses: {} };
}
