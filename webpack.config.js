// Builds the add-in's pages:
//  - taskpane.html: the ONE shared-runtime page (task pane, custom functions and ribbon commands),
//    loading office.js from the CDN, then the chunks functions, commands, taskpane;
//  - signin.html: the sign-in dialog, its own entry so the auth library never loads in the pane;
//  - workbench.html (development and tests only): the add-in beside an emulated workbook.
// Production: `ADDIN_BASE_URL=https://addin.example.com/boq npm run build` rewrites the
// development origin https://localhost:3000/ in manifest.xml to that base URL.
const fs = require("fs");
const os = require("os");
const path = require("path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");

const DEV_BASE_URL = "https://localhost:3000/";
const DEV_SERVER_PORT = 3000;
/** The emulator's authorization server origins listed in manifest.xml for development. */
const LOCAL_APP_DOMAINS = /\n\s*<AppDomain>https?:\/\/localhost:\d+<\/AppDomain>/g;
const DEV_CERTS_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
const FUNCTIONS_SOURCE = path.resolve(__dirname, "src/functions/functions.ts");
const SHARED_RUNTIME_CHUNKS = ["functions", "commands", "taskpane"];
const WORKBENCH_CHUNKS = ["workbench", ...SHARED_RUNTIME_CHUNKS];

/** Turns the build-time base URL into the prefix that replaces DEV_BASE_URL (always with a trailing /). */
function productionBaseUrl(raw) {
  if (!raw) return DEV_BASE_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `ADDIN_BASE_URL "${raw}" is not a URL; give the https address the add-in is served from.`,
    );
  }
  if (url.protocol !== "https:") {
    throw new Error(`ADDIN_BASE_URL "${raw}" must use https: Office only loads add-ins over HTTPS.`);
  }
  // The base is a prefix of every file URL: a query or fragment would swallow the file names, and
  // credentials would be published in the manifest (the message leaves the URL out for that reason).
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(
      "ADDIN_BASE_URL must be a plain https address (scheme, host, optional path) without a query, fragment or user name.",
    );
  }
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** Extra <AppDomain> entries (comma separated origins), e.g. the real authorization server. */
function appDomainsXml(raw) {
  if (!raw) return "";
  return raw
    .split(",")
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0)
    .map((origin) => {
      const url = new URL(origin);
      if (url.protocol !== "https:") throw new Error(`ADDIN_APP_DOMAINS entry "${origin}" must use https.`);
      return `\n    <AppDomain>${url.origin}</AppDomain>`;
    })
    .join("");
}

/**
 * The production manifest: every development URL moved to the base URL, and the local
 * emulator's AppDomains replaced by the given authorization server origins.
 */
function productionManifest(content, baseUrl, appDomains) {
  // A path may hold "&", which XML attributes need escaped.
  const xmlBaseUrl = baseUrl.replaceAll("&", "&amp;");
  return content
    .toString()
    .replaceAll(DEV_BASE_URL, xmlBaseUrl)
    .replace(LOCAL_APP_DOMAINS, "")
    .replace("</AppDomains>", `${appDomains}\n  </AppDomains>`)
    .replace(/\n\s*<AppDomains>\s*<\/AppDomains>/, ""); // the schema refuses an empty list
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
  const baseUrl = production ? productionBaseUrl(process.env.ADDIN_BASE_URL) : DEV_BASE_URL;
  const appDomains = appDomainsXml(process.env.ADDIN_APP_DOMAINS);
  const outputPath = (env && env.outputPath) || path.resolve(__dirname, "dist");

  if (production && baseUrl === DEV_BASE_URL) {
    console.warn(
      "ADDIN_BASE_URL is not set: dist/manifest.xml keeps https://localhost:3000/. " +
        "Set it to the HTTPS address where dist/ is hosted for a deployable manifest.",
    );
  }

  const entry = {
    functions: FUNCTIONS_SOURCE,
    commands: "./src/commands/commands.ts",
    taskpane: "./src/taskpane/index.tsx",
    signin: "./src/dialog/signin.ts",
  };
  const pages = [
    new HtmlWebpackPlugin({
      filename: "taskpane.html",
      template: "./src/taskpane/taskpane.html",
      chunks: SHARED_RUNTIME_CHUNKS,
      chunksSortMode: "manual",
    }),
    new HtmlWebpackPlugin({
      filename: "signin.html",
      template: "./src/dialog/signin.html",
      chunks: ["signin"],
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
        chunks: WORKBENCH_CHUNKS,
        chunksSortMode: "manual",
      }),
    );
  }

  return {
    context: __dirname,
    mode: production ? "production" : "development",
    devtool: production ? "source-map" : "eval-cheap-module-source-map",
    entry,
    output: {
      path: outputPath,
      // manifest.xml names functions.js as the custom-functions Script, so it keeps a plain name.
      // Every other production script carries a content hash: Office caches add-in files hard,
      // and a redeploy must not run a new page against an old cached script.
      filename: (pathData) =>
        production && pathData.chunk?.name !== "functions" ? "[name].[contenthash:8].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:8].js" : "[name].js",
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
      splitChunks: { chunks: "all" },
    },
    plugins: [
      new webpack.DefinePlugin({
        __BOQ_EMULATOR_SCHEME__: JSON.stringify(emulatorScheme(production)),
        // A production build starts with no server configured; a development build with the emulator.
        __BOQ_DEVELOPMENT__: JSON.stringify(!production),
      }),
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: FUNCTIONS_SOURCE }),
      ...pages,
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => (production ? productionManifest(content, baseUrl, appDomains) : content),
          },
        ],
      }),
    ],
    performance: { hints: false },
    devServer: {
      // Only this computer: the dev server serves the add-in to the local Office and browser, not
      // to the network (webpack-dev-server would otherwise listen on every interface).
      host: "localhost",
      port: DEV_SERVER_PORT,
      server: devServerHttps(),
      // Office on the web loads the add-in's files from another origin.
      headers: { "Access-Control-Allow-Origin": "*" },
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

// For the build tests: the manifest rewrite and the base URL rules without running webpack.
module.exports.productionManifest = productionManifest;
module.exports.productionBaseUrl = productionBaseUrl;
module.exports.appDomainsXml = appDomainsXml;
