// Every endpoint of the interface through the client, against the in-process emulator: the main
// journeys (sign-in, read flow, BOQ, import with its log, sign-out) in the emulator's default
// profile and in the strict real-world one (every variation of emulator/src/variations.ts at once,
// 5-second tokens with single-use refresh tokens).

import type { Folder, ModelReference, Project } from "../../../src/api/schemas";
import { NIL_UUID } from "../../../src/api/schemas";
import type { Session } from "../../../src/session/session";
import { setLogSink } from "../../../src/log/logger";
import { refreshGrant } from "../../../src/api/auth";
import { CREDENTIALS_KEY_PREFIX } from "../../../src/session/session";
import type { MemoryStore } from "../../../src/session/storage";
import type { ProfileName } from "../../../emulator/src/index";
import { until } from "../until";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "./setup";
import { errorText } from "../../../src/i18n";

jest.setTimeout(60_000);

const PROFILES: ProfileName[] = ["default", "strict"];

describe.each(PROFILES)("against the emulator's %s profile", (profile) => {
  let env: Env;
  let session: Session;

  // One emulator per profile; a sign-in of its own for every test, so no test depends on another
  // having run before it (or on one not having signed out).
  beforeAll(async () => {
    setLogSink(() => undefined);
    env = await startEnv({ pageSize: 7, profile });
  });
  beforeEach(async () => {
    ({ session } = await sessionFor(env));
    await signIn(env, session);
  });
  afterAll(async () => {
    setLogSink(null);
    await env?.emu.stop();
  });

  function allModels(folders: Folder[]): ModelReference[] {
    return folders.flatMap((f) => [...f.models, ...allModels(f.folders)]);
  }

  async function project(name: string): Promise<Project> {
    const state = session.getState();
    if (state.status !== "signed-in" || !state.company) throw new Error("not signed in");
    const projects = await session.api.listProjects(state.company.id);
    const p = projects.find((x) => x.name === name);
    if (!p) throw new Error(`no project ${name}: ${projects.map((x) => x.name).join(", ")}`);
    return p;
  }

  describe("sign-in and companies (endpoints 5 and 6)", () => {
    it("signs in with the password grant and shows the user and the company", () => {
      const state = session.getState();
      expect(state.status).toBe("signed-in");
      if (state.status !== "signed-in") return;
      expect(state.user.displayName).toBe(env.emu.demo.users[0]!.name);
      expect(env.emu.demo.companies.map((c) => c.id)).toContain(state.company?.id);
    });

    it("lists the companies of the user", async () => {
      const companies = await session.api.listCompanies();
      const mine = env.emu.demo.companies.filter((c) => env.emu.demo.users[0]!.companyIds.includes(c.id));
      expect(companies.map((c) => c.name).sort()).toEqual(mine.map((c) => c.name).sort());
    });
  });

  describe("read flow (endpoints 7 to 11)", () => {
    it("reads projects with nested folders and union models", async () => {
      const p = await project("O'Brien Tower");
      const names = allModels(p.folders).map((m) => m.name);
      expect(names).toEqual(expect.arrayContaining(["Tower AR", "Корпус 1", "Block #2 / North"]));
      expect(p.unionModels.map((u) => u.name)).toContain("O'Brien Tower union");
    });

    it("reads a model with its versions and the analyses of a version", async () => {
      const p = await project("O'Brien Tower");
      const ref = allModels(p.folders).find((m) => m.name === "Block #2 / North")!;
      const model = await session.api.getModel(ref.id);
      expect(model.versions.map((v) => v.versionIndex)).toEqual([1, 2]);
      const version = model.versions.find((v) => v.versionIndex === 2)!;
      const analyses = await session.api.listAnalysesByModelVersion({
        projectId: p.id,
        modelId: model.id,
        modelVersionId: version.id,
      });
      expect(analyses.length).toBeGreaterThan(0);
      expect(analyses.every((a) => a.metaModelVersionIndex === 2)).toBe(true);
    });

    it("reads the analyses of a union model", async () => {
      const p = await project("O'Brien Tower");
      const union = p.unionModels.find((u) => u.name === "O'Brien Tower union")!;
      const analyses = await session.api.listAnalysesByModel({ projectId: p.id, unionModelId: union.id });
      expect(analyses.length).toBeGreaterThan(0);
      expect(analyses[0]!.catalogPrioritiesSchemes.length).toBeGreaterThan(0);
    });

    it("reads a BOQ addressed by names with an apostrophe, Cyrillic, # and /, over several pages", async () => {
      const before = countRequests(env, "GET", "/api/odata/");
      const state = session.getState();
      if (state.status !== "signed-in") throw new Error("not signed in");
      const result = await session.api.getBoq({
        company: state.company!.name,
        project: "O'Brien Tower",
        model: "Block #2 / North",
        scheme: "Main scheme",
        version: { modelVersionIndex: 2, analysisVersion: 1 },
        parents: true,
      });
      expect(result.pages).toBeGreaterThan(2);
      expect(countRequests(env, "GET", "/api/odata/") - before).toBe(result.pages);
      const ids = new Set(result.rows.map((r) => r.Id));
      expect(ids.size).toBe(result.rows.length); // no page read twice
      // The parents came too: some row is the parent of another.
      expect(result.rows.some((r) => r.ParentId && ids.has(r.ParentId))).toBe(true);
      expect(result.rows.every((r) => r.Model === "Block #2 / North" && r.Project === "O'Brien Tower")).toBe(
        true,
      );
    });

    it("reads the BOQ of a Cyrillic model and of a renamed scheme by its original name", async () => {
      const state = session.getState();
      if (state.status !== "signed-in") throw new Error("not signed in");
      const result = await session.api.getBoq({
        company: state.company!.name,
        project: "O'Brien Tower",
        model: "Корпус 1",
        scheme: "Supplier prices",
        version: "1.1",
      });
      expect(result.rows.length).toBeGreaterThan(0);
      expect(result.rows[0]!.Tree).toBe("Supplier prices");
    });

    it("reads a BOQ of a project whose name holds % and #", async () => {
      const state = session.getState();
      if (state.status !== "signed-in") throw new Error("not signed in");
      const result = await session.api.getBoq({
        company: state.company!.name,
        project: "Riverside 50% Phase #2",
        model: "Riverside AR",
        scheme: "Main scheme",
        version: "1.1",
      });
      expect(result.rows.length).toBeGreaterThan(0);
    });

    it("gives the platform's message for an unknown model", async () => {
      const state = session.getState();
      if (state.status !== "signed-in") throw new Error("not signed in");
      const error = await session.api
        .getBoq({
          company: state.company!.name,
          project: "O'Brien Tower",
          model: "Nope",
          scheme: "Main scheme",
          version: "1.1",
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404 });
      expect(errorText(error)).toContain("Model 'Nope' was not found in project 'O'Brien Tower'");
    });

    it("uses the all-zero UUID as the model version of a union model with endpoint 9", async () => {
      const p = await project("O'Brien Tower");
      const union = p.unionModels[0]!;
      const analyses = await session.api.listAnalysesByModelVersion({
        projectId: p.id,
        modelId: union.id,
        modelVersionId: NIL_UUID,
      });
      const viaEndpoint10 = await session.api.listAnalysesByModel({
        projectId: p.id,
        unionModelId: union.id,
      });
      expect(analyses.length).toBeGreaterThan(0);
      expect(analyses.map((a) => a.id).sort()).toEqual(viaEndpoint10.map((a) => a.id).sort());
    });
  });

  describe("import (endpoints 1 to 4)", () => {
    it("imports positions, follows the job by id and by catalog name, and reads the log", async () => {
      const state = session.getState();
      if (state.status !== "signed-in") throw new Error("not signed in");
      const catalog = "Integration catalog 'A' #1";
      env.emu.catalogs.create(state.company!.id, catalog);
      const { jobId } = await session.api.startImport({
        Settings: { CatalogName: catalog, CompanyId: state.company!.id },
        Data: [
          {
            Guid: "6f1c2b1e-8c0a-4d8b-9a57-1a2b3c4d5e6f",
            Code: "1",
            Name: "Земляные работы",
            Price: 0,
            Unit: "м3",
            CurrencyCharCode: "RUB",
          },
          {
            Guid: "7a2d3c2f-9d1b-4e9c-8b68-2b3c4d5e6f70",
            Code: "1.1",
            Name: "Разработка грунта",
            Price: 1250.5,
            Unit: "м3",
            CurrencyCharCode: "RUB",
          },
          { Code: "9.9", Name: "Orphan", Price: 1, Unit: "м3", CurrencyCharCode: "RUB" },
        ],
        DeletedData: [],
      });
      expect(jobId).toBeTruthy();
      // Asked until the job has ended (done or failed), however long the machine takes to run it.
      const status = await until(
        () => session.api.getImportStatusByJobId(jobId),
        (s) => s.progress >= 100 || s.error !== null,
        20,
      );
      expect(status).toMatchObject({
        status: "ReportCreated",
        progress: 100,
        error: null,
        rootName: catalog,
      });
      const byRoot = await session.api.getImportStatusByRoot(catalog);
      expect(byRoot.jobId).toBe(jobId);
      const log = await session.api.getImportLog(jobId);
      expect(log.insertedTwigs.map((t) => t.code).sort()).toEqual(["1", "1.1"]);
      expect(log.ignoredTwigs.map((t) => t.code)).toEqual(["9.9"]);
    });
  });

  describe("sign-out", () => {
    it("revokes the kept refresh token at the server and forgets it on this computer", async () => {
      const { session: other, store } = await sessionFor(env);
      await signIn(env, other, true);
      const items = (store as MemoryStore).items;
      const key = [...items.keys()].find((k) => k.startsWith(CREDENTIALS_KEY_PREFIX))!;
      const { refreshToken } = JSON.parse(items.get(key)!) as { refreshToken: string };
      await other.signOut();
      expect([...items.keys()].some((k) => k.startsWith(CREDENTIALS_KEY_PREFIX))).toBe(false);
      expect(countRequests(env, "POST", "/connect/revocation")).toBeGreaterThan(0);
      await expect(
        refreshGrant(other.http, {
          clientId: env.emu.demo.passwordClient.clientId,
          clientSecret: env.emu.demo.passwordClient.clientSecret,
          refreshToken,
        }),
      ).rejects.toMatchObject({ kind: "auth", code: "invalid_grant" });
    });
  });
});
