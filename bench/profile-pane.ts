/**
 * Where the pane's longest own task spends its time: the bench's responsiveness run (bench/page/
 * probe.ts, "Use the selection and check" to the POST) under V8's sampling profiler, the samples
 * inside each of the longest own tasks summed by function (self time, then the stacks that led
 * there). A diagnostic for the pane figure, not a figure: nothing is judged or written to the report.
 *
 *   node -r ./bench/register.cjs bench/profile-pane.ts [rows=100000] [tasks=3]
 *
 * The probe's bundle is built unminified, so the functions keep their names; the pipeline runs from
 * it as the Import screen drives it.
 */
import path from "path";
import { launchChromium, serveDirectory } from "../test/browser/harness";
import { openFilledPane, routeOfficeShim } from "./browser";
import { buildAll } from "./build";
import type { ProbeResult } from "./page/probe";
import { splitTasks } from "./paneTasks";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const rows = Number(process.argv[2] ?? 100_000);
const showTasks = Number(process.argv[3] ?? 3);

function frameName(node: ProfileNode): string {
  const f = node.callFrame;
  const file = f.url ? path.basename(f.url) : "";
  return `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
}

async function main(): Promise<void> {
  const builds = await buildAll();
  const server = await serveDirectory(builds.addinDir);
  const browser = await launchChromium({ routes: false });
  try {
    await routeOfficeShim(browser.context, builds);
    const page = await openFilledPane(browser.context, server, builds, rows);

    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    // The profile's clock (µs) against the page's performance.now() (ms): a function of a known
    // name spins for 5 ms from a time the page notes; its first sample ties the two clocks.
    const markerAt: number = await page.evaluate(() => {
      const started = performance.now();
      const benchClockMarker = (): void => {
        while (performance.now() - started < 5) {
          // spin
        }
      };
      benchClockMarker();
      return started;
    });
    const result: ProbeResult = await page.evaluate(() => window.__benchProbe.checkAndImport());
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const { longTasks, emulationWork } = await page.evaluate(() => ({
      longTasks: window.__bench.longTasks,
      emulationWork: window.__bench.emulationWork,
    }));
    const during = (t: { start: number; duration: number }) =>
      t.start + t.duration > result.startedAt && t.start < result.postedAt;
    const splits = splitTasks(longTasks.filter(during), emulationWork.filter(during)).sort(
      (a, b) => b.ownMs - a.ownMs,
    );

    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    // Sample times (µs from the profile's start), then on the page's clock by the marker.
    const micros: number[] = [];
    let t = 0;
    for (const d of profile.timeDeltas) {
      t += d;
      micros.push(t);
    }
    const markerIndex = profile.samples.findIndex(
      (id) => nodes.get(id)?.callFrame.functionName === "benchClockMarker",
    );
    if (markerIndex < 0) throw new Error("The profile holds no sample of the clock marker.");
    const offset = markerAt - (micros[markerIndex] ?? 0) / 1000;
    const times = micros.map((us) => offset + us / 1000);
    const stages = (at: number) =>
      at < result.checkedAt ? "read and check" : at < result.previewedAt ? "preview" : "import to the POST";
    console.log(
      `${rows} rows: check ${Math.round(result.checkedAt - result.startedAt)} ms, preview ${Math.round(result.previewedAt - result.checkedAt)} ms, to the POST ${Math.round(result.postedAt - result.previewedAt)} ms`,
    );
    for (const task of splits.slice(0, showTasks)) {
      const self = new Map<string, number>();
      const stacks = new Map<string, number>();
      let samples = 0;
      profile.samples.forEach((id, i) => {
        const at = times[i] ?? 0;
        if (at < task.start || at > task.start + task.duration) return;
        const node = nodes.get(id);
        if (!node) return;
        samples += 1;
        const name = frameName(node);
        self.set(name, (self.get(name) ?? 0) + 1);
        const chain: string[] = [];
        for (let p: number | undefined = id; p !== undefined && chain.length < 6; p = parent.get(p)) {
          const pn = nodes.get(p);
          if (pn && pn.callFrame.url) chain.push(frameName(pn));
        }
        const key = chain.join(" ← ");
        stacks.set(key, (stacks.get(key) ?? 0) + 1);
      });
      const share = (n: number) => `${Math.round((n / Math.max(samples, 1)) * task.duration)} ms`;
      console.log(
        `\ntask at ${Math.round(task.start)} (${stages(task.start)}): ${Math.round(task.duration)} ms, own ${Math.round(task.ownMs)} ms, ${samples} samples`,
      );
      for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12))
        console.log(`  ${share(n)}  ${name}`);
      console.log("  stacks:");
      for (const [key, n] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8))
        console.log(`  ${share(n)}  ${key}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
