/**
 * The emulator's time: token lifetimes, authorization codes, job progress and the dates it writes
 * all read it here. The CLI runs on the system clock; a test passes a TestClock and moves it on
 * instead of sleeping until a token expires or a job ends.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Real time plus whatever the test has skipped: everything runs as usual (jobs progress, requests
 * take their time), and advance() makes the time a test would otherwise wait pass at once.
 */
export class TestClock implements Clock {
  private skipped = 0;

  now(): number {
    return Date.now() + this.skipped;
  }

  /** Moves the emulator's time on by `ms` milliseconds (never back). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`A clock moves forward only (asked to move ${ms} ms).`);
    this.skipped += ms;
  }
}

/** The clock's time as an ISO 8601 timestamp. */
export function isoAt(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
