// StrykerJS mutation testing of the code whose behaviour the unit tests pin down: the pure
// catalog engine, the platform clients and the session. Not part of `npm test` or CI: a full run
// takes hours on a busy 2-core machine (README, Mutation testing). `npm run mutate` runs all three folders; one folder at a time:
// `npm run mutate -- --mutate "src/catalog/**/*.ts"`. The HTML report goes to reports/mutation/.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  packageManager: "npm",
  testRunner: "jest",
  jest: {
    projectType: "custom",
    // The unit tests of the three folders only (not the integration or browser projects).
    configFile: "stryker/jest.config.cjs",
    // stryker/jest-filter.cjs picks each mutant's test files from the recorded coverage; jest's
    // own search for related tests would only add work.
    enableFindRelatedTests: false,
  },
  // No TypeScript checker per mutant: on this 2-core machine it doubled the wall time (src/api's
  // odata, jobState and errors: 10 min 39 s with it, 5 min 7 s without). Without it a mutant that
  // would not compile is run anyway and counts as killed or survived by what the tests do, which
  // the README states next to the scores. To check types per mutant: `--checkers typescript`
  // (tsconfig.stryker.json: only src/ is type-checked).
  checkers: [],
  tsconfigFile: "tsconfig.stryker.json",
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  // confusables.ts is data generated from Unicode's (scripts/confusables.js), checked against it by a test.
  mutate: ["src/catalog/**/*.ts", "!src/catalog/confusables.ts", "src/api/**/*.ts", "src/session/**/*.ts"],
  // ".stryker-tmp*": another run's sandbox (stryker-catalog.config.mjs) is not copied into this one.
  ignorePatterns: [
    "dist",
    "dist-test",
    "test-output",
    "coverage",
    "reports",
    ".emulator-data",
    ".pids",
    ".stryker-tmp*",
  ],
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
