/**
 * The platform emulator in a process of its own, for the import figure (bench/importRun.ts): its
 * work on the requests and the job then never runs on the thread whose time is measured as the
 * add-in's. Started with child_process.fork (an IPC channel); it sends the addresses and the demo
 * accounts once it listens, and stops when the channel closes.
 */
import { startEmulator } from "../emulator/src/index";

export interface EmulatorAddresses {
  authUrl: string;
  baseUrl: string;
  platformUrl: string;
  user: { username: string; password: string };
  passwordClient: { clientId: string; clientSecret: string };
  publicClientId: string;
}

async function main(): Promise<void> {
  const emu = await startEmulator({ https: false, dataDir: null, jobSpeed: "instant", log: () => undefined });
  const user = emu.demo.users[0];
  if (!user) throw new Error("The emulator has no demo user.");
  const addresses: EmulatorAddresses = {
    authUrl: emu.authUrl,
    baseUrl: emu.baseUrl,
    platformUrl: emu.platformUrl,
    user: { username: user.username, password: user.password },
    passwordClient: emu.demo.passwordClient,
    publicClientId: emu.demo.publicClient.clientId,
  };
  process.once("disconnect", () => {
    void emu.stop().finally(() => process.exit(0));
  });
  process.send?.(addresses);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
