/**
 * The pane's long tasks split into the add-in's own work and the Office emulation's sync work.
 *
 * In the bench page the workbench's Office emulation answers Excel's requests in the page's own
 * thread: a sync measures the request, runs it against the in-memory workbook and measures the
 * response, work that Excel does in its own process. The page marks each sync's work (an
 * interval from start to end, bench/page/office-shim.ts); a long task's own time is its duration
 * less the marked time inside it. Pure: the intervals in, the split out.
 */

export interface Interval {
  start: number;
  duration: number;
}

export interface TaskSplit {
  start: number;
  duration: number;
  /** The emulation's sync work inside the task. */
  emulationMs: number;
  /** The rest: the add-in's own work (and the browser's, such as garbage collection). */
  ownMs: number;
}

/** Each task with the marked work that overlaps it subtracted (marks do not overlap each other). */
export function splitTasks(tasks: readonly Interval[], marks: readonly Interval[]): TaskSplit[] {
  const sorted = [...marks].sort((a, b) => a.start - b.start);
  return tasks.map((task) => {
    const end = task.start + task.duration;
    let emulationMs = 0;
    for (const mark of sorted) {
      if (mark.start >= end) break;
      const overlap = Math.min(end, mark.start + mark.duration) - Math.max(task.start, mark.start);
      if (overlap > 0) emulationMs += overlap;
    }
    emulationMs = Math.min(emulationMs, task.duration);
    return { start: task.start, duration: task.duration, emulationMs, ownMs: task.duration - emulationMs };
  });
}

/** The task with the most own time, or null when there is none. */
export function longestOwn(splits: readonly TaskSplit[]): TaskSplit | null {
  let longest: TaskSplit | null = null;
  for (const s of splits) if (longest === null || s.ownMs > longest.ownMs) longest = s;
  return longest;
}
