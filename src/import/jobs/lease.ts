// The lease on an import being sent (model/lease.ts says what it means): the pane that sends an
// import takes it (Journey.claim) and renews it every RENEW_MS in the import's note outside the
// workbook and in the pending import of the document settings, for as long as it sends the import
// or shows it as lost; it lets go when the pane closes (dispose). When a pane opens, the imports
// being sent that it finds there are judged (toShow): one this pane may act on is shown as lost and
// its lease taken over; one another window holds is watched (looked at again at each renewal) until
// that window lets go, its lease lapses or the import is settled there; one sent from another file
// is named, never acted on. The timer is passed in (ImportDeps.every), and runs only while there is
// something to renew or to watch.

import type { KeptForWorkbook } from "../store/kept";
import {
  firstToShow,
  laterLease,
  leaseFor,
  letGo,
  ownerOf,
  RENEW_MS,
  type Lease,
  type PendingOwner,
} from "../model/lease";
import type { PendingImport } from "../model/records";
import type { Journey } from "./journey";

/** An import being sent, found when the pane opens, and who has it. */
export interface FoundPending {
  pending: PendingImport;
  owner: PendingOwner;
}

/** setInterval, which never keeps Node (the tests) running by itself. */
function everyByDefault(ms: number, tick: () => Promise<void>): () => void {
  const timer = setInterval(() => void tick(), ms);
  (timer as unknown as { unref?: () => void }).unref?.();
  return () => clearInterval(timer);
}

export class PendingLease {
  /** The import this pane sends or shows as lost: its lease is renewed. */
  private held: string | null = null;
  /** Looks again at an import another window holds, at each tick. */
  private watcher: (() => Promise<void>) | null = null;
  private stopTimer: (() => void) | null = null;
  private ticking = false;
  private closed = false;

  constructor(private readonly journey: Journey) {
    journey.holding = (id) => this.hold(id);
  }

  /** This pane's lease, from now on. */
  lease(): Lease {
    return leaseFor(this.journey.pane, this.journey.deps.now());
  }

  /** This pane sends the import (Journey.claim): its lease is renewed from now on. */
  hold(id: string): void {
    this.held = id;
    this.start();
  }

  /** This pane shows the import as lost: it takes the lease over at once (another window then waits). */
  async takeOver(id: string): Promise<void> {
    this.hold(id);
    await this.renew(id, this.lease());
  }

  /** Looks again at an import another window holds at each tick (`lookAgain`), until unwatch(). */
  watch(lookAgain: () => Promise<void>): void {
    this.watcher = lookAgain;
    this.start();
  }

  unwatch(): void {
    this.watcher = null;
  }

  /** The pane closes: the timer stops and what it held is let go, so another window may offer it at once. */
  async dispose(): Promise<void> {
    this.closed = true;
    this.stop();
    this.watcher = null;
    const held = this.held;
    this.held = null;
    if (held !== null) await this.renew(held, letGo(this.lease(), this.journey.deps.now()));
  }

  /**
   * The import being sent to show when the pane opens, of those in the document settings and in the
   * notes outside the workbook (`outside`), one copy of each merged (the later lease, the note's URL):
   * one this pane may act on first, then another window's, then another file's (firstToShow). One
   * this pane may act on that the settings lack is put back into them (closed without saving).
   */
  async toShow(outside: KeptForWorkbook | null): Promise<FoundPending | null> {
    const history = this.journey.history;
    const inSettings = history.pending();
    const notes = new Map((outside?.pendings ?? []).map((p) => [p.id ?? "", p]));
    const copies = [...notes.values()];
    if (inSettings !== null && !notes.has(inSettings.id ?? "")) copies.push(inSettings);
    const found = copies.map((copy) => {
      const pending = this.merged(copy, inSettings);
      return { pending, owner: this.ownerOf(pending) };
    });
    const shown = firstToShow(found);
    if (shown?.owner.kind === "here" && inSettings === null) {
      history.adoptWorkbookId(outside?.workbookId ?? null);
      try {
        await history.recordPending(shown.pending);
      } catch (error) {
        this.journey.warn(
          "could not put the import found outside the workbook back into its settings",
          error,
        );
      }
    }
    return shown;
  }

  /**
   * Who has the import being sent now, both copies read again; null when neither has it any more
   * (settled by the window that sent it). A note that cannot be read leaves `current` as it is.
   */
  async ownerNow(pending: PendingImport, current: PendingOwner): Promise<PendingOwner | null> {
    const journey = this.journey;
    await journey.history.reload();
    const inSettings = journey.history.pending();
    const settings = inSettings !== null && inSettings.id === pending.id ? inSettings : null;
    let note: PendingImport | null = null;
    if (journey.kept !== null && pending.id !== undefined) {
      try {
        note = await journey.kept.pending(pending.id);
      } catch (error) {
        journey.warn("could not read the import kept outside the workbook", error);
        return current;
      }
    }
    const copy = note ?? settings;
    return copy === null ? null : this.ownerOf(this.merged(copy, settings));
  }

  private ownerOf(pending: PendingImport): PendingOwner {
    const here = { url: this.journey.identity().url, pane: this.journey.pane };
    return ownerOf(pending, here, this.journey.deps.now());
  }

  /** One copy of an import being sent, with the later of its two leases (the settings' copy, if the same import). */
  private merged(copy: PendingImport, inSettings: PendingImport | null): PendingImport {
    const settings =
      inSettings !== null && inSettings.id === copy.id && inSettings !== copy ? inSettings : null;
    if (settings === null) return copy;
    return { ...copy, url: copy.url ?? settings.url ?? null, lease: laterLease(copy.lease, settings.lease) };
  }

  private start(): void {
    if (this.closed || this.stopTimer !== null) return;
    const every = this.journey.deps.every ?? everyByDefault;
    this.stopTimer = every(RENEW_MS, async () => {
      if (this.ticking) return;
      this.ticking = true;
      try {
        await this.tick();
      } catch (error) {
        this.journey.warn("could not renew the import's lease", error);
      } finally {
        this.ticking = false;
      }
    });
  }

  private stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  private async tick(): Promise<void> {
    const held = this.held;
    if (held !== null) {
      if (this.stillHeld(held)) await this.renew(held, this.lease());
      else if (this.held === held) this.held = null;
    }
    await this.watcher?.();
    if (this.held === null && this.watcher === null) this.stop();
  }

  /** This pane still sends the import, or shows it as lost and may act on it. */
  private stillHeld(id: string): boolean {
    const state = this.journey.state;
    if (state.phase === "posting") return true;
    const lost = state.job.lost;
    return state.phase === "lost" && lost?.pending.id === id && lost.owner.kind === "here";
  }

  /** Writes the lease in the note and in the settings; a failure is only logged (the next tick tries again). */
  private async renew(id: string, lease: Lease): Promise<void> {
    const journey = this.journey;
    try {
      await journey.kept?.renew(id, lease);
    } catch (error) {
      journey.warn("could not renew the import's lease outside the workbook", error);
    }
    try {
      await journey.history.renewLease(id, lease);
    } catch (error) {
      journey.warn("could not renew the import's lease in the workbook settings", error);
    }
  }
}
