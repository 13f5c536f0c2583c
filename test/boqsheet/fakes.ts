// A BOQ data path over a fake signed-in session whose platform answers from memory and records
// what it was asked: the company list, the projects of a company, the BOQ. Tests of the BOQ sheet
// journey run it with the Office emulation's Excel runner and in-memory document settings.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import type { BoqQuery, BoqResult, PlatformApi } from "../../src/api/platform";
import type { BoqRow, Company, Project } from "../../src/api/schemas";
import { projectSchema } from "../../src/api/schemas";
import { createBoqData, RequestLayer, type BoqData, type RequestLayerOptions } from "../../src/boqdata";
import type { BoqSheetDeps } from "../../src/boqsheet";
import type { SessionState } from "../../src/session";
import { MemoryDocumentSettings } from "../../src/workbook/documentSettings";

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

const SIGNED_IN: SessionState = {
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
}

export function fakeData(
  platform: FakePlatform,
  layer: RequestLayerOptions = {},
): { data: BoqData; layer: RequestLayer } {
  const api = {
    listCompanies: () => {
      platform.calls.push("companies");
      return Promise.resolve(platform.companies);
    },
    listProjects: (companyId: string) => {
      platform.calls.push(`projects ${companyId}`);
      return Promise.resolve(platform.projects);
    },
    getBoq: (query: BoqQuery): Promise<BoqResult> => {
      platform.calls.push(`boq ${query.model} ${JSON.stringify(query.version)}`);
      platform.queries.push(query);
      if (platform.refuse) return Promise.reject(platform.refuse);
      return Promise.resolve({ rows: platform.rows.map((r) => ({ ...r })), pages: 1 });
    },
  } as Partial<PlatformApi> as PlatformApi;
  const requests = new RequestLayer(layer);
  const data = createBoqData(
    {
      init: () => Promise.resolve(),
      getState: () => SIGNED_IN,
      api,
      subscribe: () => () => undefined,
    },
    requests,
  );
  return { data, layer: requests };
}

export function newPlatform(rows: BoqRow[]): FakePlatform {
  return { calls: [], queries: [], rows, companies: [COMPANY], projects: [TOWER] };
}

export interface Journey {
  excel: OfficeEmulation;
  settings: MemoryDocumentSettings;
  deps: BoqSheetDeps;
}

/** The journey's effects: an emulated workbook (sheets Sheet1 and Notes), settings, a fixed clock. */
export function journey(data: BoqData, now = () => Date.UTC(2026, 10, 22, 21, 40)): Journey {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [], Notes: [] } });
  const settings = new MemoryDocumentSettings();
  return { excel, settings, deps: { excel: (batch) => excel.run(batch), data, settings, now } };
}
