import { createLogger, redact, registerSecret, setLogSink } from "../../src/api/logger";

describe("the redacting logger", () => {
  const lines: string[] = [];
  beforeAll(() => setLogSink((_l, line) => lines.push(line)));
  afterAll(() => setLogSink(null));

  it("blanks a registered secret wherever it appears", () => {
    registerSecret("hunter2-very-secret");
    const log = createLogger("t");
    log.error("login failed for password hunter2-very-secret", { note: "x hunter2-very-secret y" });
    expect(lines.at(-1)).toBe('[t] login failed for password [redacted] {"note":"x [redacted] y"}');
  });

  it("blanks JWTs, Bearer headers and secret form fields it was never told about", () => {
    const text = redact(
      "Authorization: Bearer abc.def-ghi eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.sig grant_type=password&password=p%40ss&client_secret=s3&username=ivan",
    );
    expect(text).toBe(
      "Authorization: Bearer [redacted] [redacted] grant_type=password&password=[redacted]&client_secret=[redacted]&username=ivan",
    );
  });

  it("blanks object fields named like secrets", () => {
    expect(redact({ refresh_token: "r", clientSecret: "s", Authorization: "a", user: "ivan" })).toBe(
      '{"refresh_token":"[redacted]","clientSecret":"[redacted]","Authorization":"[redacted]","user":"ivan"}',
    );
  });
});
