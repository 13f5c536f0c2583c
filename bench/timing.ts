/**
 * Micro figures timed in rounds: after one unmeasured warm-up run of each task, every round runs
 * each task once, in order, so the tasks of a round share the machine's state of the moment; a
 * ratio of two tasks is taken within each round, and the figure is the median of the rounds, with
 * their minimum and maximum beside it (bench/report.ts, fromRuns).
 */

export interface TaskSpec {
  name: string;
  fn: () => unknown;
}

/** Milliseconds of each task by name, one value per round, in the order run. */
export type Rounds = Map<string, number[]>;

/** Runs the tasks once each unmeasured, then `rounds` times each, alternating within a round. */
export function timeRounds(tasks: readonly TaskSpec[], rounds: number): Rounds {
  if (rounds < 1) throw new Error(`The bench needs at least one round, not ${rounds}.`);
  for (const task of tasks) task.fn();
  const out: Rounds = new Map(tasks.map((t) => [t.name, [] as number[]]));
  for (let round = 0; round < rounds; round += 1) {
    for (const task of tasks) {
      const started = performance.now();
      task.fn();
      out.get(task.name)?.push(performance.now() - started);
    }
  }
  return out;
}

export function roundsOf(rounds: Rounds, name: string): number[] {
  const values = rounds.get(name);
  if (!values || values.length === 0) throw new Error(`No timing for the bench task "${name}".`);
  return values;
}

/** The ratio of two tasks in each round (numerator / denominator), in the order run. */
export function ratiosOf(rounds: Rounds, numerator: string, denominator: string): number[] {
  const top = roundsOf(rounds, numerator);
  const bottom = roundsOf(rounds, denominator);
  return top.map((value, i) => value / (bottom[i] ?? Number.NaN));
}
