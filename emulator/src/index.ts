import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { registerAdminRoutes } from "./admin";
import { registerAuthRoutes } from "./auth";
import { personalAccount, type PersonalAccount } from "./clientRoutes";
import { systemClock, type Clock } from "./clock";
import { buildDemoData, DEFAULT_ORIGIN, DEFAULT_REDIRECT_URI, type BoqRow } from "./demo";
import {
  FaultEngine,
  type FaultOptions,
  type FaultsHandle,
  type FaultStatus,
  type TokenRevocationFilter,
} from "./faults";
import { createElsewhere } from "./elsewhere";
import { createService, DEFAULT_BODY_LIMIT_BYTES, type ServiceContext } from "./http";
import { catalogTree, type CatalogTreeNode } from "./importer";
import { DEFAULT_JOB_SPEED, JobRunner, type JobSpeed } from "./jobs";
import type { Catalog } from "./model";
import { Store } from "./store";
import { Tokens } from "./tokens";
import { newUuid } from "./util";
import { publishVersion, type PublishedVersion, type PublishRequest } from "./publish";
import { PROFILES, type ProfileName, type Variations } from "./variations";
import { registerPlatformRoutes } from "./readRoutes";
import { registerValueRoutes, type ServiceRoutesContext } from "./value";

export { TestClock, type Clock } from "./clock";
export type { FaultOptions, FaultsHandle, FaultRuleInput, TokenRevocationFilter } from "./faults";
export type { EchoPlace, StatusBody } from "./answerFaults";
export type { CatalogTreeNode } from "./importer";
export type { PersonalAccount, PersonalAccountChange, PersonalAccountClient } from "./clientRoutes";
export type { JobSpeed } from "./jobs";
export { PROFILES, STRICT_TOKEN_LIFETIME_SECONDS } from "./variations";
export type { ProfileName, Variations } from "./variations";

/** Interface section 5: the token lifetime shown in the token response. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 31_536_000;
export const DEFAULT_PAGE_SIZE = 5000;
/** Leaves of the large demo BOQ and positions of the large catalog (demoSize "large"). */
export const LARGE_DEMO_ROWS = 100_000;
export const CLI_PORTS = { auth: 4001, value: 4002, platform: 4003, admin: 4009 } as const;
const DEV_CERT_DIR = join(homedir(), ".office-addin-dev-certs");

export interface EmulatorOptions {
  /** Interface to listen on; URLs always use "localhost". */
  host?: string;
  /** 0 picks a free port. Defaults to 0 in-process; the CLI passes 4001/4002/4003/4009. */
  ports?: { auth?: number; value?: number; platform?: number; admin?: number };
  /** HTTPS with the Office dev certificates; default true only when they exist. */
  https?: boolean;
  /** Where localhost.crt and localhost.key are looked for (default ~/.office-addin-dev-certs). */
  certDir?: string;
  /** Directory for catalogs, jobs, logs, clients and tokens; null keeps everything in memory. */
  dataDir?: string | null;
  /** "small" (default), "large" (100k-row BOQ and catalog), or the number of large rows. */
  demoSize?: "small" | "large" | number;
  /** "instant", or progress percent per second (default 25). */
  jobSpeed?: JobSpeed;
  tokenLifetimeSeconds?: number;
  /**
   * A set of variations with its token lifetime and page size (variations.ts): "default" (none),
   * "strict" (every variation the real platform may show, 5-second tokens, 1000-row pages).
   * Explicit options below override the profile's.
   */
  profile?: ProfileName;
  /** Ways the real platform may answer differently from the interface document (variations.ts). */
  variations?: Variations;
  /** OData server-side page size (rows per page before @odata.nextLink). */
  pageSize?: number;
  /** Request bodies above this size get 413 (default 256 MiB: a 100k-position import fits). */
  bodyLimitBytes?: number;
  extraCorsOrigins?: string[];
  extraRedirectUris?: string[];
  /** Starts the fault admin endpoint on loopback. */
  admin?: boolean;
  faults?: FaultOptions;
  /** One line per request: service, method, path, status, milliseconds. Silent by default. */
  log?: (line: string) => void;
  /**
   * The emulator's time (token and code expiry, job progress, the dates it writes); the system
   * clock by default. A test passes a TestClock and advances it instead of sleeping.
   */
  clock?: Clock;
}

export interface DemoUser {
  username: string;
  password: string;
  name: string;
  email: string;
  companyIds: string[];
  /** Companies where the user is the company administrator (may manage API clients). */
  adminOf: string[];
}

export interface RunningEmulator {
  authUrl: string;
  baseUrl: string;
  platformUrl: string;
  /** The second origin a redirect fault points to: another host, which logs what reaches it. */
  elsewhereUrl: string;
  adminUrl?: string;
  demo: {
    users: DemoUser[];
    passwordClient: { clientId: string; clientSecret: string };
    publicClient: { clientId: string };
    /** `apiClients`: whether the company has the capability to manage API clients (as seeded). */
    companies: { id: string; name: string; isPersonal: boolean; apiClients: boolean }[];
    /** Origin and redirect URI the demo clients allow besides the extra ones. */
    origin: string;
    redirectUri: string;
  };
  faults: FaultsHandle;
  /**
   * The personal account's side of the API clients: what the client API cannot set (allowed CORS
   * origins, logout redirects, the active switch) and the capability per company.
   */
  clients: PersonalAccount;
  /** Test and admin access to catalogs, which the interface cannot read back. */
  catalogs: {
    create(companyId: string, name: string): { id: string; name: string; companyId: string };
    tree(companyId: string, name: string): CatalogTreeNode[];
    list(): { id: string; name: string; companyId: string; positions: number }[];
  };
  /** Test access to a BOQ the interface cannot change: what an analysis re-run would do. */
  boq: {
    /** Sets the quantity (and total) of the row with `code` in the BOQ of that analysis and scheme. */
    setQuantity(input: BoqQuantityChange): void;
    /** Adds a position after the row with `after`, under the same parent: a re-run that gained one. */
    addRow(input: BoqRowAddition): void;
    /** Removes the position with `code` (a row without children): a re-run that lost one. */
    removeRow(input: Omit<BoqQuantityChange, "value">): void;
  };
  /**
   * Publishes a new version of an analysis (the next analysis version of its model version) whose
   * BOQ has rows added, removed, moved and changed (./publish; the admin endpoint's POST /versions).
   */
  versions: {
    publish(request: PublishRequest): PublishedVersion;
  };
  stop(): Promise<void>;
}

export interface BoqQuantityChange {
  project: string;
  model: string;
  /** The scheme's original name, as the export takes it. */
  scheme: string;
  /** "modelVersionIndex.analysisVersion" */
  version: string;
  code: string;
  value: number;
}

export interface BoqRowAddition extends BoqQuantityChange {
  /** The code of the row the new one follows, under the same parent. */
  after: string;
  name: string;
  unitCost: number;
}

function loadDevCerts(dir: string): { key: Buffer; cert: Buffer } | null {
  const key = join(dir, "localhost.key");
  const cert = join(dir, "localhost.crt");
  if (!existsSync(key) || !existsSync(cert)) return null;
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

function largeRows(size: EmulatorOptions["demoSize"]): number {
  if (typeof size === "number") return Math.max(0, Math.floor(size));
  return size === "large" ? LARGE_DEMO_ROWS : 0;
}

async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  await app.listen({ host, port });
  const addr = app.server.address();
  if (!addr || typeof addr === "string") throw new Error("The emulator could not read its listening port.");
  return addr.port;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? "127.0.0.1";
  const certDir = options.certDir ?? DEV_CERT_DIR;
  const certs = options.https === false ? null : loadDevCerts(certDir);
  if (options.https === true && !certs) {
    throw new Error(`HTTPS was requested but no dev certificates were found in ${certDir}.`);
  }
  const scheme = certs ? "https" : "http";
  const log = options.log ?? (() => undefined);
  const profile = PROFILES[options.profile ?? "default"];
  const variations: Variations = { ...profile.variations, ...options.variations };
  const demo = buildDemoData({ largeRows: largeRows(options.demoSize) });
  const clock = options.clock ?? systemClock;
  const store = new Store(options.dataDir === undefined ? null : options.dataDir, demo, clock);
  store.load([DEFAULT_ORIGIN, ...(options.extraCorsOrigins ?? [])], options.extraRedirectUris ?? []);
  const faults = new FaultEngine(options.faults);
  const urls = { auth: "", value: "", platform: "" };
  const tokens = await Tokens.create(
    store,
    "",
    options.tokenLifetimeSeconds ?? profile.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    clock,
  );
  const jobs = new JobRunner(store, faults, options.jobSpeed ?? DEFAULT_JOB_SPEED, clock);

  const serviceCtx: ServiceContext = {
    faults,
    log,
    https: certs,
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    variations,
    originsOfClient: (clientId) => {
      const c = store.clients.get(clientId);
      return c && c.isActive ? c.corsOrigins : [];
    },
    originsOfAnyClient: () => {
      const set = new Set<string>();
      for (const c of store.clients.values()) if (c.isActive) c.corsOrigins.forEach((o) => set.add(o));
      return set;
    },
  };
  const authApp = createService("auth", serviceCtx);
  const valueApp = createService("value", serviceCtx);
  const platformApp = createService("platform", serviceCtx);
  registerAuthRoutes(authApp, {
    store,
    tokens,
    authUrl: () => urls.auth,
    secureCookies: scheme === "https",
    variations,
    clock,
  });
  const routesCtx: ServiceRoutesContext = {
    store,
    tokens,
    jobs,
    baseUrl: () => urls.value,
    pageSize: options.pageSize ?? profile.pageSize ?? DEFAULT_PAGE_SIZE,
    variations,
  };
  registerValueRoutes(valueApp, routesCtx);
  registerPlatformRoutes(platformApp, routesCtx);
  const elsewhereApp = createElsewhere(log, serviceCtx.bodyLimitBytes);

  const ports = options.ports ?? {};
  const started: FastifyInstance[] = [];
  let adminApp: FastifyInstance | null = null;
  try {
    urls.auth = `${scheme}://localhost:${await listen(authApp, host, ports.auth ?? 0)}`;
    started.push(authApp);
    urls.value = `${scheme}://localhost:${await listen(valueApp, host, ports.value ?? 0)}`;
    started.push(valueApp);
    urls.platform = `${scheme}://localhost:${await listen(platformApp, host, ports.platform ?? 0)}`;
    started.push(platformApp);
    // Plain HTTP on a free port: what reaches it is logged, never served as the platform.
    faults.elsewhere = `http://localhost:${await listen(elsewhereApp, host, 0)}`;
    started.push(elsewhereApp);
  } catch (e) {
    await Promise.all(started.map((a) => a.close()));
    throw e;
  }
  // The issuer is the auth origin, known only once it listens.
  tokens.issuer = urls.auth;
  jobs.start();

  const handle: FaultsHandle = {
    setLatency: (ms, route) => faults.setLatency(ms, route),
    failNext: (route, count, status: FaultStatus = 503) => faults.add({ route, kind: status, count }),
    failRate: (route, rate, status: FaultStatus = 503) => faults.add({ route, kind: status, rate }),
    throttleNext: (route, count, retryAfterSeconds) =>
      faults.add({
        route,
        kind: 429,
        count,
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      }),
    dropNext: (route, count) => faults.add({ route, kind: "drop", count }),
    processThenResetNext: (route, count) => faults.add({ route, kind: "process-reset", count }),
    processThenHangNext: (route, count) => faults.add({ route, kind: "process-hang", count }),
    processThenStatusNext: (route, count, status, body) =>
      faults.add({ route, kind: "process-status", count, status, ...(body ? { body } : {}) }),
    redirectNext: (route, count, status) =>
      faults.add({ route, kind: "redirect", count, ...(status !== undefined ? { status } : {}) }),
    oversizeNext: (route, count, bytes) => faults.add({ route, kind: "oversize", count, size: bytes }),
    nestNext: (route, count, depth) => faults.add({ route, kind: "nest", count, size: depth }),
    injectNext: (route, count, members) => faults.add({ route, kind: "inject", count, text: members }),
    echoNext: (route, count, text, where) =>
      faults.add({ route, kind: "echo", count, text, ...(where ? { echo: where } : {}) }),
    add: (rule) => faults.add(rule),
    failNextJobs: (count, message) => faults.failNextJobs(count, message),
    revokeTokens: (filter: TokenRevocationFilter) => {
      const userId = filter.username ? demo.users.find((u) => u.username === filter.username)?.id : undefined;
      if (filter.username && !userId) return 0;
      return tokens.revoke({
        ...(filter.clientId ? { clientId: filter.clientId } : {}),
        ...(userId ? { userId } : {}),
        ...(filter.token ? { token: filter.token } : {}),
        ...(filter.all ? { all: true } : {}),
      });
    },
    clear: () => faults.clear(),
    list: () => faults.state(),
  };

  const findCatalog = (companyId: string, name: string): Catalog => {
    const c = [...store.catalogs.values()].find((x) => x.companyId === companyId && x.name === name);
    if (!c) throw new Error(`No catalog '${name}' in company ${companyId}.`);
    return c;
  };
  const catalogs: RunningEmulator["catalogs"] = {
    create(companyId, name) {
      if (!demo.companies.some((c) => c.id === companyId)) throw new Error(`Unknown company ${companyId}.`);
      if ([...store.catalogs.values()].some((x) => x.companyId === companyId && x.name === name)) {
        throw new Error(`The company already has a catalog named '${name}'.`);
      }
      const c: Catalog = { id: newUuid(), companyId, name, positions: [] };
      store.catalogs.set(c.id, c);
      store.markDirty("catalogs");
      return { id: c.id, name, companyId };
    },
    tree: (companyId, name) => catalogTree(findCatalog(companyId, name)),
    list: () =>
      [...store.catalogs.values()].map((c) => ({
        id: c.id,
        name: c.name,
        companyId: c.companyId,
        positions: c.positions.length,
      })),
  };

  const clients = personalAccount(store);
  const versions: RunningEmulator["versions"] = {
    publish: (request) => publishVersion(demo, request, () => clock.now()),
  };
  let adminUrl: string | undefined;
  if (options.admin) {
    adminApp = Fastify({ logger: false });
    registerAdminRoutes(adminApp, handle, catalogs, clients, versions);
    // Loopback only, whatever the services listen on: faults are for local tests.
    adminUrl = `http://127.0.0.1:${await listen(adminApp, "127.0.0.1", ports.admin ?? 0)}`;
  }

  const passwordSeed = demo.clients.find((c) => c.secret !== null);
  const publicSeed = demo.clients.find((c) => c.secret === null);
  let stopped = false;
  /** The BOQ rows of that analysis and scheme, as the export serves them (changed in place). */
  const boqOf = (input: Omit<BoqQuantityChange, "value" | "code">): BoqRow[] => {
    const project = demo.projects.find((p) => p.name === input.project);
    const model = demo.models.find((m) => m.name === input.model && m.projectId === project?.id);
    const scheme = project?.schemes.find((x) => x.originalName === input.scheme);
    const [mvi, av] = input.version.split(".").map(Number);
    const analysis = demo.analyses.find(
      (a) => a.modelId === model?.id && a.modelVersionIndex === mvi && a.version === av,
    );
    if (!project || !model || !scheme || !analysis) throw new Error(`No BOQ for ${JSON.stringify(input)}.`);
    return demo.boq(analysis, scheme);
  };
  /** Parents' FullTotalCost again from their children, as the platform's re-run would give it. */
  const rollUp = (rows: BoqRow[]): void => {
    const byId = new Map(rows.map((r) => [r.Id, r]));
    for (const r of rows) if (rows.some((c) => c.ParentId === r.Id)) r.FullTotalCost = 0;
    // Deepest first: a row's total is complete before it is added to its parent's.
    const depth = (r: BoqRow): number => {
      let d = 0;
      for (let p = byId.get(r.ParentId); p; p = byId.get(p.ParentId)) d += 1;
      return d;
    };
    for (const r of [...rows].sort((a, b) => depth(b) - depth(a))) {
      const parent = byId.get(r.ParentId);
      if (parent) parent.FullTotalCost = Math.round((parent.FullTotalCost + r.FullTotalCost) * 100) / 100;
    }
  };

  return {
    authUrl: urls.auth,
    baseUrl: urls.value,
    platformUrl: urls.platform,
    elsewhereUrl: faults.elsewhere,
    ...(adminUrl ? { adminUrl } : {}),
    demo: {
      users: demo.users.map((u) => ({
        username: u.username,
        password: u.password,
        name: u.name,
        email: u.email,
        companyIds: u.companyIds,
        adminOf: u.adminOf,
      })),
      passwordClient: {
        clientId: passwordSeed?.client.clientId ?? "",
        clientSecret: store.demoSecrets.get(passwordSeed?.client.clientId ?? "") ?? "",
      },
      publicClient: { clientId: publicSeed?.client.clientId ?? "" },
      companies: demo.companies.map((c) => ({ ...c })),
      origin: DEFAULT_ORIGIN,
      redirectUri: DEFAULT_REDIRECT_URI,
    },
    faults: handle,
    clients,
    catalogs,
    versions,
    boq: {
      setQuantity(input) {
        const row = boqOf(input).find((r) => r.Code === input.code);
        if (!row) throw new Error(`No row ${input.code} in that BOQ.`);
        row.Value = input.value;
        row.TotalCost = Math.round(input.value * row.ValueCost * 100) / 100;
        row.FullTotalCost = row.TotalCost;
        rollUp(boqOf(input));
      },
      addRow(input) {
        const rows = boqOf(input);
        const at = rows.findIndex((r) => r.Code === input.after);
        const sibling = rows[at];
        if (!sibling) throw new Error(`No row ${input.after} in that BOQ.`);
        const total = Math.round(input.value * input.unitCost * 100) / 100;
        rows.splice(at + 1, 0, {
          ...sibling,
          Id: newUuid(),
          Code: input.code,
          Name: input.name,
          Value: input.value,
          ValueCost: input.unitCost,
          TotalCost: total,
          FullTotalCost: total,
        });
        rollUp(rows);
      },
      removeRow(input) {
        const rows = boqOf(input);
        const at = rows.findIndex((r) => r.Code === input.code);
        if (at < 0) throw new Error(`No row ${input.code} in that BOQ.`);
        rows.splice(at, 1);
        rollUp(rows);
      },
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      jobs.stop();
      await Promise.all([...started, ...(adminApp ? [adminApp] : [])].map((a) => a.close()));
      store.flush();
    },
  };
}
