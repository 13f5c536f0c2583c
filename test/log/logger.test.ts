import {
  createLogger,
  MAX_SECRETS,
  redact,
  registeredSecretCount,
  registerSecret,
  setLogSink,
} from "../../src/log/logger";

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

describe("the list of registered secrets", () => {
  afterEach(() => setLogSink(null));

  it("stays bounded however many tokens a long-running runtime renews", () => {
    for (let i = 0; i < 10 * MAX_SECRETS; i++) registerSecret(`renewed-access-token-${i}`);
    expect(registeredSecretCount()).toBeLessThanOrEqual(MAX_SECRETS);
  });

  it("keeps blanking the newest secrets and drops the oldest first", () => {
    for (let i = 0; i < 2 * MAX_SECRETS; i++) registerSecret(`opaque-value-${i}-x`);
    const newest = `opaque-value-${2 * MAX_SECRETS - 1}-x`;
    expect(redact(`a ${newest} b`)).toBe("a [redacted] b");
    expect(redact("a opaque-value-0-x b")).toBe("a opaque-value-0-x b");
  });

  it("blanks a secret that contains another one whole, also after new registrations", () => {
    registerSecret("abcd");
    registerSecret("xxabcdxx-longer");
    expect(redact("v=xxabcdxx-longer")).toBe("v=[redacted]");
    registerSecret("zzzz-later");
    expect(redact("v=xxabcdxx-longer zzzz-later")).toBe("v=[redacted] [redacted]");
  });
});
