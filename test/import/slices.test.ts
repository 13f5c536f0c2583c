// The pipeline's driver of the engine's steps: the pane pauses whenever a slice has run SLICE_MS,
// tests (no pause given) run the check at once.
import { runInSlices, SLICE_MS } from "../../src/import";
import type { Steps } from "../../src/catalog";

function* counting(steps: number, clock: { t: number }): Steps<number> {
  for (let i = 0; i < steps; i++) {
    clock.t += 1; // each step takes 1 ms by this clock
    yield;
  }
  return steps;
}

describe("runInSlices", () => {
  it("pauses once per SLICE_MS of work and returns the steps' result", async () => {
    const clock = { t: 0 };
    let pauses = 0;
    const result = await runInSlices(
      counting(10 * SLICE_MS, clock),
      () => {
        pauses += 1;
        return Promise.resolve();
      },
      () => clock.t,
    );
    expect(result).toBe(10 * SLICE_MS);
    expect(pauses).toBeGreaterThanOrEqual(9);
    expect(pauses).toBeLessThanOrEqual(10);
  });

  it("never pauses without a pause function", async () => {
    const clock = { t: 0 };
    await expect(runInSlices(counting(5 * SLICE_MS, clock), undefined, () => clock.t)).resolves.toBe(
      5 * SLICE_MS,
    );
  });
});
