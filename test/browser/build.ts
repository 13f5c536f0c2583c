// Builds the add-in in development mode (so dist includes workbench.html) with webpack's Node
// API. Jest's globalSetup builds once per run and passes the folder on through the environment.
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import webpack from "webpack";

export const BUILT_ADDIN_ENV = "BOQ_BRIDGE_BROWSER_TEST_DIST";
const REPO_ROOT = path.resolve(__dirname, "../..");

type ConfigFactory = (env: { outputPath: string }, argv: { mode: string }) => webpack.Configuration;

export async function buildAddin(): Promise<string> {
  const outputPath = mkdtempSync(path.join(tmpdir(), "boq-bridge-browser-dist-"));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configFactory = require(path.join(REPO_ROOT, "webpack.config.js")) as ConfigFactory;
  const config = configFactory({ outputPath }, { mode: "development" });
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack({ ...config, infrastructureLogging: { level: "error" } }, (error, result) => {
      if (error) reject(error);
      else if (!result) reject(new Error("webpack returned no build result."));
      else resolve(result);
    });
  });
  if (stats.hasErrors()) {
    throw new Error(`The add-in build for the browser tests failed:\n${stats.toString("errors-only")}`);
  }
  return outputPath;
}
