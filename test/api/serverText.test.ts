// The one function every server text passes before a user reads it: a sentence keeps about 300
// characters, the Details at most 4 KB, both redacted the way the log is (tokens, JWT-shaped
// strings, Bearer headers, the client secret and passwords the session registered).
import { ApiError } from "../../src/api/errors";
import { jobState } from "../../src/api/jobState";
import { importStatusSchema } from "../../src/api/schemas";
import {
  CELL_TEXT_CHARS,
  DETAILS_BYTES,
  INVISIBLE_MARK,
  MAIN_TEXT_CHARS,
  cellText,
  detailsText,
  mainText,
} from "../../src/api/serverText";
import { forgetSecret, registerSecret } from "../../src/log/logger";
import { HttpClient } from "../../src/api/http";
import { listProjects } from "../../src/api/platform";
import { FakeTokens, recordingSleep, scriptedFetch, URLS } from "./fakes";
import { errorDetails, errorText } from "../../src/i18n";

const TWO_MB = 2 * 1024 * 1024;
const ONE_MB = 1024 * 1024;
const JWT = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1MSIsIm5hbWUiOiJJdmFuIn0.c2lnbmF0dXJlLXNpZw";
const SECRET = "client-secret-of-the-demo-42";
const PASSWORD = "Pa$$w0rd-of-ivan";

beforeAll(() => {
  registerSecret(SECRET);
  registerSecret(PASSWORD);
});
afterAll(() => {
  forgetSecret(SECRET);
  forgetSecret(PASSWORD);
});

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

function expectClean(text: string): void {
  expect(text).not.toContain(JWT);
  expect(text).not.toMatch(/eyJ[\w-]*\.[\w-]+/);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(PASSWORD);
}

describe("a sentence's share of what a server said", () => {
  it("keeps at most 300 characters of a 2 MB text, on one line, marked where it was cut", () => {
    const said = mainText(`First line\r\n\tsecond   line ${"x".repeat(TWO_MB)}`);
    expect([...said].length).toBeLessThanOrEqual(MAIN_TEXT_CHARS);
    expect(said.startsWith("First line second line x")).toBe(true);
    expect(said.endsWith("…")).toBe(true);
  });

  it("leaves a short text as it is, but for spaces and control characters", () => {
    expect(mainText("  Catalog 'X' was not found.  ")).toBe("Catalog 'X' was not found.");
    expect(mainText("a\u0000b\u0007c")).toBe("a\ufffdb\ufffdc");
    expect(mainText("x".repeat(MAIN_TEXT_CHARS))).toBe("x".repeat(MAIN_TEXT_CHARS));
    // Idempotent: a bounded text passed again (an error made from an error) stays as it is.
    const once = mainText("y".repeat(1000));
    expect(mainText(once)).toBe(once);
  });

  it("blanks a bearer token, a JWT, the client secret and the password", () => {
    const said = mainText(
      `Authorization: Bearer ${JWT}; token ${JWT}; client_secret=${SECRET}&password=${PASSWORD}; ${SECRET}`,
    );
    expectClean(said);
    expect(said).toContain("Bearer [redacted]");
    expect(said).toContain("client_secret=[redacted]");
  });

  it("never shows the start of a token cut at the edge of the excerpt", () => {
    // The token starts inside the 300 characters and ends after them: it is blanked before the cut.
    const said = mainText(`${"a".repeat(MAIN_TEXT_CHARS - 20)} Bearer ${JWT} ${"b".repeat(1000)}`);
    expect(said).not.toMatch(/eyJ/);
    expect(said).not.toContain(JWT.slice(0, 12));
  });

  it("does not split a character made of two UTF-16 units", () => {
    const said = mainText("😀".repeat(1000));
    expect(said.endsWith("😀…")).toBe(true);
    expect(said).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("the Details a user can copy", () => {
  it("keep at most 4 KB (UTF-8) of a 2 MB text, line breaks included", () => {
    const english = detailsText(`line 1\r\nline 2\n${"z".repeat(TWO_MB)}`);
    expect(bytes(english)).toBeLessThanOrEqual(DETAILS_BYTES);
    expect(english.startsWith("line 1\nline 2\nzzz")).toBe(true);
    expect(english.endsWith("…")).toBe(true);
    // Two bytes a letter: about 2,000 letters of Russian.
    const russian = detailsText("ошибка ".repeat(TWO_MB / 7));
    expect(bytes(russian)).toBeLessThanOrEqual(DETAILS_BYTES);
    expect(bytes(russian)).toBeGreaterThan(DETAILS_BYTES - 16);
  });

  it("are redacted like the sentence", () => {
    expectClean(detailsText(`Bearer ${JWT}\n${SECRET}\n${PASSWORD}\n${"q".repeat(TWO_MB)}`));
  });
});

describe("an ApiError made from a 3 MB answer that echoes the Authorization header", () => {
  const echoed = `Authorization: Bearer ${JWT}`;

  it("says about 300 characters of it, and keeps 4 KB of it for the Details, without the token", async () => {
    const f = scriptedFetch([
      {
        status: 422,
        body: {
          error: {
            code: "Invalid",
            // Within the 4 MB a refusal's body is read up to (body.ts ANSWER_BYTES.error).
            message: `${echoed} ${"m".repeat(ONE_MB)}`,
            details: `${"d".repeat(ONE_MB)} ${SECRET}`,
            validationErrors: Array.from({ length: 10_000 }, () => ({ message: echoed, members: ["X"] })),
          },
        },
      },
    ]);
    const http = new HttpClient(() => URLS, new FakeTokens(JWT), {
      fetch: f.fetch,
      sleep: recordingSleep().sleep,
    });
    const error = (await listProjects(http, "c1").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(f.requests[0]?.headers.Authorization).toBe(`Bearer ${JWT}`);
    for (const text of [
      errorText(error),
      error.message,
      error.platformMessage ?? "",
      error.details ?? "",
      errorDetails(error),
      JSON.stringify(error.validationErrors),
    ]) {
      expectClean(text);
    }
    const template = "The platform refused the project list: ".length;
    expect(errorText(error).length).toBeLessThanOrEqual(template + MAIN_TEXT_CHARS);
    expect(errorText(error)).toContain("Bearer [redacted]");
    expect(bytes(errorDetails(error))).toBeLessThanOrEqual(DETAILS_BYTES);
    expect(errorDetails(error).split("\n")[0]).toBe("the project list · HTTP 422 · Invalid");
    expect(error.validationErrors.length).toBeLessThanOrEqual(50);
  });

  it("keeps the Details' head line and the platform's words when they are short", () => {
    const error = new ApiError({
      kind: "invalid-response",
      endpoint: "project-list",
      status: 200,
      platformMessage: "Bad",
      details: "Worse",
      validationErrors: [{ message: "Code is required", members: ["Code"] }],
      fieldPath: "[0].name",
    });
    expect(errorDetails(error)).toBe(
      "the project list · HTTP 200\nBad Worse\nCode is required (Code)\n[0].name",
    );
  });
});

describe("an import job's error", () => {
  it("is kept up to 4 KB and redacted at the boundary, and a sentence takes its first 300 characters", () => {
    const status = importStatusSchema.parse({
      jobId: "65f1c0a9b3e2d4c6a7b8e9f0",
      status: "Failed",
      progress: 10,
      error: `Bearer ${JWT} ${"e".repeat(TWO_MB)}`,
    });
    expect(bytes(status.error ?? "")).toBeLessThanOrEqual(DETAILS_BYTES);
    expectClean(status.error ?? "");
    const state = jobState(status);
    expect(state.state).toBe("failed");
    const message = state.state === "failed" ? state.message : "";
    expect(message.length).toBeLessThanOrEqual(MAIN_TEXT_CHARS);
    expectClean(message);
  });

  it("bounds a status word that is not one", () => {
    const status = importStatusSchema.parse({ jobId: "1", status: "s".repeat(TWO_MB), progress: 0 });
    expect(status.status.length).toBeLessThanOrEqual(MAIN_TEXT_CHARS);
    expect(importStatusSchema.parse({ jobId: "1", status: "Running", progress: 0 }).status).toBe("Running");
  });
});

describe("the limits, exactly", () => {
  const bytes = (s: string) => new TextEncoder().encode(s).length;

  it.each([
    ["Cyrillic (2 bytes)", "ж", 2046],
    ["the euro sign (3 bytes)", "€", 1364],
    ["an emoji (4 bytes)", "😀", 1023],
    // The first and last code points of each UTF-8 length.
    ["U+00A1, among the first of 2 bytes", "\u00a1", 2046],
    ["U+0800, the first of 3 bytes", "\u0800", 1364],
    ["U+FFFD, among the last of 3 bytes", "\ufffd", 1364],
    ["U+10000, the first of 4 bytes", "\u{10000}", 1023],
  ])(
    "cuts Details of %s at the last whole character that leaves room for the ellipsis",
    (_what, ch, kept) => {
      const long = ch.repeat(DETAILS_BYTES);
      const cut = detailsText(long);
      expect(cut).toBe(`${ch.repeat(kept)}…`);
      expect(bytes(cut)).toBeLessThanOrEqual(DETAILS_BYTES);
    },
  );

  it("keeps Details of exactly 4 KB whole, and cuts one byte more", () => {
    expect(detailsText("a".repeat(DETAILS_BYTES))).toBe("a".repeat(DETAILS_BYTES));
    expect(detailsText("a".repeat(DETAILS_BYTES + 1))).toBe(`${"a".repeat(DETAILS_BYTES - 3)}…`);
  });

  it("counts a sentence in characters, not bytes", () => {
    const cyrillic = "ж".repeat(MAIN_TEXT_CHARS);
    expect(mainText(cyrillic)).toBe(cyrillic);
    expect(mainText(`${cyrillic}ж`)).toBe(`${"ж".repeat(MAIN_TEXT_CHARS - 1)}…`);
  });

  it("leaves no space before the ellipsis", () => {
    const words = `${"x".repeat(MAIN_TEXT_CHARS - 2)} tail`;
    expect(mainText(words)).toBe(`${"x".repeat(MAIN_TEXT_CHARS - 2)}…`);
  });

  it("shows an answer's control characters as a mark where they were", () => {
    expect(detailsText("a\u0001b\u007fc\u0085d")).toBe("a\ufffdb\ufffdc\ufffdd");
    expect(mainText("a\u0001b")).toBe("a\ufffdb");
  });

  it("keeps the lines of Details, each line break written one way, without blank edges", () => {
    expect(detailsText("  first\r\nsecond\rthird\nfourth  ")).toBe("first\nsecond\nthird\nfourth");
  });
});

describe("what no server text may hold (issue 40)", () => {
  const COOKIES =
    ".AspNetCore.Identity.Application=CfDJ8Kq1x2Y3z4-w_5v6u7t8s9r0; idsrv.session=4F2A9C0E7B1D; .AspNetCore.Antiforgery.Xyz=CfDJ8abc";

  it("blanks cookie values echoed in a message, a Cookie header or a Set-Cookie header, and keeps their names", () => {
    for (const fit of [mainText, cellText, detailsText]) {
      const said = fit(`Bad request from ${COOKIES}. Cookie: a=1; b=2\nSet-Cookie: idsrv=xyz; path=/`);
      expect(said).not.toMatch(/CfDJ8|4F2A9C0E7B1D|a=1|idsrv=xyz/);
      expect(said).toContain(".AspNetCore.Identity.Application=[redacted]");
      expect(said).toContain("idsrv.session=[redacted]");
    }
  });

  it("blanks Basic credentials, secret fields of a JSON text and query strings with a code, token or secret", () => {
    const said = detailsText(
      'Authorization: Basic dXNlcjpwYXNz {"client_secret":"s3cr3t","password":"p","user":"ivan"} ' +
        "https://x.example/cb?code=abc&state=1&token=t0k&secret=s",
    );
    expect(said).not.toMatch(/dXNlcjpwYXNz|s3cr3t|"p"|abc&|t0k|secret=s\b/);
    expect(said).toContain('"user":"ivan"');
    expect(said).toContain("state=1");
  });

  it.each([
    ["right-to-left override", "\u202e"],
    ["left-to-right isolate", "\u2066"],
    ["right-to-left mark", "\u200f"],
    ["Arabic letter mark", "\u061c"],
    ["zero-width space", "\u200b"],
    ["byte order mark", "\ufeff"],
    ["a tag character", "\u{e0041}"],
  ])("shows a %s as a visible mark where it was", (_what, ch) => {
    for (const fit of [mainText, cellText, detailsText])
      expect(fit(`exe${ch}.txt`)).toBe(`exe${INVISIBLE_MARK}.txt`);
  });

  it("keeps the joiners that scripts and emoji need", () => {
    expect(mainText("👨\u200d👩 می\u200cخواهم")).toBe("👨\u200d👩 می\u200cخواهم");
  });

  it("keeps 1,000 characters of a 200 KB text for a cell, on one line, redacted", () => {
    const said = cellText(`Bearer ${"t".repeat(64)} ${"r".repeat(200 * 1024)}`);
    expect([...said].length).toBeLessThanOrEqual(CELL_TEXT_CHARS);
    expect(said.startsWith("Bearer [redacted] rrr")).toBe(true);
    expect(said.endsWith("…")).toBe(true);
  });
});
