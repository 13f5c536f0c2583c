// A wait for a state where no event says it holds (an import job's status is only ever asked
// for): the probe is asked again and again until what it gives holds, with no deadline of its own
// (the test's limit is the one) and no pause that could be too short. Between two looks the event
// loop turns (`everyMs` only spaces looks that each cost a request), so the emulator's timers run.

/** Resolves with the first value of `probe` that `holds` accepts. */
export async function until<T>(
  probe: () => T | Promise<T>,
  holds: (value: T) => boolean,
  everyMs = 0,
): Promise<T> {
  for (;;) {
    const value = await probe();
    if (holds(value)) return value;
    await new Promise<void>((resolve) =>
      everyMs > 0 ? setTimeout(resolve, everyMs) : setImmediate(resolve),
    );
  }
}
