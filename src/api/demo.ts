// The demo sign-in of the local test platform (the emulator's GET /demo/sign-in). Asked only when
// the sign-in server is on this computer, never of any other server, so a real platform is never
// sent this request; any failure or an unexpected answer simply means "no demo account".
import { z } from "zod";

const DEMO_PATH = "/demo/sign-in";
const DEMO_TIMEOUT_MS = 3_000;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const demoAccountSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  username: z.string().min(1),
  password: z.string().min(1),
});

export type DemoAccount = z.infer<typeof demoAccountSchema>;

function isLocal(authUrl: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(authUrl).hostname);
  } catch {
    return false;
  }
}

export async function fetchDemoAccount(
  authUrl: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<DemoAccount | null> {
  if (!isLocal(authUrl)) return null;
  try {
    const response = await fetchFn(`${authUrl.replace(/\/+$/, "")}${DEMO_PATH}`, {
      signal: AbortSignal.timeout(DEMO_TIMEOUT_MS),
      credentials: "omit",
    });
    if (!response.ok) return null;
    const parsed = demoAccountSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // not running, or not our emulator
  }
}
