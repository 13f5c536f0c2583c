import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { systemClock, type Clock } from "./clock";
import type { DemoData } from "./demo";
import type {
  ApiClient,
  Catalog,
  ImportJob,
  ImportLog,
  ImportRequest,
  IssuedToken,
  RefreshTokenRecord,
} from "./model";

/** Coalesce bursts of changes (a job ticking, many imports) into one write per file. */
const SAVE_DELAY_MS = 40;

type Section = "clients" | "catalogs" | "jobs" | "tokens";

interface TokensFile {
  refreshTokens: RefreshTokenRecord[];
  issued: IssuedToken[];
  revokedJtis: string[];
}

/** Writes a file so that a crash leaves either the old or the new content, never half of it. */
function writeAtomic(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, "w");
  try {
    writeFileSync(fd, content);
    // On the disk before the rename, or a power cut could leave the new name with no content.
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    // Written atomically, so this is a file edited or damaged by hand; say which and what to do.
    throw new Error(
      `The emulator's data file ${file} is not valid JSON: fix or delete it, or start with another data directory.`,
    );
  }
}

/**
 * The emulator's mutable state. Companies, users, projects and analyses come from the demo data
 * and are rebuilt on every start; clients, catalogs, jobs, logs and tokens are saved in the data
 * directory (when there is one) and survive a restart.
 */
export class Store {
  readonly clients = new Map<string, ApiClient>();
  readonly catalogs = new Map<string, Catalog>();
  readonly jobs = new Map<string, ImportJob>();
  readonly logs = new Map<string, ImportLog>();
  readonly requests = new Map<string, ImportRequest>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  /** Access tokens issued, so revocation by client or user can name their jti. */
  readonly issued = new Map<string, IssuedToken>();
  readonly revokedJtis = new Set<string>();
  /** Secrets of the demo clients, reported by the CLI and to tests; never saved or logged. */
  readonly demoSecrets = new Map<string, string>();

  private readonly dirty = new Set<Section>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly dataDir: string | null,
    readonly demo: DemoData,
    private readonly clock: Clock = systemClock,
  ) {}

  load(extraOrigins: string[], extraRedirects: string[]): void {
    if (this.dataDir) {
      mkdirSync(join(this.dataDir, "logs"), { recursive: true });
      mkdirSync(join(this.dataDir, "requests"), { recursive: true });
    }
    const clients = this.read<ApiClient[]>("clients.json");
    for (const c of clients ?? []) this.clients.set(c.clientId, c);
    for (const seed of this.demo.clients) {
      // A saved list held every demo client from the first start on: one missing from it was
      // deleted through the client API, and a deletion survives a restart like any other change.
      if (!clients && !this.clients.has(seed.client.clientId))
        this.clients.set(seed.client.clientId, structuredClone(seed.client));
      // Report the demo secret only while it is still the client's secret (it can be regenerated).
      const saved = this.clients.get(seed.client.clientId);
      if (seed.secret && saved?.secretHash === seed.client.secretHash)
        this.demoSecrets.set(seed.client.clientId, seed.secret);
    }
    // Tests on random ports add their origins to the demo clients; a set keeps restarts idempotent.
    for (const seed of this.demo.clients) {
      const c = this.clients.get(seed.client.clientId);
      if (!c) continue;
      c.corsOrigins = [...new Set([...c.corsOrigins, ...extraOrigins])];
      c.redirectUris = [...new Set([...c.redirectUris, ...extraRedirects])];
      c.postLogoutRedirectUris = [...new Set([...c.postLogoutRedirectUris, ...extraRedirects])];
    }

    for (const c of this.read<Catalog[]>("catalogs.json") ?? []) this.catalogs.set(c.id, c);
    // Demo catalogs missing from the saved ones (a first start, or a larger demo size) are added.
    for (const c of this.demo.catalogs)
      if (!this.catalogs.has(c.id)) this.catalogs.set(c.id, structuredClone(c));

    for (const j of this.read<ImportJob[]>("jobs.json") ?? []) this.jobs.set(j.jobId, j);
    for (const j of this.jobs.values()) {
      if (j.status === "ReportCreated") {
        const log = this.read<ImportLog>(join("logs", `${j.jobId}.json`));
        if (log) this.logs.set(j.jobId, log);
      } else if (j.status === "Queued" || j.status === "Running") {
        const req = this.read<ImportRequest>(join("requests", `${j.jobId}.json`));
        if (req) this.requests.set(j.jobId, req);
        else {
          j.status = "Failed";
          j.error = "The import request was lost when the emulator stopped; send the import again.";
        }
      }
    }

    const tokens = this.read<TokensFile>("tokens.json");
    if (tokens) {
      const now = this.clock.now() / 1000;
      for (const t of tokens.refreshTokens) if (t.expiresAt > now) this.refreshTokens.set(t.token, t);
      for (const t of tokens.issued) if (t.exp > now) this.issued.set(t.jti, t);
      for (const jti of tokens.revokedJtis) if (this.issued.has(jti)) this.revokedJtis.add(jti);
    }
    this.markDirty("clients");
    this.markDirty("catalogs");
  }

  readKey(): unknown {
    return this.read<unknown>("signing-key.json");
  }

  writeKey(jwk: unknown): void {
    if (this.dataDir) writeAtomic(join(this.dataDir, "signing-key.json"), JSON.stringify(jwk));
  }

  markDirty(section: Section): void {
    if (!this.dataDir) return;
    this.dirty.add(section);
    if (!this.timer) this.timer = setTimeout(() => this.flushQuietly(), SAVE_DELAY_MS);
  }

  /** A failed write on the timer must not crash the emulator; the sections stay dirty for the next try. */
  private flushQuietly(): void {
    try {
      this.flush();
    } catch {
      // Retried by the next change or by stop(), which reports the error to its caller.
    }
  }

  saveLog(jobId: string, log: ImportLog): void {
    if (this.dataDir) writeAtomic(join(this.dataDir, "logs", `${jobId}.json`), JSON.stringify(log));
    this.logs.set(jobId, log);
  }

  saveRequest(jobId: string, req: ImportRequest): void {
    this.requests.set(jobId, req);
    if (this.dataDir) writeAtomic(join(this.dataDir, "requests", `${jobId}.json`), JSON.stringify(req));
  }

  dropRequest(jobId: string): void {
    this.requests.delete(jobId);
    if (this.dataDir) rmSync(join(this.dataDir, "requests", `${jobId}.json`), { force: true });
  }

  /** Writes every changed section now; called on a timer and when the emulator stops. */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.dataDir) return;
    for (const section of this.dirty) {
      switch (section) {
        case "clients":
          writeAtomic(
            join(this.dataDir, "clients.json"),
            JSON.stringify([...this.clients.values()], null, 1),
          );
          break;
        case "catalogs":
          writeAtomic(join(this.dataDir, "catalogs.json"), JSON.stringify([...this.catalogs.values()]));
          break;
        case "jobs":
          writeAtomic(join(this.dataDir, "jobs.json"), JSON.stringify([...this.jobs.values()], null, 1));
          break;
        case "tokens": {
          const now = this.clock.now() / 1000;
          for (const [jti, t] of this.issued) {
            if (t.exp < now) {
              this.issued.delete(jti);
              this.revokedJtis.delete(jti);
            }
          }
          const file: TokensFile = {
            refreshTokens: [...this.refreshTokens.values()],
            issued: [...this.issued.values()],
            revokedJtis: [...this.revokedJtis],
          };
          writeAtomic(join(this.dataDir, "tokens.json"), JSON.stringify(file));
          break;
        }
      }
    }
    this.dirty.clear();
  }

  private read<T>(name: string): T | undefined {
    return this.dataDir ? readJson<T>(join(this.dataDir, name)) : undefined;
  }
}
