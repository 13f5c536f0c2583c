// Lets Node run the bench's TypeScript directly (`node -r ./bench/register.cjs bench/run.ts`):
// every .ts/.tsx file is compiled by @swc/core to CommonJS, as Jest's transform does. Types are
// checked by `npm run typecheck`, which covers bench/ like the rest. ESM-only packages
// (preact) load through Node 20's require(esm).
const fs = require("fs");
const swc = require("@swc/core");

const OPTIONS = {
  jsc: {
    parser: { syntax: "typescript", tsx: true },
    transform: { react: { runtime: "automatic", importSource: "preact" } },
    target: "es2022",
  },
  module: { type: "commonjs" },
  sourceMaps: "inline",
};

function compile(module, filename) {
  const source = fs.readFileSync(filename, "utf8");
  const { code } = swc.transformSync(source, { ...OPTIONS, filename });
  module._compile(code, filename);
}

require.extensions[".ts"] = compile;
require.extensions[".tsx"] = compile;
