// What a server says reaches the user bounded and redacted: a service behind a broken proxy that
// answers with a 2 MB error, and echoes the request's Authorization header (or the token form
// with the client secret and password) back into it. The sentence keeps about 300 characters of
// it, the Details a user can copy at most 4 KB, and neither holds a credential: in the pane's
// sign-in and import messages, a cell's #N/A and IMPORTSTATUS's error column alike.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError } from "../../../src/api/errors";
import { DETAILS_BYTES, MAIN_TEXT_CHARS } from "../../../src/api/serverText";
import * as fx from "../../../src/functions/functions";
import { setLogSink } from "../../../src/log/logger";
import { createSession, type Session } from "../../../src/session/index";
import { SETTINGS_KEY } from "../../../src/session/settings";
import { MemoryStore } from "../../../src/session/storage";
import { describeError } from "../../../src/taskpane/session/errors";
import {
  cellError,
  dropContext,
  installCustomFunctionsGlobal,
  invocation,
  removeCustomFunctionsGlobal,
  useContext,
} from "../functions/helpers";
import { demoUser, startEnv, type Env } from "./setup";
import { errorDetails, errorText } from "../../../src/i18n";

jest.setTimeout(60_000);

const TWO_MB = 2 * 1024 * 1024;
const JOB_ID = "65f1c0a9b3e2d4c6a7b8e9f0";

/**
 * A server that answers every request with an error quoting what it was sent, then 2 MB more
 * (a job's status 512 KB more: within its cap).
 */
function echoingServer(): Promise<{ server: Server; url: string }> {
  const answer = (req: IncomingMessage, body: string, res: ServerResponse) => {
    const echoed = `Request refused. Authorization: ${req.headers.authorization ?? "(none)"}; body: ${body}`;
    const noise = "stack frame at Platform.Service.Handle() ".repeat(TWO_MB / 40);
    const path = req.url ?? "";
    res.setHeader("Content-Type", "application/json");
    if (path === "/connect/token") {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: "invalid_request", error_description: `${echoed} ${noise}` }));
    } else if (path.includes("/statusbyjobid/")) {
      res.statusCode = 200;
      // Within a status's 1 MB cap (body.ts ANSWER_BYTES), a larger one is refused unread.
      const error = `${echoed} ${noise.slice(0, 512 * 1024)}`;
      res.end(JSON.stringify({ jobId: JOB_ID, status: "Failed", progress: 10, error }));
    } else {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          error: {
            code: "BadRequest",
            message: echoed,
            details: noise,
            validationErrors: [{ message: echoed, members: ["Authorization"] }],
          },
        }),
      );
    }
  };
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => answer(req, body, res));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

let env: Env;
let echo: { server: Server; url: string };
let session: Session;
let accessToken = "";

async function sessionWith(urls: { auth: string; value: string }): Promise<Session> {
  const store = new MemoryStore();
  await store.setItem(
    SETTINGS_KEY,
    JSON.stringify({
      preset: "custom",
      emulatorScheme: "http",
      authUrl: urls.auth,
      valueUrl: urls.value,
      platformUrl: env.emu.platformUrl,
      interactiveClientId: env.emu.demo.publicClient.clientId,
    }),
  );
  // Notes the access token the emulator hands out, to look for it in what the user is shown.
  const noting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    if (url.endsWith("/connect/token") && response.ok) {
      accessToken = ((await response.clone().json()) as { access_token: string }).access_token;
    }
    return response;
  };
  const s = createSession({ store, http: { fetch: noting, sleep: async () => undefined } });
  await s.init();
  return s;
}

function signInInput(keepSignedIn = false) {
  const user = demoUser(env);
  return {
    clientId: env.emu.demo.passwordClient.clientId,
    clientSecret: env.emu.demo.passwordClient.clientSecret,
    username: user.username,
    password: user.password,
    keepSignedIn,
  };
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** No credential of this test in `text`, in any form the redaction knows. */
function expectNoCredential(text: string): void {
  const input = signInInput();
  expect(accessToken).not.toBe("");
  expect(text).not.toContain(accessToken);
  expect(text).not.toMatch(/eyJ[\w-]*\.[\w-]+/);
  expect(text).not.toContain(input.clientSecret);
  expect(text).not.toContain(input.password);
}

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv();
  echo = await echoingServer();
  session = await sessionWith({ auth: env.emu.authUrl, value: echo.url });
  await session.signInWithPassword(signInInput());
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await new Promise((resolve) => echo?.server.close(resolve));
  await env?.emu.stop();
});

describe("a 2 MB error that echoes the Authorization header", () => {
  it("is a sentence with about 300 characters of it and Details of at most 4 KB, without the token", async () => {
    const error = (await session.api.listProjects("c1").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expectNoCredential(errorText(error));
    expect(errorText(error)).toContain("Bearer [redacted]");
    // The sentence's own words are short; the platform's are cut to MAIN_TEXT_CHARS.
    expect(errorText(error).length).toBeLessThanOrEqual(MAIN_TEXT_CHARS + 100);
    expect(errorText(error)).toMatch(/…$/);
    expectNoCredential(errorDetails(error));
    expect(utf8Bytes(errorDetails(error))).toBeLessThanOrEqual(DETAILS_BYTES);
    expect(errorDetails(error)).toMatch(/^the project list · HTTP 400 · BadRequest\n/);
    for (const field of [error.platformMessage ?? "", error.details ?? "", error.message]) {
      expectNoCredential(field);
      expect(field.length).toBeLessThanOrEqual(MAIN_TEXT_CHARS + 100);
    }
    expectNoCredential(JSON.stringify(error.validationErrors));
    // What the pane shows of it: its sentence and the Details a user can copy.
    const shown = describeError(error);
    expectNoCredential(shown.text);
    expectNoCredential(shown.details ?? "");
    expect(utf8Bytes(shown.details ?? "")).toBeLessThanOrEqual(DETAILS_BYTES);
  });

  it("in a cell: #N/A with a sentence's share of it, without the token", async () => {
    useContext(session);
    const company = env.emu.demo.companies[0]?.id ?? "";
    const shown = await cellError(fx.projects(company, invocation()));
    expect(shown.code).toBe("#N/A");
    expectNoCredential(shown.message);
    expect(shown.message.length).toBeLessThanOrEqual(MAIN_TEXT_CHARS + 150);
  });

  it("in IMPORTSTATUS's error column: a sentence's share, without the token", async () => {
    useContext(session);
    const matrix = await new Promise<unknown>((resolve) => {
      fx.importStatus(JOB_ID, { onCanceled: undefined, setResult: resolve });
    });
    expect(Array.isArray(matrix)).toBe(true);
    const [, row] = matrix as unknown[][];
    expect(row?.[0]).toBe("Failed");
    const said = String(row?.[2]);
    expectNoCredential(said);
    expect(said).toContain("Bearer [redacted]");
    expect(said.length).toBeLessThanOrEqual(MAIN_TEXT_CHARS);
  });
});

describe("a token endpoint that echoes the form it was sent", () => {
  it("shows neither the client secret nor the password in the sign-in's message or Details", async () => {
    const echoingAuth = await sessionWith({ auth: echo.url, value: echo.url });
    const error = (await echoingAuth.signInWithPassword(signInInput()).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe("auth");
    for (const text of [errorText(error), errorDetails(error), error.platformMessage ?? ""]) {
      expectNoCredential(text);
    }
    expect(errorDetails(error)).toContain("client_secret=[redacted]");
    expect(utf8Bytes(errorDetails(error))).toBeLessThanOrEqual(DETAILS_BYTES);
    const shown = describeError(error);
    expectNoCredential(`${shown.text}\n${shown.details ?? ""}`);
  });
});
