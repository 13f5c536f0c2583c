// Builds the add-in's pages:
//  - taskpane.html: the ONE shared-runtime page (task pane, custom functions and ribbon commands),
//    loading office.js from the CDN and the chunks functions, commands, taskpane (deferred, listed
//    before office.js so they download beside it, run after it);
//  - signin.html: the sign-in dialog, its own entry so the auth library never loads in the pane;
//  - workbench.html (development and tests only): the add-in beside an emulated workbook.
// Beside them: both manifests (deploy/manifests.cjs, from deploy/manifest-source.cjs), the
// organisation's config.json, and in a production build the security headers for common static
// hosts (deploy/headers.cjs) and the third-party licence notices (deploy/notices.cjs). Production
// source maps go to <output>-maps/ (dist-maps/ for dist/), never into the folder that is served.
// Production: `ADDIN_BASE_URL=https://addin.example.com/boq npm run build` writes the manifests for
// that address.
const fs = require("fs");
const os = require("os");
const path = require("path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { generateManifests, productionManifests } = require("./deploy/manifests.cjs");
const {
  PAGES,
  contentSecurityPolicy,
  hostConfigurationFiles,
  securityHeaders,
} = require("./deploy/headers.cjs");
const { NoticesPlugin } = require("./deploy/notices.cjs");
const { DEFAULT_ORGANISATION_CONFIG, ORGANISATION_CONFIG_FILE } = require("./deploy/organisation.cjs");

const DEV_SERVER_PORT = 3000;
const DEV_CERTS_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
const FUNCTIONS_SOURCE = path.resolve(__dirname, "src/functions/functions.ts");
const JITLESS_ZOD = "./src/api/jitless.ts";
const SHARED_RUNTIME_CHUNKS = ["functions", "commands", "taskpane"];
const WORKBENCH_CHUNKS = ["workbench", ...SHARED_RUNTIME_CHUNKS];

/** Where a production build writes its source maps: beside the output folder, never inside it. */
function sourceMapDir(outputPath) {
  return `${outputPath.replace(/[\\/]+$/, "")}-maps`;
}

/**
 * Adds files to the build's output: the manifests, config.json, the host configuration files. A
 * plugin rather than copied files because their content depends on the build (address, mode).
 */
class GeneratedFilesPlugin {
  constructor(files) {
    this.files = files;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap("GeneratedFilesPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "GeneratedFilesPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [file, content] of Object.entries(this.files)) {
            compilation.emitAsset(file, new RawSource(content));
          }
        },
      );
    });
  }
}

/** Empties the source map folder before a production build writes into it (output.clean stops at dist/). */
class CleanSourceMapsPlugin {
  constructor(dir) {
    this.dir = dir;
  }

  apply(compiler) {
    compiler.hooks.emit.tap("CleanSourceMapsPlugin", () => {
      fs.rmSync(this.dir, { recursive: true, force: true });
    });
  }
}

/**
 * The scheme `npm run emulator` serves on this machine: HTTPS exactly when the dev certificates
 * exist (the emulator's own rule, emulator/README.md). A development build bakes it in as the
 * default of the "Local emulator" preset, so signing in after `npm start` works without a visit
 * to the settings screen; a production build defaults to HTTPS.
 */
function emulatorScheme(production) {
  if (production) return "https";
  const hasCerts = ["localhost.crt", "localhost.key"].every((f) =>
    fs.existsSync(path.join(DEV_CERTS_DIR, f)),
  );
  return hasCerts ? "https" : "http";
}

/** office-addin-dev-certs' certificate when it has been installed, else webpack-dev-server's own. */
function devServerHttps() {
  const cert = path.join(DEV_CERTS_DIR, "localhost.crt");
  const key = path.join(DEV_CERTS_DIR, "localhost.key");
  const ca = path.join(DEV_CERTS_DIR, "ca.crt");
  if (fs.existsSync(cert) && fs.existsSync(key)) {
    return {
      type: "https",
      options: {
        cert: fs.readFileSync(cert),
        key: fs.readFileSync(key),
        ...(fs.existsSync(ca) ? { ca: fs.readFileSync(ca) } : {}),
      },
    };
  }
  return "https";
}

module.exports = (env, argv) => {
  const production = argv.mode === "production";
  const outputPath = (env && env.outputPath) || path.resolve(__dirname, "dist");
  const mapsPath = sourceMapDir(outputPath);
  const manifests = production ? productionManifests(process.env) : generateManifests();
  // The policy the pages carry in a <meta> tag; a host sends the same as headers.
  const csp = contentSecurityPolicy({ development: !production });

  if (production && !process.env.ADDIN_BASE_URL) {
    console.warn(
      "ADDIN_BASE_URL is not set: dist/manifest.xml and dist/manifest.json keep https://localhost:3000/. " +
        "Set it to the HTTPS address where dist/ is hosted for deployable manifests.",
    );
  }

  // The entries that load zod start with src/api/jitless.ts: zod must not probe for eval, which
  // the pages' policy forbids. The functions entry loads no zod before it registers the functions.
  const entry = {
    functions: FUNCTIONS_SOURCE,
    commands: [JITLESS_ZOD, "./src/commands/commands.ts"],
    taskpane: [JITLESS_ZOD, "./src/taskpane/index.tsx"],
    signin: [JITLESS_ZOD, "./src/dialog/signin.ts"],
  };
  // `--env excelTests` (npm run test:excel): the journeys of test/excel run in the page after the
  // add-in's own chunks and report to a test server. Never in a production build.
  const excelTests = Boolean(env && env.excelTests) && !production;
  if (excelTests) entry["excel-tests"] = "./test/excel/in-addin.ts";
  const paneChunks = excelTests ? [...SHARED_RUNTIME_CHUNKS, "excel-tests"] : SHARED_RUNTIME_CHUNKS;
  const pages = [
    new HtmlWebpackPlugin({
      filename: "taskpane.html",
      template: "./src/taskpane/taskpane.html",
      chunks: paneChunks,
      chunksSortMode: "manual",
      // The template places the scripts itself, ahead of office.js (taskpane.html says why).
      inject: false,
      csp,
    }),
    new HtmlWebpackPlugin({
      filename: "signin.html",
      template: "./src/dialog/signin.html",
      chunks: ["signin"],
      csp,
    }),
  ];
  // The workbench and the Office emulation are development tools: they never enter a
  // production build, so the shipped bundle cannot fall back to emulated Office.
  if (!production) {
    entry.workbench = "./dev/workbench/index.ts";
    pages.push(
      new HtmlWebpackPlugin({
        filename: "workbench.html",
        template: "./dev/workbench/workbench.html",
        chunks: excelTests ? [...WORKBENCH_CHUNKS, "excel-tests"] : WORKBENCH_CHUNKS,
        chunksSortMode: "manual",
      }),
    );
  }

  return {
    context: __dirname,
    mode: production ? "production" : "development",
    // Production: full maps without the sourceMappingURL comment, written to mapsPath. Development:
    // a style without eval, so the pages run under the same script policy as in production.
    devtool: production ? "hidden-source-map" : "cheap-module-source-map",
    entry,
    output: {
      path: outputPath,
      // manifest.xml names functions.js as the custom-functions Script, so it keeps a plain name.
      // Every other production script carries a content hash: Office caches add-in files hard,
      // and a redeploy must not run a new page against an old cached script.
      filename: (pathData) =>
        production && pathData.chunk?.name !== "functions" ? "[name].[contenthash:8].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:8].js" : "[name].js",
      ...(production
        ? { sourceMapFilename: `${path.relative(outputPath, mapsPath).split(path.sep).join("/")}/[file].map` }
        : {}),
      clean: true,
    },
    resolve: {
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: "ts-loader",
            // Type checking is its own step (npm run typecheck); here only bundled files compile.
            options: { onlyCompileBundledFiles: true, transpileOnly: true },
          },
        },
      ],
    },
    optimization: {
      // One webpack runtime for every chunk on the page: a module imported by both the custom
      // functions and the task pane (the session, for instance) is instantiated once and shared.
      runtimeChunk: "single",
      // Code imported by several pages' chunks (preact, zod, the api client) is emitted once and
      // listed by html-webpack-plugin before the chunks that need it.
      splitChunks: {
        chunks: "all",
        cacheGroups: {
          // The pane page loads the functions, commands and taskpane entries together: a module two
          // of them import (the api's errors, the Refresh command) goes into one shared chunk
          // however small, instead of a copy in each entry (webpack's default minimum is 20 KB).
          sharedRuntime: {
            chunks: (chunk) => SHARED_RUNTIME_CHUNKS.includes(chunk.name),
            minChunks: 2,
            minSize: 0,
            priority: -5,
            reuseExistingChunk: true,
          },
        },
      },
    },
    plugins: [
      new webpack.DefinePlugin({
        __BOQ_EMULATOR_SCHEME__: JSON.stringify(emulatorScheme(production)),
        // A production build starts with no server configured; a development build with the emulator.
        __BOQ_DEVELOPMENT__: JSON.stringify(!production),
      }),
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: FUNCTIONS_SOURCE }),
      ...pages,
      new CopyWebpackPlugin({ patterns: [{ from: "assets/*.png", to: "assets/[name][ext]" }] }),
      new GeneratedFilesPlugin({
        ...manifests,
        [ORGANISATION_CONFIG_FILE]: DEFAULT_ORGANISATION_CONFIG,
        ...(production ? hostConfigurationFiles() : {}),
      }),
      ...(production ? [new CleanSourceMapsPlugin(mapsPath), new NoticesPlugin()] : []),
    ],
    performance: { hints: false },
    devServer: {
      // Only this computer: the dev server serves the add-in to the local Office and browser, not
      // to the network (webpack-dev-server would otherwise listen on every interface).
      host: "localhost",
      port: DEV_SERVER_PORT,
      server: devServerHttps(),
      // Office on the web loads the add-in's files (icons, functions.json) from another origin. A
      // plain object here: webpack-dev-server adds Cross-Origin-Resource-Policy: same-origin unless
      // it sees this wildcard as an object.
      headers: { "Access-Control-Allow-Origin": "*" },
      // The two pages get the development policy (http://localhost allowed) as headers, as a
      // production host sends them; the workbench, a development tool, gets none.
      setupMiddlewares: (middlewares) => [
        {
          name: "boq-bridge-security-headers",
          middleware: (request, response, next) => {
            if (PAGES.some((page) => request.path === `/${page}`)) {
              for (const [name, value] of Object.entries(securityHeaders({ development: true }))) {
                response.setHeader(name, value);
              }
            }
            next();
          },
        },
        ...middlewares,
      ],
      // Hot module replacement would re-run CustomFunctions.associate under a live runtime;
      // a full reload keeps the shared runtime consistent.
      hot: false,
      liveReload: true,
      // No full-page error overlay: the page opened outside Office explains itself in one sentence,
      // and errors stay in the browser console where a developer looks for them.
      client: { overlay: false },
      static: false,
    },
  };
};

// For the tests and the bench: where a production build's source maps go.
module.exports.sourceMapDir = sourceMapDir;
