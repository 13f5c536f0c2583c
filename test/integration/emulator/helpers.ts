import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator/src/index";
import { until } from "../until";

export const TEST_ORIGIN = "https://localhost:3000";
/** Endpoint 1 of the interface; statusbyjobid, statusbyroot and logbyjobid hang below it. */
export const IMPORT = "/api/import/catalog/json/external";

/** Starts an in-memory emulator on free ports with instant jobs unless the test says otherwise. */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ dataDir: null, jobSpeed: "instant", https: false, ...options });
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: string;
  refresh_token?: string;
  scope: string;
  id_token?: string;
}

export async function form(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export async function passwordToken(
  emu: RunningEmulator,
  overrides: Record<string, string> = {},
): Promise<TokenResponse> {
  const user = emu.demo.users[0];
  if (!user) throw new Error("the emulator has no demo user");
  const res = await form(`${emu.authUrl}/connect/token`, {
    grant_type: "password",
    client_id: emu.demo.passwordClient.clientId,
    client_secret: emu.demo.passwordClient.clientSecret,
    username: user.username,
    password: user.password,
    ...overrides,
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TokenResponse;
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...extra };
}

export async function getJson<T = unknown>(url: string, token: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url, { headers: bearer(token) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function postJson<T = unknown>(
  url: string,
  token: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: "POST",
    headers: bearer(token, { "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export function companyId(emu: RunningEmulator, name: string): string {
  const c = emu.demo.companies.find((x) => x.name === name);
  if (!c) throw new Error(`no demo company ${name}`);
  return c.id;
}

export const MAIN_COMPANY = "Northwind Construction";

export interface ImportStatus {
  id: string;
  jobId: string;
  rootName: string;
  rootId: string;
  status: string;
  date: string;
  progress: number;
  error: string | null;
}

/** Asks for the job until it is no longer Queued or Running (the test's limit is the deadline). */
export async function waitForJob(emu: RunningEmulator, token: string, jobId: string): Promise<ImportStatus> {
  const { status, body } = await until(
    () =>
      getJson<ImportStatus>(`${emu.baseUrl}/api/import/catalog/json/external/statusbyjobid/${jobId}`, token),
    ({ status, body }) => status !== 200 || (body.status !== "Queued" && body.status !== "Running"),
    20,
  );
  if (status !== 200) throw new Error(`status query failed: ${status}`);
  return body;
}
