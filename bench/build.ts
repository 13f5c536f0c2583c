/**
 * The builds the bench measures, made once per run with webpack's Node API in one multi-compiler
 * call: the add-in's production build (exactly `npm run build`, into a temporary folder, with its
 * stats for the bundle figures) and the bench's own page scripts (bench/page: the Office
 * emulation standing in for office.js, and the probe), which never enter the add-in's build.
 */
import { mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import webpack from "webpack";

const REPO_ROOT = path.resolve(__dirname, "..");

type ConfigFactory = ((env: { outputPath: string }, argv: { mode: string }) => webpack.Configuration) & {
  sourceMapDir(outputPath: string): string;
};

export interface Builds {
  /** The production build of the add-in (dist/ as `npm run build` makes it). */
  addinDir: string;
  /** Its source maps, which a production build writes beside the output folder (dist-maps/). */
  mapsDir: string;
  addinStats: webpack.StatsCompilation;
  /** office-shim.js and probe.js. */
  pagesDir: string;
  buildMs: number;
}

export const BLANK_PAGE = "bench-blank.html";

function pagesConfig(outputPath: string): webpack.Configuration {
  return {
    context: REPO_ROOT,
    mode: "production",
    devtool: false,
    target: "web",
    entry: {
      "office-shim": "./bench/page/office-shim.ts",
      probe: "./bench/page/probe.ts",
    },
    // One file each, import() included (src/i18n loads a language with it): a chunk-loading runtime
    // in the probe would share the add-in's global chunk array on the page and run its chunks.
    output: { path: outputPath, filename: "[name].js", clean: true, asyncChunks: false },
    resolve: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: "ts-loader", options: { onlyCompileBundledFiles: true, transpileOnly: true } },
        },
      ],
    },
    // Not measured for size: left unminified so the bench's own build stays quick.
    optimization: { splitChunks: false, runtimeChunk: false, minimize: false },
    performance: { hints: false },
  };
}

export async function buildAll(): Promise<Builds> {
  const addinDir = mkdtempSync(path.join(tmpdir(), "boq-bridge-bench-dist-"));
  const pagesDir = mkdtempSync(path.join(tmpdir(), "boq-bridge-bench-pages-"));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const factory = require(path.join(REPO_ROOT, "webpack.config.js")) as ConfigFactory;
  // Only dist/manifest.xml uses the base URL; setting one keeps the build's warning about it quiet.
  const savedBaseUrl = process.env.ADDIN_BASE_URL;
  process.env.ADDIN_BASE_URL = savedBaseUrl ?? "https://bench.invalid/boq-bridge/";
  const addin = factory({ outputPath: addinDir }, { mode: "production" });
  if (savedBaseUrl === undefined) delete process.env.ADDIN_BASE_URL;
  const started = performance.now();
  const multi = await new Promise<webpack.MultiStats>((resolve, reject) => {
    const compiler = webpack(
      [
        { ...addin, infrastructureLogging: { level: "error" } },
        { ...pagesConfig(pagesDir), infrastructureLogging: { level: "error" } },
      ],
      (error, result) => {
        // Closed before anything else: an open compiler (its caches, its workers) would keep the
        // bench's process alive after the report.
        const settle = (): void => {
          if (error) reject(error);
          else if (!result) reject(new Error("webpack returned no build result."));
          else resolve(result);
        };
        if (compiler) compiler.close(settle);
        else settle();
      },
    );
  });
  const buildMs = performance.now() - started;
  if (multi.hasErrors()) {
    throw new Error(`The bench's builds failed:\n${multi.toString("errors-only")}`);
  }
  const [addinStats] = multi.stats;
  if (!addinStats) throw new Error("webpack returned no stats for the add-in build.");
  writeFileSync(
    path.join(addinDir, BLANK_PAGE),
    "<!doctype html><html><head><title>blank</title></head><body></body></html>",
  );
  return {
    addinDir,
    mapsDir: factory.sourceMapDir(addinDir),
    addinStats: addinStats.toJson({ all: false, assets: true, entrypoints: true, chunkGroups: true }),
    pagesDir,
    buildMs,
  };
}
