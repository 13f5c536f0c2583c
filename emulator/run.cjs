// Runs the emulator's TypeScript sources on Node 20 without a build step: .ts files are compiled
// on require by @swc/core (already a dev dependency, the same compiler Jest uses). ESM-only
// packages (jose) load through Node's require(esm).
"use strict";
const fs = require("node:fs");
const Module = require("node:module");
const swc = require("@swc/core");

const SWC_OPTIONS = {
  jsc: { parser: { syntax: "typescript" }, target: "es2022" },
  module: { type: "commonjs" },
  sourceMaps: "inline",
};

Module._extensions[".ts"] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, "utf8");
  const { code } = swc.transformSync(source, { ...SWC_OPTIONS, filename });
  module._compile(code, filename);
};

// require(esm) prints an experimental warning on Node 20; it is expected here.
process.removeAllListeners("warning");
process.on("warning", (w) => {
  if (w.name !== "ExperimentalWarning") console.warn(w);
});

require("./src/cli.ts");
