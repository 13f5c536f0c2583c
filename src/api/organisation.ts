// The organisation's preset (config.json beside the add-in's pages, deploy/organisation.cjs): the
// platform's addresses an administrator gives once for everyone, read at start by the session.
// Its own small request: the file comes from the add-in's origin, never with credentials, and is
// revalidated so an edit on the host is seen at the next start despite Office's cache.
import { z } from "zod";

export const ORGANISATION_CONFIG_FILE = "config.json";
const CONFIG_TIMEOUT_MS = 5_000;

const platformSchema = z.object({
  authUrl: z.string().trim().min(1),
  valueUrl: z.string().trim().min(1),
  platformUrl: z.string().trim().min(1),
  /** The public client of the platform's own sign-in page, where the organisation uses it. */
  interactiveClientId: z.string().trim().min(1).optional(),
  /** Whether users may point the add-in at another platform in Settings (default: no). */
  usersMayChange: z.boolean().optional(),
});

const configSchema = z.object({ platform: platformSchema.nullable().optional() });

export interface OrganisationPreset {
  authUrl: string;
  valueUrl: string;
  platformUrl: string;
  interactiveClientId?: string;
  usersMayChange: boolean;
}

/** What reading config.json gave: a preset, none, or a file that is there but wrong. */
export type OrganisationConfigResult =
  { kind: "preset"; preset: OrganisationPreset } | { kind: "none" } | { kind: "invalid"; reason: string };

/** Reads config.json from beside `pageUrl` (the page's own address); "none" when there is no file. */
export async function fetchOrganisationConfig(
  pageUrl: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<OrganisationConfigResult> {
  let url: URL;
  try {
    url = new URL(ORGANISATION_CONFIG_FILE, pageUrl);
  } catch {
    return { kind: "none" };
  }
  let response: Response;
  try {
    response = await fetchFn(url.href, {
      cache: "no-cache",
      credentials: "omit",
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
  } catch {
    return { kind: "none" };
  }
  if (response.status === 404) return { kind: "none" };
  if (!response.ok) return { kind: "invalid", reason: `${url.pathname} answered ${response.status}` };
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return { kind: "invalid", reason: `${url.pathname} is not JSON` };
  }
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => issue.path.join(".") || "(top)").join(", ");
    return { kind: "invalid", reason: `${url.pathname} has wrong fields: ${where}` };
  }
  const platform = parsed.data.platform;
  if (!platform) return { kind: "none" };
  return {
    kind: "preset",
    preset: {
      authUrl: platform.authUrl,
      valueUrl: platform.valueUrl,
      platformUrl: platform.platformUrl,
      ...(platform.interactiveClientId ? { interactiveClientId: platform.interactiveClientId } : {}),
      usersMayChange: platform.usersMayChange ?? false,
    },
  };
}
