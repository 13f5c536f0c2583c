// Jest test-path filter for the mutation run (stryker.config.mjs): while Stryker tests a mutant,
// keep only the test files whose tests executed that mutant in Stryker's initial run (recorded by
// jest-setup.cjs). Stryker's own test filter (by test name) then picks the tests inside them.
// With no mutant active, or a mutant the record does not know, every test file is kept.
const fs = require("node:fs");
const path = require("node:path");

const ACTIVE_MUTANT = "__STRYKER_ACTIVE_MUTANT__";
let byMutant;

module.exports = (testPaths) => {
  const mutantId = process.env[ACTIVE_MUTANT];
  if (mutantId === undefined) return { filtered: testPaths };
  if (byMutant === undefined) {
    const file = path.join(process.cwd(), ".stryker-test-files.json");
    if (!fs.existsSync(file)) return { filtered: testPaths };
    byMutant = JSON.parse(fs.readFileSync(file, "utf8"));
  }
  const files = byMutant[mutantId];
  if (files === undefined) return { filtered: testPaths };
  const keep = new Set(files);
  return { filtered: testPaths.filter((testPath) => keep.has(testPath)) };
};
