// Runs work in a worker thread whose stack takes as many call arguments as JavaScriptCore does.
//
// A call with a spread argument (`f(...rows)`) puts every item on the stack. JavaScriptCore
// (Excel on Mac and iPad) refuses more than 65,536 arguments; V8 (Node, Chromium, Edge) takes as
// many as its stack holds, about 125,000 with its default stack. A 70,000-row test in Jest's own
// thread would therefore pass with a spread of its rows that breaks on a Mac. Here the worker's
// stack is sized so that V8's limit falls just under 65,536 arguments (V8 spends 8 bytes a spread
// argument), calibrated on this machine's Node: the ceiling is measured in the worker and returned
// with every result, so a test can show it crosses JavaScriptCore's limit, not some lower one.
import path from "node:path";
import { Worker } from "node:worker_threads";

/** JavaScriptCore's most arguments in one call (JSC's maxArguments, 0x10000). */
export const JSC_MAX_ARGUMENTS = 65_536;
/** The ceiling aimed at: just under JavaScriptCore's, never above it. */
const TARGET_ARGUMENTS = 65_000;
const BYTES_PER_ARGUMENT = 8;
const MB = 1024 * 1024;

const REGISTER = path.join(__dirname, "../../bench/register.cjs");
const TASKS = path.join(__dirname, "tasks.ts");

/** The most items `Math.max(...items)` takes in this thread (binary search; plain JavaScript). */
const CEILING_SOURCE = `
function spreadCeiling() {
  let lo = 1000;
  let hi = 1 << 20;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      Math.max(...new Array(mid).fill(0));
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}
`;

function probe(stackSizeMb: number): Promise<number> {
  const worker = new Worker(
    `${CEILING_SOURCE}; require("node:worker_threads").parentPort.postMessage(spreadCeiling());`,
    { eval: true, resourceLimits: { stackSizeMb } },
  );
  return new Promise<number>((resolve, reject) => {
    worker.once("message", (ceiling: number) => {
      resolve(ceiling);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** The worker stack size (MB) whose spread ceiling is TARGET_ARGUMENTS, from two probes. */
async function calibratedStackMb(): Promise<number> {
  const [small, large] = [0.5, 1];
  const [atSmall, atLarge] = await Promise.all([probe(small), probe(large)]);
  const argumentsPerMb = (atLarge - atSmall) / (large - small);
  // V8 spends BYTES_PER_ARGUMENT a spread argument; anything else means this calibration is wrong.
  if (Math.abs(argumentsPerMb - MB / BYTES_PER_ARGUMENT) > MB / BYTES_PER_ARGUMENT / 10) {
    throw new Error(`A spread argument costs ${MB / argumentsPerMb} bytes of stack here, not about 8.`);
  }
  return small + (TARGET_ARGUMENTS - atSmall) / argumentsPerMb;
}

export interface TaskResult<T> {
  result: T;
  /** The most arguments one call took in the worker, measured after the task's code loaded. */
  spreadCeiling: number;
}

type Reply =
  { id: number; ok: true; result: unknown; ceiling: number } | { id: number; ok: false; error: string };

/** A worker running tasks of test/scale/tasks.ts with JavaScriptCore's argument ceiling. */
export class JscSizedWorker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(r: Reply): void; reject(e: unknown): void }>();

  async start(): Promise<void> {
    const stackSizeMb = await calibratedStackMb();
    const worker = new Worker(
      `${CEILING_SOURCE}
      const { parentPort, workerData } = require("node:worker_threads");
      require(workerData.register);
      const { runTask } = require(workerData.tasks);
      parentPort.on("message", async ({ id, task, rows }) => {
        try {
          const result = await runTask(task, rows);
          parentPort.postMessage({ id, ok: true, result, ceiling: spreadCeiling() });
        } catch (error) {
          parentPort.postMessage({ id, ok: false, error: String((error && error.stack) || error) });
        }
      });`,
      { eval: true, workerData: { register: REGISTER, tasks: TASKS }, resourceLimits: { stackSizeMb } },
    );
    worker.on("message", (reply: Reply) => {
      this.waiting.get(reply.id)?.resolve(reply);
      this.waiting.delete(reply.id);
    });
    worker.on("error", (error) => {
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    });
    this.worker = worker;
  }

  /** Runs a task of tasks.ts on `rows` rows; rejects with the worker's error (its stack included). */
  async run<T>(task: string, rows: number): Promise<TaskResult<T>> {
    const worker = this.worker;
    if (worker === null) throw new Error("The worker was not started.");
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, task, rows });
    });
    if (!reply.ok) throw new Error(`The task "${task}" threw in the worker: ${reply.error}`);
    return { result: reply.result as T, spreadCeiling: reply.ceiling };
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}
