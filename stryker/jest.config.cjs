// The jest configuration of the mutation run (stryker.config.mjs points jest.configFile here): the
// unit project of jest.config.js, limited to the tests of the three mutated folders. A file of its
// own, because Stryker merges its inline `jest.config` over jest.config.js, whose `projects` would
// then run the integration and browser projects too, for every mutant.
const path = require("node:path");

const unit = require("../jest.config.js").projects.find((project) => project.displayName === "unit");
const unitConfig = { ...unit };
delete unitConfig.displayName;

module.exports = {
  ...unitConfig,
  rootDir: path.join(__dirname, ".."),
  testMatch: ["<rootDir>/test/{catalog,api,session}/**/*.test.ts"],
  // Scale checks that would run for every mutant they cover (instrumented code is many times
  // slower): 100,000 generated rows through the whole catalog engine and 70,000 to 300,000 rows of
  // each problem kind in a worker thread (smaller tests pin the same behaviour), and 10,000 OData pages through the HTTP client (the page limit; mutants of that
  // limit in src/api/platform.ts are then not killed, and count as such).
  //
  // And one test that loads every module a second time inside a test (jest.isolateModules): the
  // module-level values (zod schemas, constant tables) it evaluates would count as covered by that
  // test, so Stryker would run their mutants instead of ignoring them as static, and no test can
  // kill a mutant of a value built once at import. `npm test` still runs all three files.
  testPathIgnorePatterns: [
    "/node_modules/",
    "<rootDir>/test/catalog/large.test.ts",
    "<rootDir>/test/catalog/scale.test.ts",
    "<rootDir>/test/api/paging-limit.test.ts",
    "<rootDir>/test/session/runtime-copies.test.ts",
  ],
  // Per mutant, only the test files whose tests executed it (see jest-setup.cjs, jest-filter.cjs).
  setupFilesAfterEnv: ["<rootDir>/stryker/jest-setup.cjs"],
  filter: "<rootDir>/stryker/jest-filter.cjs",
};
