// src/catalog alone, with its own sandbox and report files, so that it can run beside a run of
// stryker.config.mjs on another folder (README, Mutation testing):
// `npx stryker run stryker-catalog.config.mjs --concurrency 1`.
import base from "./stryker.config.mjs";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  ...base,
  mutate: ["src/catalog/**/*.ts"],
  tempDirName: ".stryker-tmp-catalog",
  htmlReporter: { fileName: "reports/mutation-catalog/mutation.html" },
  jsonReporter: { fileName: "reports/mutation-catalog/mutation.json" },
  incrementalFile: "reports/stryker-incremental-catalog.json",
  // One file per tested mutant as it is tested: a run stopped before its end still says what it
  // measured (the JSON report is written only at the end).
  reporters: [...base.reporters, "event-recorder"],
  eventReporter: { baseDir: "reports/mutation-catalog/events" },
};
