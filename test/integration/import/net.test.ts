// Issue 40: servers that misbehave on purpose, through the real HttpClient, ImportPipeline and the
// emulated workbook, against the emulator's faults that change an answer. One describe per item:
// answers to the import POST after the platform made the job (1), a Reason carrying a token (2),
// cookies echoed (3), redirects (5), a status nested 200,000 deep (6), a 150 MB answer (7),
// `__proto__` (8), bidirectional controls (9) and the POST's time limit for a 55 MB body (10).
// Every wait is for a state: the emulator's request log, the pipeline's states, a recorded timer.

import type { Sleep } from "../../../src/api/http";
import { isApiError, type ApiError } from "../../../src/api/errors";
import { importTimeoutMs } from "../../../src/api/platform";
import { INVISIBLE_MARK } from "../../../src/api/serverText";
import { errorDetails, errorText, say } from "../../../src/i18n";
import { nothingText, selectOutcome, type ImportState } from "../../../src/import";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { until } from "../until";
import { companyOf, demoWorkbook, importRange, newCatalog, pipelineFor, workbookWith } from "./helpers";

jest.setTimeout(60_000);

const IMPORT = "/api/import/catalog/json/external";
const MB = 1024 * 1024;
const JWT =
  "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJpdmFuIiwiY29tcGFueV9pZCI6IjEifQ.c2lnbmF0dXJlLXNpZw";
const COOKIES =
  ".AspNetCore.Identity.Application=CfDJ8Kq1x2Y3z4-w_5v6u7t8s9r0AbCdEf; idsrv.session=4F2A9C0E7B1D9A8C";
const COOKIE_VALUES = /CfDJ8|4F2A9C0E7B1D/;
const ORPHANS = [
  ["Code", "Name", "Price", "Unit"],
  ["Ss_15", "Earthworks systems", null, null],
  ["Ss_15_10", "Ground retention systems", 12.5, "m2"],
  ["Ss_15_10_30", "Piling systems", 40, "m"],
];

let env: Env;
let session: Session;
let pauses: number[];

beforeAll(async () => {
  setLogSink(() => undefined);
  env = await startEnv();
  ({ session, pauses } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  setLogSink(null);
  await env?.emu.stop();
});
afterEach(() => env.emu.faults.clear());

const posts = () => countRequests(env, "POST", IMPORT);
const elsewhere = () => env.requests.filter((line) => line.startsWith("elsewhere "));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => {
      if (!isApiError(error)) throw error;
      return error;
    },
  );

describe("1. an answer that does not show the platform refused keeps the import and offers its job", () => {
  it.each([
    [200, "no-job-id"],
    [200, "html"],
    [400, "html"],
    [401, "empty"],
    [408, "empty"],
    [409, "platform"],
    [425, "html"],
    [500, "platform"],
    [502, "html"],
    [503, "platform"],
    [504, "html"],
    ...[520, 521, 522, 523, 524, 525, 526, 527].map((status) => [status, "html"] as const),
  ] as const)("%i (%s) after the platform made the job: one POST, the job offered", async (status, body) => {
    const catalog = newCatalog(env, session, `Net ${status} ${body}`);
    env.emu.faults.processThenStatusNext(`POST ${IMPORT}`, 1, status, body);
    const h = pipelineFor(demoWorkbook(), session);
    const before = posts();
    const state = await importRange(h, session, catalog);
    expect(state.phase).toBe("lost");
    expect(posts() - before).toBe(1);
    expect(h.pipeline.history.pending()).toMatchObject({ catalogName: catalog });
    const latest = await session.api.getImportStatusByRoot(catalog);
    expect(state.job.lost?.found).toMatchObject({ verdict: "probable", jobId: latest.jobId });
    // What came is under "Show details", never in the pane's sentence: the status, or for a 2xx
    // without a job id what it lacked.
    expect(state.job.lost?.detail).toContain(body === "no-job-id" ? "job identifier" : `HTTP ${status}`);
    await h.pipeline.followLost();
    expect(h.pipeline.getState().phase).toBe("done");
    expect(posts() - before).toBe(1);
  });

  it.each([
    ["413 with the platform's error body", () => env.emu.faults.failNext(`POST ${IMPORT}`, 1, 413)],
    [
      "400 with the platform's error body",
      () => env.emu.faults.echoNext(`POST ${IMPORT}`, 1, "Invalid body"),
    ],
  ])("the platform's refusal (%s) clears the pending import: nothing started", async (_what, fault) => {
    const catalog = newCatalog(env, session, "Net refused");
    fault();
    const h = pipelineFor(demoWorkbook(), session);
    const before = posts();
    const state = await importRange(h, session, catalog);
    expect(state.phase).toBe("failed");
    expect(h.pipeline.history.pending()).toBeNull();
    expect(posts() - before).toBe(1);
    expect((await failure(session.api.getImportStatusByRoot(catalog))).status).toBe(404);
  });

  it("a 429 is a refusal before anything was done: sent once more after its Retry-After, the waiting shown", async () => {
    const catalog = newCatalog(env, session, "Net throttled");
    env.emu.faults.throttleNext(`POST ${IMPORT}`, 1, 3);
    const h = pipelineFor(demoWorkbook(), session);
    const before = posts();
    pauses.length = 0;
    const state = await importRange(h, session, catalog);
    expect(state.phase).toBe("done");
    expect(posts() - before).toBe(2);
    expect(pauses).toContain(3000);
    const waiting = h.states.find((s) => s.phase === "posting" && s.send.outgoing?.resendAt != null);
    expect(waiting?.send.outgoing).toMatchObject({
      limitMs: importTimeoutMs(waiting?.send.outgoing?.bytes ?? 0),
    });
    expect(h.pipeline.history.list()).toHaveLength(1);
  });
});

describe("2. a Reason with a token and 200 KB", () => {
  it("lands in the cell and the state bounded to 1,000 characters and redacted; the sentence to 300", async () => {
    const reason = `Rejected for Authorization: Bearer ${JWT} ${"r".repeat(200 * 1024)}`;
    env.emu.faults.echoNext(`GET ${IMPORT}/logbyjobid`, 1, reason, "reason");
    const excel = workbookWith(ORPHANS);
    const h = pipelineFor(excel, session);
    h.pipeline.setChoices({ resultColumn: true });
    const state = await importRange(h, session, newCatalog(env, session, "Net reason"), "A1:D4");
    expect(state.log.counts).toMatchObject({ inserted: 0, ignored: 3 });
    const kept = state.log.log?.ignoredTwigs.map((row) => row.reason ?? "") ?? [];
    expect(kept).toHaveLength(3);
    for (const text of kept) {
      expect(text.length).toBeLessThanOrEqual(1000);
      expect(text).toContain("Bearer [redacted]");
    }
    expect(JSON.stringify(state).length).toBeLessThan(64 * 1024);
    const sheet = excel.model.sheets.find((s) => s.name.startsWith("Ignored "))!.name;
    const cells = excel.values(sheet, "H2:H4").flat().map(String);
    const results = excel.values("Catalog", "E2:E4").flat().map(String);
    for (const cell of [...cells, ...results]) {
      expect(cell.length).toBeLessThanOrEqual(1100);
      expect(cell).not.toContain(JWT.slice(0, 20));
      expect(cell).toContain("[redacted]");
    }
    const sentence = nothingText(selectOutcome(state)!, "en");
    expect(sentence.length).toBeLessThanOrEqual(400);
    expect(sentence).not.toContain(JWT.slice(0, 20));
  });
});

describe("2. the user's own data the platform echoes", () => {
  it("is written in the log sheet as it came: a Name that looks like a token, a cookie or a secret query", async () => {
    // Words the policy would redact or mark, were they the platform's: the user's own are not.
    const names = [
      `Bearer board ${JWT}`,
      `Panel idsrv.session=4F2A9C0E7B1D9A8C; password=oak`,
      "Sealant, see https://example.com/kit?code=AB12&token=xyz",
    ] as const;
    const rows = [
      ["Code", "Name", "Price", "Unit"],
      ["Ss_15", names[0], null, null],
      ["Ss_15_10", names[1], 12.5, "m2"],
      ["Ss_15_10_30", names[2], 40, "Set-Cookie"],
    ];
    env.emu.faults.echoNext(`GET ${IMPORT}/logbyjobid`, 1, `Bearer ${JWT}`, "reason");
    const excel = workbookWith(rows);
    const h = pipelineFor(excel, session);
    const state = await importRange(h, session, newCatalog(env, session, "Net own data"), "A1:D4");
    expect(state.log.counts).toMatchObject({ inserted: 0, ignored: 3 });
    const logged = state.log.log?.ignoredTwigs ?? [];
    expect(logged.map((row) => row.name).sort()).toEqual([...names].sort());
    expect(logged.map((row) => row.reason)).toEqual(Array(3).fill("Bearer [redacted]"));
    const sheet = excel.model.sheets.find((s) => s.name.startsWith("Ignored "))!.name;
    const written = excel.values(sheet, "A1:H4");
    const column = (header: string) => written[0]!.indexOf(header);
    const byCode = new Map(written.slice(1).map((row) => [row[column("Code")], row]));
    expect([...byCode.keys()].sort()).toEqual(["Ss_15", "Ss_15_10", "Ss_15_10_30"]);
    expect(byCode.get("Ss_15")?.[column("Name")]).toBe(names[0]);
    expect(byCode.get("Ss_15_10")?.[column("Name")]).toBe(names[1]);
    expect(byCode.get("Ss_15_10_30")?.[column("Name")]).toBe(names[2]);
    expect(byCode.get("Ss_15_10_30")?.[column("Unit")]).toBe("Set-Cookie");
    expect(written.slice(1).map((row) => row[7])).toEqual(Array(3).fill("Bearer [redacted]"));
  });
});

describe("3. cookies echoed back", () => {
  const clean = (...texts: (string | undefined)[]) => {
    for (const text of texts) {
      expect(text ?? "").not.toMatch(COOKIE_VALUES);
    }
  };

  it("are blanked in the import's refusal: its message, details and validation errors", async () => {
    env.emu.faults.echoNext(`POST ${IMPORT}`, 1, `Bad request; cookies: ${COOKIES}`);
    const h = pipelineFor(demoWorkbook(), session);
    const state = await importRange(h, session, newCatalog(env, session, "Net cookie"));
    expect(state.phase).toBe("failed");
    clean(say(state.error!), state.error?.detail);
    expect(state.error?.detail).toContain("idsrv.session=[redacted]");
  });

  it("are blanked in a service error and an OAuth error body", async () => {
    env.emu.faults.echoNext("/api/app/project", 1, `Set-Cookie: ${COOKIES}; path=/`);
    const projects = await failure(session.api.listProjects(companyOf(session).id));
    clean(errorText(projects), errorDetails(projects), projects.message);
    env.emu.faults.echoNext("/connect/token", 1, `The request carried ${COOKIES}.`, "oauth");
    const { session: other } = await sessionFor(env);
    const token = await failure(signIn(env, other));
    clean(errorText(token), errorDetails(token), token.message);
    expect(errorText(token)).toContain(".AspNetCore.Identity.Application=[redacted]");
  });
});

describe("5. a redirect to another origin", () => {
  it("on the import POST sends nothing there: the import is kept as an answer lost", async () => {
    const catalog = newCatalog(env, session, "Net redirect");
    env.emu.faults.redirectNext(`POST ${IMPORT}`, 1, 307);
    const h = pipelineFor(demoWorkbook(), session);
    const before = posts();
    const state = await importRange(h, session, catalog);
    expect(state.phase).toBe("lost");
    expect(posts() - before).toBe(1);
    expect(elsewhere()).toEqual([]);
    expect(state.job.lost?.detail).toMatch(/redirect to another address, which is not followed/);
  });

  it("on the project list is refused: another host's projects are never shown", async () => {
    env.emu.faults.redirectNext("/api/app/project", 1, 302);
    const error = await failure(session.api.listProjects(companyOf(session).id));
    expect(error).toMatchObject({ kind: "invalid-response", status: 302 });
    expect(errorText(error)).toMatch(/redirect to another address, which is not followed/);
    expect(elsewhere()).toEqual([]);
  });
});

describe("6. a status nested 200,000 deep", () => {
  it("gives the clear invalid-answer message, never a RangeError", async () => {
    env.emu.faults.nestNext(`GET ${IMPORT}/statusbyjobid`, 1, 200_000);
    const h = pipelineFor(demoWorkbook(), session);
    const state = await importRange(h, session, newCatalog(env, session, "Net deep"));
    expect(state.phase).toBe("failed");
    expect(state.error?.key).toBe("import.failedFollow");
    expect(state.error?.detail).toContain("the answer nests its values deeper than the add-in reads");
    expect(JSON.stringify(state.error)).not.toMatch(/Maximum call stack|RangeError/);
  });
});

describe("7. a 150 MB answer", () => {
  it("is refused at its cap (4 MB for the company list), read no further", async () => {
    env.emu.faults.oversizeNext("/api/app/company", 1, 150 * MB);
    const error = await failure(session.api.listCompanies());
    expect(error).toMatchObject({ kind: "invalid-response", endpoint: "company-list", status: 200 });
    expect(errorText(error)).toBe(
      "The platform's answer to the company list did not have the expected form: the answer is larger than the 4 MB the add-in reads for it.",
    );
  });
});

describe("8. __proto__ in an answer", () => {
  it("is dropped when parsing, with constructor and prototype", async () => {
    const catalog = newCatalog(env, session, "Net proto");
    await importRange(pipelineFor(demoWorkbook(), session), session, catalog);
    env.emu.faults.injectNext(
      `GET ${IMPORT}/statusbyroot`,
      1,
      '"__proto__":{"polluted":true,"error":"polluted"},"constructor":{"prototype":{"polluted":true}}',
    );
    const status = await session.api.getImportStatusByRoot(catalog);
    expect(Object.getPrototypeOf(status)).toBe(Object.prototype);
    expect((status as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(status).toMatchObject({ status: "ReportCreated", error: null });
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("9. bidirectional controls in a server's words", () => {
  it("are shown as a mark where they were: the pane's details and the history", async () => {
    env.emu.faults.failNextJobs(1, "Rejected file invoice\u202Etxt.exe from \u2066admin\u2069");
    const h = pipelineFor(demoWorkbook(), session);
    const state = await importRange(h, session, newCatalog(env, session, "Net bidi"));
    expect(state.phase).toBe("failed");
    const shown = [state.error?.detail ?? "", h.pipeline.history.list()[0]?.error ?? ""];
    for (const text of shown) {
      expect(text).toContain(`invoice${INVISIBLE_MARK}txt.exe`);
      expect(text).not.toMatch(/[\u202e\u2066\u2069]/);
    }
  });
});

describe("10. the import POST's time limit follows its size", () => {
  it("a 55 MB body waits 85 s for its answer (30 s + 1 s per MB), then ends as a timeout (an answer lost)", async () => {
    const limits: { ms: number; fire: () => void }[] = [];
    const tryTimer: Sleep = (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        limits.push({ ms, fire: resolve });
        signal?.addEventListener("abort", () => reject(new Error("ended")), { once: true });
      });
    // The body never goes out (a slow uplink): the POST is held until its time limit ends it.
    const held: typeof fetch = (input, init) =>
      init?.method === "POST" && (input instanceof Request ? input.url : String(input)).endsWith(IMPORT)
        ? new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true }),
          )
        : globalThis.fetch(input, init);
    const { session: slow } = await sessionFor(env, { fetch: held, http: { tryTimer } });
    await signIn(env, slow);
    const company = companyOf(slow);
    const megabyte = new Uint8Array(MB).fill(0x20);
    // 55 MB exactly: 54 MB of spaces, a megabyte less two bytes, and "{}".
    const json = new Blob([...Array.from({ length: 54 }, () => megabyte), megabyte.subarray(2), "{}"]);
    const body = { Settings: { CatalogName: "Big", CompanyId: company.id }, Data: [], DeletedData: [] };
    const before = limits.length;
    expect(json.size).toBe(55 * MB);
    const posting = failure(slow.api.startImport({ body, json }));
    const limit = await until(
      () => limits.slice(before).find((l) => l.ms > 30_000),
      (l) => l !== undefined,
    );
    expect(limit!.ms).toBe(85_000);
    expect(limit!.ms).toBe(importTimeoutMs(json.size));
    limit!.fire();
    const error: ApiError = await posting;
    expect(error.kind).toBe("timeout");
    expect(errorText(error)).toMatch(/did not answer within 85 seconds/);
  });

  it("the pane shows the size sent and how long it waits, from the body the pipeline serialized", async () => {
    const h = pipelineFor(demoWorkbook(), session);
    const state: ImportState = await importRange(h, session, newCatalog(env, session, "Net size"));
    expect(state.phase).toBe("done");
    const sending = h.states.find((s) => s.phase === "posting" && s.send.outgoing !== null);
    const bytes = sending?.send.outgoing?.bytes ?? 0;
    expect(bytes).toBeGreaterThan(1000);
    expect(sending?.send.outgoing).toEqual({ bytes, limitMs: importTimeoutMs(bytes), resendAt: null });
  });
});
