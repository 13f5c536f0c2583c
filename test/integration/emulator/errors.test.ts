// Requests the router refuses before any route runs (a path that does not percent-decode, a path
// segment over the length limit) still get the platform's error body, the CORS headers of an
// allowed origin (so the add-in can read the error) and a request log line.
import type { RunningEmulator } from "../../../emulator/src/index";
import { bearer, passwordToken, startTestEmulator, TEST_ORIGIN, IMPORT } from "./helpers";

interface ErrorBody {
  error: { code: string; message: string; details: string | null; data: object; validationErrors: null };
}

let emu: RunningEmulator;
let token: string;
const lines: string[] = [];

beforeAll(async () => {
  emu = await startTestEmulator({ log: (l) => lines.push(l) });
  token = (await passwordToken(emu)).access_token;
});
afterAll(async () => {
  await emu.stop();
});

it.each([
  ["a path parameter that does not percent-decode", `${IMPORT}/statusbyroot/%E0%A4%A`, 400, "InvalidPath"],
  ["an OData key that does not percent-decode", "/api/odata/UnionTree('%E0%A4%A')", 400, "InvalidPath"],
  ["a path segment over the length limit", `${IMPORT}/statusbyjobid/${"a".repeat(5000)}`, 414, "UriTooLong"],
])(
  "answers %s with the platform's error body, CORS headers and a log line",
  async (_, path, status, code) => {
    lines.length = 0;
    const res = await fetch(`${emu.baseUrl}${path}`, { headers: bearer(token, { origin: TEST_ORIGIN }) });
    expect(res.status).toBe(status);
    expect(res.headers.get("access-control-allow-origin")).toBe(TEST_ORIGIN);
    const body = (await res.json()) as ErrorBody;
    expect(body).toEqual({
      error: { code, message: expect.any(String), details: null, data: {}, validationErrors: null },
    });
    expect(body.error.message).not.toContain("FST_");
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^value GET /api/\\S+ ${status} \\d+\\.\\dms$`)),
    ]);
  },
);

it("gives no CORS headers to an origin no client allows on such an error", async () => {
  const res = await fetch(`${emu.baseUrl}${IMPORT}/statusbyroot/%E0%A4%A`, {
    headers: { origin: "https://evil.example" },
  });
  expect(res.status).toBe(400);
  expect(res.headers.get("access-control-allow-origin")).toBeNull();
});
