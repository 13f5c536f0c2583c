// StrykerJS mutation testing of the code whose behaviour the unit tests pin down: the pure
// catalog engine, the platform clients and the session. Not part of `npm test` or CI: a full run
// takes tens of minutes. `npm run mutate` runs all three folders; one folder at a time:
// `npm run mutate -- --mutate "src/catalog/**/*.ts"`. The HTML report goes to reports/mutation/.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const jestConfig = require("./jest.config.js");
const unit = jestConfig.projects.find((project) => project.displayName === "unit");
const unitConfig = { ...unit };
delete unitConfig.displayName;

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  packageManager: "npm",
  testRunner: "jest",
  jest: {
    projectType: "custom",
    // The unit tests of the three folders (not the integration or browser projects).
    config: {
      ...unitConfig,
      rootDir: ".",
      testMatch: ["<rootDir>/test/{catalog,api,session}/**/*.test.ts"],
      // 100,000 generated rows through the whole engine: a scale check that covers every mutant
      // and would run for each (instrumented code is many times slower); smaller tests pin the
      // behaviour.
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/catalog/large.test.ts"],
    },
    enableFindRelatedTests: false,
  },
  checkers: ["typescript"],
  // Only src/ is type-checked per mutant: a mutant that does not compile is not a test gap.
  tsconfigFile: "tsconfig.stryker.json",
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: ["src/catalog/**/*.ts", "src/api/**/*.ts", "src/session/**/*.ts"],
  ignorePatterns: ["dist", "dist-test", "test-output", "coverage", "reports", ".emulator-data", ".pids"],
  coverageAnalysis: "perTest",
  // Static mutants (module-level values evaluated once at import: zod schemas, message tables,
  // constants) need the whole test suite re-run in a fresh process per mutant, hours on this
  // machine; Stryker reports them as ignored and leaves them out of the score.
  ignoreStatic: true,
  // Two cores shared with other work: two test processes, generous time limits.
  concurrency: 2,
  timeoutMS: 15000,
  timeoutFactor: 2,
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};
