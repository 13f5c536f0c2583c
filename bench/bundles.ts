/**
 * Bundle figures from the production build: raw and gzip bytes of every script, of what each page
 * loads before it is usable (which files, from webpack's entrypoints and the built pages), and the
 * three largest modules of each bundle (minified bytes per source, from the build's source maps).
 *
 * - Shared runtime before the custom functions are registered: taskpane.html's scripts, in the
 *   page's (deferred, in-order) sequence, up to the last file of the `functions` entrypoint, since
 *   webpack runs the entry only when all its chunks are there and deferred scripts run in order.
 * - Task pane first screen: taskpane.html and every script it loads, office.js excluded.
 * - Task pane after the first screen: the scripts of the feature tabs' screens (the
 *   `feature-screens` chunk group, loaded with import() once the tab strip shows) that the first
 *   screen has not loaded already; with the first screen, the pane's whole download.
 * - Sign-in page: signin.html and its scripts, on their own.
 * gzip is zlib's default level (6), what most web servers use.
 *
 * The pages' figures, which have budgets, are measured PAGE_RUNS times (each file read and gzipped
 * again) from the one build the bench makes: bytes of a given build do not vary, and the report
 * says whether the runs agreed; building again for each run would take a minute each.
 */
import { existsSync, readFileSync, readdirSync } from "fs";
import path from "path";
import { gzipSync } from "zlib";
import { BUDGETS } from "./budgets";
import type { Builds } from "./build";
import { fromRuns, measured, type Figure } from "./report";

const SECTION = "Bundles";
const OFFICE_JS = /appsforoffice\.microsoft\.com/;
const TOP_MODULES = 3;
/** Times each page's bytes are measured (read and gzipped) from the build. */
const PAGE_RUNS = 3;
/** webpackChunkName of the feature tabs' screens (src/taskpane/features.tsx). */
export const FEATURE_SCREENS_CHUNK = "feature-screens";

interface Sizes {
  raw: number;
  gzip: number;
}

function sizesOf(file: string): Sizes {
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content).length };
}

function add(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip };
}

/** Script files a page loads, in document order, without office.js. */
export function pageScripts(html: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)["']?[^>]*>/g)) {
    const src = match[1];
    if (src !== undefined && !OFFICE_JS.test(src)) out.push(src);
  }
  return out;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * Characters of the minified file that each source module produced, from the build's source map
 * (what webpack stats cannot say: its module sizes are before minification and concatenation).
 */
export function bytesBySource(
  code: string,
  map: { sources: string[]; mappings: string },
): Map<string, number> {
  const out = new Map<string, number>();
  const lines = code.split("\n");
  let source = 0;
  map.mappings.split(";").forEach((line, index) => {
    const length = lines[index]?.length ?? 0;
    let column = 0;
    let previous: { column: number; source: number } | undefined;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (previous) {
        const name = map.sources[previous.source] ?? "?";
        out.set(name, (out.get(name) ?? 0) + column - previous.column);
      }
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        previous = { column, source };
      } else {
        previous = undefined;
      }
    }
    if (previous) {
      const name = map.sources[previous.source] ?? "?";
      out.set(name, (out.get(name) ?? 0) + length - previous.column);
    }
  });
  return out;
}

function largestModules(dir: string, mapsDir: string, file: string): string[] {
  const mapFile = path.join(mapsDir, `${file}.map`);
  if (!existsSync(mapFile)) return [];
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
  const bySource = bytesBySource(readFileSync(path.join(dir, file), "utf8"), map);
  return [...bySource.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_MODULES)
    .map(
      ([name, bytes]) => `${name.replace(/^webpack:\/\/[^/]*\//, "").replace(/^\.\//, "")} (${kb(bytes)})`,
    );
}

function pageFigure(
  builds: Builds,
  id: string,
  label: string,
  htmlFile: string,
  scripts: readonly string[],
  budget: number | undefined,
  note: string,
): Figure {
  const totals: Sizes[] = [];
  let total: Sizes = { raw: 0, gzip: 0 };
  let perFile: { file: string; gzip: number }[] = [];
  for (let run = 0; run < PAGE_RUNS; run += 1) {
    total = sizesOf(path.join(builds.addinDir, htmlFile));
    perFile = [];
    for (const script of scripts) {
      const sizes = sizesOf(path.join(builds.addinDir, script));
      total = add(total, sizes);
      perFile.push({ file: script, gzip: sizes.gzip });
    }
    totals.push(total);
  }
  const agree = totals.every((t) => t.raw === total.raw && t.gzip === total.gzip);
  const largest = [...perFile]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, TOP_MODULES)
    .map((f) => `${f.file} ${kb(f.gzip)}`);
  return measured({
    id,
    section: SECTION,
    label,
    ...fromRuns(totals.map((t) => t.gzip)),
    unit: "bytes",
    ...(budget !== undefined ? { budget: { max: budget, unit: "bytes" as const } } : {}),
    note: `${note} Largest (gzip): ${largest.join(", ")}; see each script's largest modules above. Measured ${PAGE_RUNS} times from the one build of this run (bytes of a build do not vary): ${agree ? "the runs agreed" : "THE RUNS DIFFERED"}.`,
    details: {
      rawBytes: total.raw,
      gzipBytes: total.gzip,
      files: [htmlFile, ...scripts],
      gzipByFile: perFile.map((f) => `${f.file} ${f.gzip}`),
    },
  });
}

export function bundleFigures(builds: Builds): Figure[] {
  const figures: Figure[] = [];
  const stats = builds.addinStats;
  const scripts = readdirSync(builds.addinDir)
    .filter((f) => f.endsWith(".js"))
    .sort();
  for (const file of scripts) {
    const sizes = sizesOf(path.join(builds.addinDir, file));
    const top = largestModules(builds.addinDir, builds.mapsDir, file);
    figures.push(
      measured({
        id: `bundle.script.${file.replace(/\.[0-9a-f]{8}\.js$/, "").replace(/\.js$/, "")}`,
        section: SECTION,
        label: `${file} (gzip)`,
        value: sizes.gzip,
        unit: "bytes",
        note: `${kb(sizes.raw)} raw; largest modules (minified characters, from the source map): ${top.join(", ")}`,
        details: { rawBytes: sizes.raw, gzipBytes: sizes.gzip, largestModules: top },
      }),
    );
  }

  const paneHtml = readFileSync(path.join(builds.addinDir, "taskpane.html"), "utf8");
  const paneScripts = pageScripts(paneHtml);
  const functionsFiles = (stats.entrypoints?.functions?.assets ?? []).map((a) => a.name);
  const lastFunctionsIndex = Math.max(...functionsFiles.map((f) => paneScripts.indexOf(f)));
  if (functionsFiles.length === 0 || lastFunctionsIndex < 0) {
    throw new Error("The production build has no functions entrypoint in taskpane.html.");
  }
  const beforeFunctions = paneScripts.slice(0, lastFunctionsIndex + 1);
  figures.push(
    pageFigure(
      builds,
      "bundle.page.functions",
      "shared runtime until functions registered (gzip)",
      "taskpane.html",
      beforeFunctions,
      BUDGETS.sharedRuntimeBeforeFunctionsGzipBytes,
      `taskpane.html + ${beforeFunctions.join(", ")} (the functions entrypoint: ${functionsFiles.join(", ")}); office.js excluded.`,
    ),
    pageFigure(
      builds,
      "bundle.page.taskpane",
      "task pane first screen (gzip, office.js excluded)",
      "taskpane.html",
      paneScripts,
      BUDGETS.taskpaneFirstScreenGzipBytes,
      `taskpane.html + ${paneScripts.join(", ")}.`,
    ),
  );
  const deferredFiles = (stats.namedChunkGroups?.[FEATURE_SCREENS_CHUNK]?.assets ?? [])
    .map((a) => a.name)
    .filter((file) => file.endsWith(".js") && !paneScripts.includes(file));
  if (deferredFiles.length === 0) {
    throw new Error(
      `The production build has no "${FEATURE_SCREENS_CHUNK}" chunk loaded after the first screen.`,
    );
  }
  const firstScreen = figures.find((f) => f.id === "bundle.page.taskpane");
  let deferredGzip = 0;
  let deferredRaw = 0;
  for (const file of deferredFiles) {
    const sizes = sizesOf(path.join(builds.addinDir, file));
    deferredGzip += sizes.gzip;
    deferredRaw += sizes.raw;
  }
  const firstGzip = firstScreen && "value" in firstScreen ? firstScreen.value : 0;
  figures.push(
    measured({
      id: "bundle.page.taskpaneDeferred",
      section: SECTION,
      label: "task pane after the first screen: feature tabs (gzip)",
      value: deferredGzip,
      unit: "bytes",
      note:
        `${deferredFiles.join(", ")}: the Import, History and BOQ screens with what only they use (import ` +
        `pipeline, catalog engine, workbook read/write, virtual list, the import and problems messages), ` +
        `loaded with import() once the tab strip shows, behind a labelled spinner. Whole pane: ` +
        `${kb(firstGzip + deferredGzip)} gzip. No budget: it does not delay the first screen, and the ` +
        `first-screen budget keeps it from moving back.`,
      details: {
        rawBytes: deferredRaw,
        gzipBytes: deferredGzip,
        files: deferredFiles,
        wholePaneGzipBytes: firstGzip + deferredGzip,
      },
    }),
  );
  const signinHtml = readFileSync(path.join(builds.addinDir, "signin.html"), "utf8");
  const signinScripts = pageScripts(signinHtml);
  figures.push(
    pageFigure(
      builds,
      "bundle.page.signin",
      "sign-in dialog page on its own (gzip)",
      "signin.html",
      signinScripts,
      undefined,
      `signin.html + ${signinScripts.join(", ")}; no budget: it loads only when the user signs in interactively.`,
    ),
  );
  return figures;
}
