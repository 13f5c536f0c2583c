// Jest runs three projects: unit (pure code, Office emulation), integration (real HTTP against the
// in-process platform emulator) and browser (playwright-core driving Debian's chromium).
// Jest 30 on Node 20 cannot load ESM-only packages, so those are transformed by swc as well.
const esmOnly = [
  "preact",
  "jose",
  "cookie",
  "strip-bom",
  "uuid",
  "node-fetch",
  "data-uri-to-buffer",
  "fetch-blob",
  "formdata-polyfill",
  "@microsoft/app-manifest",
  "p-limit",
  "yocto-queue",
];
const transform = {
  "^.+\\.(t|j)sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", tsx: true },
        transform: { react: { runtime: "automatic", importSource: "preact" } },
        target: "es2022",
      },
      module: { type: "commonjs" },
    },
  ],
  "^.+\\.mjs$": ["@swc/jest", { module: { type: "commonjs" } }],
};
const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join("|")})/)`],
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  testEnvironment: "node",
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["<rootDir>/test/**/*.test.ts?(x)"],
      // Every language's messages from the start (test/setup/languages.ts says why).
      setupFiles: ["<rootDir>/test/setup/languages.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/integration/", "<rootDir>/test/browser/"],
    },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/test/integration/**/*.test.ts"],
      setupFiles: ["<rootDir>/test/setup/languages.ts"],
      // A bound, not a wait: their tests wait for states, and a busy CI machine must never be too
      // slow for Jest's 5 s default (the slowest takes about a second on a quiet one).
      testTimeout: 60_000,
    },
    {
      ...common,
      displayName: "browser",
      testMatch: ["<rootDir>/test/browser/**/*.test.ts"],
      // One development build of the add-in per run, shared by every browser test.
      globalSetup: "<rootDir>/test/browser/globalSetup.ts",
      globalTeardown: "<rootDir>/test/browser/globalTeardown.ts",
    },
  ],
};
