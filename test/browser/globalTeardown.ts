import { rmSync } from "fs";
import { BUILT_ADDIN_ENV } from "./build";

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[BUILT_ADDIN_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
