// ApiError's default sentence reaches the import screens' failure details and the custom
// functions' #N/A messages: it is in the pane's language, with the platform's words as they are.
import { ApiError, type ApiErrorInit } from "../../src/api/errors";
import { boqVersion } from "../../src/api/odata";
import { errorText, setLanguage } from "../../src/i18n";

const endpoint = "catalog-import";

const CASES: Array<[string, ApiErrorInit]> = [
  ["network", { kind: "network", endpoint }],
  ["timeout", { kind: "timeout", endpoint }],
  ["aborted", { kind: "aborted", endpoint }],
  ["signed-out", { kind: "signed-out", endpoint }],
  ["auth without words", { kind: "auth", endpoint, code: "invalid_grant" }],
  ["invalid request", { kind: "invalid-request", endpoint }],
  ["invalid response", { kind: "invalid-response", endpoint, fieldPath: "value[3].Code" }],
  ["403", { kind: "http", endpoint, status: 403 }],
  ["404", { kind: "http", endpoint, status: 404 }],
  ["413", { kind: "http", endpoint, status: 413 }],
  ["429", { kind: "http", endpoint, status: 429, retryAfterSeconds: 2.5 }],
  ["500", { kind: "http", endpoint, status: 500 }],
  ["409", { kind: "http", endpoint, status: 409 }],
];

afterEach(() => setLanguage("en"));

describe("ApiError's sentence for the user", () => {
  it.each(CASES)("%s: English names the request, Russian is Russian", (_name, init) => {
    setLanguage("en");
    const english = errorText(new ApiError(init));
    expect(english).not.toMatch(/\{\w+\}/);
    setLanguage("ru");
    const russian = errorText(new ApiError(init));
    expect(russian).toMatch(/[а-яё]/i);
    expect(russian).not.toMatch(/\{\w+\}|\b(the|platform|request|Sign)\b/);
    expect(russian).not.toBe(english);
  });

  it("keeps the English it had, naming the request", () => {
    expect(errorText(new ApiError({ kind: "http", endpoint, status: 429, retryAfterSeconds: 2.5 }))).toBe(
      "The platform is busy and asks to slow down (the catalog import); try again in 3 s.",
    );
    expect(errorText(new ApiError({ kind: "network", endpoint }))).toBe(
      "Could not reach the platform (the catalog import). Check the network connection and the service addresses in Settings.",
    );
  });

  it("adds the platform's own words as they are, in either language", () => {
    setLanguage("ru");
    const e = new ApiError({
      kind: "http",
      endpoint,
      status: 400,
      platformMessage: "Catalog 'X' was not found",
    });
    expect(errorText(e)).toBe("Платформа отклонила запрос: Catalog 'X' was not found.");
  });
});

describe("PLATFORM.VERSIONTAG's argument messages", () => {
  it("say in Russian which argument is wrong", () => {
    setLanguage("ru");
    const thrown = (action: () => unknown): unknown => {
      try {
        action();
      } catch (error) {
        return error;
      }
      throw new Error("expected a VersionArgumentError");
    };
    expect(errorText(thrown(() => boqVersion("3", 2)))).toBe(
      "Аргумент modelVersionIndex должен быть числом, например 3.",
    );
    expect(errorText(thrown(() => boqVersion(3, -1)))).toBe(
      "Аргумент analysisVersion должен быть целым числом не меньше 0; получено -1.",
    );
  });
});
