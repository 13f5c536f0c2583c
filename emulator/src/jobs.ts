import { UNITS } from "./demo";
import type { FaultEngine } from "./faults";
import { applyImport } from "./importer";
import type { ImportJob, ImportRequest } from "./model";
import type { Store } from "./store";
import { isoAt, systemClock, type Clock } from "./clock";
import { newJobId, newUuid } from "./util";

const TICK_MS = 100;
/** Progress percent per second when no speed is given: a small import takes about four seconds. */
export const DEFAULT_JOB_SPEED = 25;

/** "instant" completes a job right after the response; a number is progress percent per second. */
export type JobSpeed = "instant" | number;

/**
 * Runs import jobs: Queued, then Running with progress rising at the configured speed, then the
 * import is applied to the catalog in one step (ReportCreated with its log) or the job Fails.
 * Jobs left Queued or Running by a previous run resume from their saved request.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private lastTick: number;
  /** Progress earned but not yet whole (a tick of a slow job earns a fraction of a percent). */
  private readonly carry = new Map<string, number>();
  private stopped = false;
  private readonly units = new Set(UNITS);

  constructor(
    private readonly store: Store,
    private readonly faults: FaultEngine,
    private readonly speed: JobSpeed,
    private readonly clock: Clock = systemClock,
  ) {
    this.lastTick = clock.now();
  }

  start(): void {
    for (const job of this.store.jobs.values()) {
      if (job.status === "Queued" || job.status === "Running") this.schedule();
    }
  }

  submit(request: ImportRequest, catalogId: string, companyId: string, userId: string): ImportJob {
    const now = isoAt(this.clock);
    const job: ImportJob = {
      jobId: newJobId(),
      statusId: newUuid(),
      catalogId,
      catalogName: request.catalogName,
      companyId,
      userId,
      status: "Queued",
      progress: 0,
      error: null,
      createdAt: now,
      date: now,
      failWith: this.faults.takeJobFailure(),
      positionCount: request.data.length + request.deleted.length,
      // Same-millisecond jobs still order by submission: statusbyroot returns the latest.
      sequence: this.nextSequence(),
    };
    this.store.saveRequest(job.jobId, request);
    this.store.jobs.set(job.jobId, job);
    this.store.markDirty("jobs");
    // On disk before the job id is answered: a crash right after the answer must not lose a job the
    // client already follows (its request alone would not say which catalog or user it was for).
    this.store.flush();
    this.schedule();
    return job;
  }

  private nextSequence(): number {
    let max = 0;
    for (const j of this.store.jobs.values()) max = Math.max(max, j.sequence);
    return max + 1;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const delay = this.speed === "instant" ? 0 : TICK_MS;
    this.lastTick = this.clock.now();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick();
    }, delay);
  }

  private tick(): void {
    const now = this.clock.now();
    const elapsed = (now - this.lastTick) / 1000;
    let active = false;
    for (const job of [...this.store.jobs.values()]) {
      if (job.status === "Queued") {
        job.status = "Running";
        job.date = isoAt(this.clock);
        active = true;
        if (this.speed !== "instant") continue;
      }
      if (job.status !== "Running") continue;
      // The configured percent per second, exactly: fractions are carried to the next tick
      // (rounding each 100 ms tick up to 1 % made every speed under 10 %/s run at 10 %/s).
      const step = this.speed === "instant" ? 100 : this.speed * elapsed + (this.carry.get(job.jobId) ?? 0);
      const whole = Math.floor(step);
      const next = job.progress + whole;
      if (next < 100) {
        this.carry.set(job.jobId, step - whole);
        if (whole > 0) {
          job.progress = next;
          job.date = isoAt(this.clock);
        }
        active = true;
        continue;
      }
      this.carry.delete(job.jobId);
      try {
        this.complete(job);
      } catch (e) {
        // A timer callback that throws would bring the whole emulator down; the job fails instead.
        this.failJob(job, `The import could not be completed: ${reasonOf(e)}`);
      }
    }
    this.store.markDirty("jobs");
    if (
      active ||
      [...this.store.jobs.values()].some((j) => j.status === "Queued" || j.status === "Running")
    ) {
      this.schedule();
    }
  }

  private failJob(job: ImportJob, message: string): void {
    job.status = "Failed";
    job.error = message;
    job.date = isoAt(this.clock);
    this.store.markDirty("jobs");
    try {
      this.store.flush();
      this.store.dropRequest(job.jobId);
    } catch {
      // The data directory cannot be written: the job is failed in memory, and a restart that can
      // read its saved request runs it again rather than losing it.
    }
  }

  private complete(job: ImportJob): void {
    const request = this.store.requests.get(job.jobId);
    const catalog = this.store.catalogs.get(job.catalogId);
    if (job.failWith) return this.failJob(job, job.failWith);
    if (!request) return this.failJob(job, "The import request was lost; send the import again.");
    if (!catalog) return this.failJob(job, `The catalog '${job.catalogName}' no longer exists.`);
    const { positions, log } = applyImport(catalog, request, this.units);
    // The log first: if it cannot be saved the job fails and the catalog stays as it was.
    this.store.saveLog(job.jobId, log);
    catalog.positions = positions;
    this.store.markDirty("catalogs");
    job.status = "ReportCreated";
    job.progress = 100;
    job.error = null;
    job.date = isoAt(this.clock);
    this.store.markDirty("jobs");
    try {
      // Catalog and job reach the disk before the request is dropped, so a crash cannot lose the import.
      this.store.flush();
    } catch {
      // Kept request: a restart finds the job still running on disk and applies it to the saved catalog.
      return;
    }
    this.store.dropRequest(job.jobId);
  }
}

function reasonOf(e: unknown): string {
  // Duck-typed: errors from node:fs may come from another realm (a test runner's), failing instanceof.
  const code =
    typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : null;
  return code ? `the emulator could not write its data directory (${code})` : "an internal error occurred";
}
