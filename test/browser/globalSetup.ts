import { BUILT_ADDIN_ENV, buildAddin } from "./build";

export default async function globalSetup(): Promise<void> {
  process.env[BUILT_ADDIN_ENV] = await buildAddin();
}
