// Set up every test file that runs under Stryker (stryker.config.mjs adds this file to the jest
// config of the mutation run only; `npm test` never loads it).
//
// 1. During Stryker's initial run (no mutant active, per-test coverage on) note, for each mutant,
//    the test files whose tests executed it, in .stryker-test-files.json in the sandbox.
//    jest-filter.cjs then gives jest only those files when that mutant is tested. Stryker already
//    runs only the covering tests (by name), but jest would still load and set up every other
//    test file of the three folders for each mutant; that, not the tests, took most of the time.
// 2. fast-check stops at the first failing case instead of shrinking it: under Stryker only
//    "does a test fail" counts, the smallest counterexample does not, and shrinking a generated
//    sheet costs seconds per killed mutant.
/* global expect, afterEach, afterAll */
const fs = require("node:fs");
const path = require("node:path");

const ACTIVE_MUTANT = "__STRYKER_ACTIVE_MUTANT__";
const testPath = expect.getState().testPath;

if (testPath !== undefined && fs.readFileSync(testPath, "utf8").includes("fast-check")) {
  require("fast-check").configureGlobal({ endOnFailure: true });
}

const context = globalThis.__stryker__;
if (process.env[ACTIVE_MUTANT] === undefined && context !== undefined && testPath !== undefined) {
  const covered = new Set();
  afterEach(() => {
    const testId = context.currentTestId;
    const hits = testId === undefined ? undefined : context.mutantCoverage?.perTest?.[testId];
    for (const mutantId of Object.keys(hits ?? {})) covered.add(mutantId);
  });
  afterAll(() => {
    // STRYKER_STATIC_FILES=1 (a run with --ignoreStatic false): a mutant hit while this file loaded
    // (a value built at import) also keeps this file, so that a static mutant runs the test files
    // that load it instead of only those that happened to load it again inside a test.
    if (process.env.STRYKER_STATIC_FILES === "1") {
      for (const mutantId of Object.keys(context.mutantCoverage?.static ?? {})) covered.add(mutantId);
    }
    const file = path.join(process.cwd(), ".stryker-test-files.json");
    const byMutant = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
    for (const mutantId of covered) {
      const files = byMutant[mutantId] ?? [];
      if (!files.includes(testPath)) files.push(testPath);
      byMutant[mutantId] = files;
    }
    fs.writeFileSync(file, JSON.stringify(byMutant));
  });
}
