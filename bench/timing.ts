/**
 * Micro figures through tinybench: each task runs a fixed number of iterations after one warm-up
 * run; both the fastest run and the median are kept (the catalog figures judge the fastest, which
 * a shared machine's noise, only ever adding time, disturbs least).
 */
import { Bench } from "tinybench";

export interface Timed {
  medianMs: number;
  minMs: number;
  samples: number;
}

export interface TaskSpec {
  name: string;
  fn: () => unknown;
}

/** Runs the tasks one after the other, `iterations` times each, and returns their medians by name. */
export async function timeTasks(tasks: readonly TaskSpec[], iterations: number): Promise<Map<string, Timed>> {
  const bench = new Bench({
    iterations,
    time: 0,
    warmupIterations: 1,
    warmupTime: 0,
    throws: true,
  });
  for (const task of tasks) bench.add(task.name, task.fn);
  await bench.run();
  const out = new Map<string, Timed>();
  for (const task of bench.tasks) {
    const result = task.result;
    if (result.state !== "completed") {
      throw new Error(`The bench task "${task.name}" did not complete (${result.state}).`);
    }
    out.set(task.name, {
      medianMs: result.latency.p50,
      minMs: result.latency.min,
      samples: result.latency.samplesCount,
    });
  }
  return out;
}

export function timed(results: Map<string, Timed>, name: string): Timed {
  const t = results.get(name);
  if (!t) throw new Error(`No timing for the bench task "${name}".`);
  return t;
}
