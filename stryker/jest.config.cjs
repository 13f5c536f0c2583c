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
  // 100,000 generated rows through the whole engine: a scale check that covers every mutant and
  // would run for each (instrumented code is many times slower); smaller tests pin the behaviour.
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/catalog/large.test.ts"],
  // Per mutant, only the test files whose tests executed it (see jest-setup.cjs, jest-filter.cjs).
  setupFilesAfterEnv: ["<rootDir>/stryker/jest-setup.cjs"],
  filter: "<rootDir>/stryker/jest-filter.cjs",
};
