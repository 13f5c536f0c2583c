// Who may act on an import being sent, as plain data with the time passed in. The pane that sends
// an import holds a lease on it, renewed every RENEW_MS while that pane is open and lasting
// LEASE_MS; the import's note outside the workbook and the pending import in the document settings
// carry it, with the URL of the workbook it was sent from. Another pane that finds the import
// judges it here (ownerOf): sent from another file (a copy saved under another name: it names that
// file and never acts for it), held by another window with a live lease (it waits for that window),
// or nobody's any more (the lease expired or was let go, or the import was kept by the previous
// version, which had no lease): this pane may offer it as an import whose answer was lost. The
// jobs write and renew the leases (jobs/lease.ts); store/ keeps them.

import { z } from "zod";

/** How long a lease lasts after it was written: a pane that is gone lets it lapse within this. */
export const LEASE_MS = 120_000;
/** How often the pane holding a lease renews it (and a pane waiting on another window looks again). */
export const RENEW_MS = 30_000;

/** A pane's hold on an import being sent: the pane's random id, and until when (epoch ms). */
export interface Lease {
  holder: string;
  until: number;
}

export const leaseSchema = z.object({ holder: z.string().min(1), until: z.number() });

/**
 * Who has the import being sent, as this pane sees it:
 * - here: no other pane holds it (this one does, or its lease lapsed): this pane may act on it;
 * - window: another window of this workbook holds it, until `until` unless renewed;
 * - file: it was sent from another file (`url`): this workbook is a copy and never acts for it.
 */
export type PendingOwner =
  { kind: "here" } | { kind: "window"; until: number } | { kind: "file"; url: string };

export const OWNER_HERE: PendingOwner = { kind: "here" };

/** What is judged of an import being sent: the file it was sent from and its lease (both may be unknown). */
export interface Claim {
  url?: string | null | undefined;
  lease?: Lease | null | undefined;
}

/** This pane: the URL of its workbook (null: never saved) and its own random id. */
export interface Here {
  url: string | null;
  pane: string;
}

/**
 * Two URLs name different files. An unknown URL (a workbook never saved, or a record of the
 * previous version) differs from none: a workbook saved for the first time is still itself.
 */
export function otherFile(sentFrom: string | null | undefined, here: string | null): boolean {
  return typeof sentFrom === "string" && sentFrom !== "" && here !== null && here !== "" && sentFrom !== here;
}

/** Who has the import being sent at `now` (see PendingOwner). */
export function ownerOf(claim: Claim, here: Here, now: number): PendingOwner {
  const url = claim.url;
  if (typeof url === "string" && otherFile(url, here.url)) return { kind: "file", url };
  const lease = claim.lease;
  if (lease && lease.holder !== here.pane && lease.until > now) return { kind: "window", until: lease.until };
  return OWNER_HERE;
}

/** A pane's lease written now. */
export function leaseFor(pane: string, now: number): Lease {
  return { holder: pane, until: now + LEASE_MS };
}

/** A lease that ends now: the pane closing lets go of what it held. */
export function letGo(lease: Lease, now: number): Lease {
  return { holder: lease.holder, until: Math.min(lease.until, now) };
}

/**
 * Of two copies of one import's lease (its note on this computer, the document settings), the one
 * that says most recently who holds it: the same holder's note first (a pane that closes lets go
 * in its note first, and may not reach the settings), else the one that lasts longer (another pane,
 * maybe on another computer, took it over since).
 */
export function laterLease(note: Lease | null | undefined, settings: Lease | null | undefined): Lease | null {
  if (!note) return settings ?? null;
  if (!settings || settings.holder === note.holder) return note;
  return settings.until > note.until ? settings : note;
}

/** The order in which imports being sent are shown: one this pane may act on, then another window's, then another file's. */
const SHOWN_FIRST: Record<PendingOwner["kind"], number> = { here: 0, window: 1, file: 2 };

/** The import to show among those found (newest first within each kind), or null when none. */
export function firstToShow<T extends { pending: { sentAt: string }; owner: PendingOwner }>(
  found: readonly T[],
): T | null {
  const sorted = [...found].sort(
    (a, b) =>
      SHOWN_FIRST[a.owner.kind] - SHOWN_FIRST[b.owner.kind] ||
      b.pending.sentAt.localeCompare(a.pending.sentAt),
  );
  return sorted[0] ?? null;
}

/** The file's name from its URL (its last part, decoded), for the sentence that names it. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const last =
    path
      .split(/[/\\]/)
      .filter((part) => part !== "")
      .pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
