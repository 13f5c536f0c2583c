// src/catalog alone, with its own sandbox and report files, so that it can run beside a run of
// stryker.config.mjs on another folder (README, Mutation testing):
// `npx stryker run stryker-catalog.config.mjs --concurrency 1`. STRYKER_PART=<name> gives a second
// run of some catalog files (`--mutate`) a sandbox and reports of its own too.
import base from "./stryker.config.mjs";

const part = process.env.STRYKER_PART ? `-${process.env.STRYKER_PART}` : "";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  ...base,
  // confusables.ts is data generated from Unicode's (scripts/confusables.js), checked against it by a test.
  mutate: ["src/catalog/**/*.ts", "!src/catalog/confusables.ts"],
  // Four api test files left out: see stryker/jest-catalog.config.cjs.
  jest: { ...base.jest, configFile: "stryker/jest-catalog.config.cjs" },
  tempDirName: `.stryker-tmp-catalog${part}`,
  htmlReporter: { fileName: `reports/mutation-catalog${part}/mutation.html` },
  jsonReporter: { fileName: `reports/mutation-catalog${part}/mutation.json` },
  incrementalFile: `reports/stryker-incremental-catalog${part}.json`,
  // One file per tested mutant as it is tested: a run stopped before its end still says what it
  // measured (the JSON report is written only at the end).
  reporters: [...base.reporters, "event-recorder"],
  eventReporter: { baseDir: `reports/mutation-catalog${part}/events` },
};
