// An import whose answer was lost, as plain data: what the platform's latest import of the catalog
// says about it (judgeLatest), and reading the platform's status time (readPlatformTime). Pure: the
// questions to the platform are asked by lost.ts.

import { jobState } from "../../api/jobState";
import type { ImportStatus } from "../../api/schemas";
import type { PendingImport } from "./records";
import { OWNER_HERE, type PendingOwner } from "./lease";
import type { Said } from "./said";

/**
 * What the latest import of the catalog says about an import whose answer was lost:
 * - probable: not in this workbook's history and its time is after the request was sent;
 * - earlier: its time is before the request was sent;
 * - known: a job this workbook already keeps in its history;
 * - untimed: its time is missing, or cannot be placed (no time zone, and outside the window
 *   where reading it as UTC is consistent with this computer's clock);
 * - none: the platform shows no import of that catalog (yet: a queued request may still appear).
 */
export type LostVerdict = "probable" | "earlier" | "known" | "untimed" | "none";

export interface LostFinding {
  verdict: LostVerdict;
  jobId: string | null;
  /** The platform's status word and progress, as given. */
  status: string;
  progress: number;
  /** What the status means (api/jobState); null when no job shows. */
  outcome: "running" | "done" | "failed" | null;
  /** Epoch ms of the status time, only when it could be placed for sure. */
  at: number | null;
}

/** An import whose answer was lost, and what the platform showed since. */
export interface LostImport {
  pending: PendingImport;
  /**
   * Who has it (lease.ts): this pane may act on it (here), another window of the workbook is
   * sending it (window: nothing is asked, the pane waits for that window), or it was sent from
   * another file (file: the platform is asked, read only; it is never confirmed nor sent again).
   */
  owner: PendingOwner;
  /** Found when the pane opened again (it was closed before any answer came). */
  reopened: boolean;
  /** Asking the platform now. */
  checking: boolean;
  /** "Wait": the pane asks again by itself at intervals. */
  waiting: boolean;
  found: LostFinding | null;
  /** Epoch ms of the last answer. */
  checkedAt: number | null;
  /** The last question could not be asked (the reason). */
  error: Said | null;
  /** The sign-in ended: the question is asked again once the user signs in. */
  signInNeeded: boolean;
  /** What came instead of the answer (the request, a status, a proxy's words), for "Show details". */
  detail: string | null;
}

export function freshLost(
  pending: PendingImport,
  reopened = false,
  detail?: string,
  owner: PendingOwner = OWNER_HERE,
): LostImport {
  return {
    pending,
    owner,
    reopened,
    detail: detail === undefined || detail === "" ? null : detail,
    checking: false,
    waiting: false,
    found: null,
    checkedAt: null,
    error: null,
    signInNeeded: false,
  };
}

/**
 * How far a status time without a zone, read as UTC, may lie after this computer's "now" and
 * still be taken as read right: clocks of two computers differ by seconds, rarely minutes.
 */
export const CLOCK_ALLOWANCE_MS = 5 * 60_000;

/** A status time read: its epoch ms, and whether the text named its zone. */
export interface PlatformTime {
  ms: number;
  zoned: boolean;
}

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads the platform's status time: ISO 8601 with `Z` or an offset, or without a zone, with up to
 * nine fractional digits (.NET writes seven; anything past milliseconds is cut, never rounded up
 * past the second). Null when it is missing or is not such a time (Date.parse is not used: what
 * it accepts differs between engines).
 */
export function readPlatformTime(text: string | null | undefined): PlatformTime | null {
  if (typeof text !== "string") return null;
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(m[6] ?? "0");
  const milli = Number(`${m[7] ?? ""}000`.slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, milli);
  // Day 31 of a 30-day month rolls over: not a date.
  if (new Date(utc).getUTCDate() !== day) return null;
  const zone = m[8];
  if (zone === undefined) return { ms: utc, zoned: false };
  if (zone.toUpperCase() === "Z") return { ms: utc, zoned: true };
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || "0");
  if (hours > 23 || minutes > 59) return null;
  return { ms: utc - sign * (hours * 60 + minutes) * 60_000, zoned: true };
}

/**
 * Judges the catalog's latest import against the import whose answer was lost. A zoned time is
 * after the request when it is not before the moment it was sent (this computer's clock). A time
 * without a zone is read as UTC and taken only when that reading falls between the moment it was
 * sent and now (with CLOCK_ALLOWANCE_MS): read in another zone it would be hours away, so outside
 * that window the pane cannot tell, and says so.
 */
export function judgeLatest(
  latest: ImportStatus | null,
  pending: Pick<PendingImport, "sentAt">,
  inHistory: (jobId: string) => boolean,
  now: number,
): LostFinding {
  if (latest === null) {
    return { verdict: "none", jobId: null, status: "", progress: 0, outcome: null, at: null };
  }
  const job = jobState(latest);
  const base = {
    jobId: latest.jobId,
    status: latest.status,
    progress: job.state === "running" ? job.progress : job.state === "done" ? 100 : latest.progress,
    outcome: job.state,
  };
  const time = readPlatformTime(latest.date);
  if (inHistory(latest.jobId)) return { ...base, verdict: "known", at: time?.zoned ? time.ms : null };
  const sent = Date.parse(pending.sentAt);
  if (time === null || Number.isNaN(sent)) return { ...base, verdict: "untimed", at: null };
  if (time.zoned) return { ...base, verdict: time.ms >= sent ? "probable" : "earlier", at: time.ms };
  if (time.ms >= sent && time.ms <= now + CLOCK_ALLOWANCE_MS)
    return { ...base, verdict: "probable", at: time.ms };
  return { ...base, verdict: "untimed", at: null };
}
