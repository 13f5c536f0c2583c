// The sentences the pane shows for a failed sign-in or platform call: estimator words mapped from
// the OAuth and platform codes (which used to be shown as they were), the codes in the details.
import { ApiError } from "../../../src/api/errors";
import { setLanguage, t } from "../../../src/i18n";
import { setLogSink } from "../../../src/log/logger";
import { InteractiveSignInError } from "../../../src/session/interactive";
import { describeError, errorSentence } from "../../../src/taskpane/session/errors";

let logLines: string[] = [];
beforeEach(() => {
  logLines = [];
  setLogSink((level, line) => logLines.push(`${level} ${line}`));
  setLanguage("en");
});
afterAll(() => {
  setLogSink(null);
  setLanguage("en");
});

const tokenError = (code: string, description?: string) =>
  new ApiError({
    kind: "auth",
    endpoint: "token",
    status: 400,
    code,
    platformMessage: description,
  });

describe("the sentence a task pane screen shows for a failed action", () => {
  it("says the user name or password is wrong for invalid_grant, with the code in the details", () => {
    // Was: "Sign-in failed: invalid_username_or_password."
    const shown = describeError(tokenError("invalid_grant", "invalid_username_or_password"));
    expect(shown.text).toBe("The user name or password is not right. Check them and try again.");
    expect(shown.text).not.toMatch(/invalid_/);
    expect(shown.details).toContain("invalid_grant");
    expect(shown.details).toContain("invalid_username_or_password");
    expect(shown.details).toContain("HTTP 400");
  });

  it("says the client id or secret is wrong for invalid_client", () => {
    expect(errorSentence(tokenError("invalid_client", "invalid_client"))).toBe(
      "The client id or client secret is not right. Check them, or ask your administrator for the API client's details.",
    );
  });

  it("says the API client may not use a password for unauthorized_client", () => {
    expect(errorSentence(tokenError("unauthorized_client"))).toMatch(
      /^This API client may not sign in with a user name and password\./,
    );
  });

  it("says the platform cannot be reached, without naming the endpoint, for a network failure", () => {
    // Was: "Could not reach the platform (the sign-in (token endpoint))."
    const e = new ApiError({ kind: "network", endpoint: "token" });
    expect(errorSentence(e)).toBe(
      "BOQ Bridge could not reach the platform. Check your internet connection and the server address in Settings.",
    );
    expect(errorSentence(e, { local: true })).toBe(
      "BOQ Bridge could not reach the test platform on this computer. Start it with npm start, or choose another server in Settings.",
    );
    expect(describeError(e).details).toBe("the sign-in (token endpoint)");
  });

  it("words HTTP statuses for an estimator and keeps the status in the details", () => {
    const forbidden = new ApiError({ kind: "http", endpoint: "project-list", status: 403 });
    expect(errorSentence(forbidden)).toBe(
      "Your account may not do this. Ask your company administrator for the rights.",
    );
    expect(describeError(forbidden).details).toBe("the project list · HTTP 403");
    const refused = new ApiError({
      kind: "http",
      endpoint: "catalog-import",
      status: 400,
      platformMessage: "Catalog is locked",
    });
    expect(errorSentence(refused)).toBe("The platform refused this: Catalog is locked");
  });

  it("speaks Russian when the pane does", () => {
    setLanguage("ru");
    expect(errorSentence(tokenError("invalid_grant"))).toBe(
      "Неверное имя пользователя или пароль. Проверьте их и попробуйте снова.",
    );
  });

  it("words the sign-in window's failures by their reason", () => {
    expect(errorSentence(new InteractiveSignInError("closed"))).toBe(
      "The sign-in window was closed before you signed in.",
    );
    expect(errorSentence(new InteractiveSignInError("failed", "Office dialog error 12002"))).toBe(
      "The sign-in window did not finish. Try again.",
    );
  });

  it("is a generic sentence for anything else, and the error itself is logged, not lost", () => {
    expect(errorSentence(new TypeError("settings.get is not a function"))).toBe(t("common.unexpected"));
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/^error .*TypeError: settings\.get is not a function/);
  });

  it("never puts a token in the sentence or the details", () => {
    const e = new ApiError({ kind: "signed-out", endpoint: "company-list", status: 401 });
    const shown = describeError(e);
    expect(shown.text).toBe("Your sign-in has ended. Sign in again.");
    expect(`${shown.text}${shown.details ?? ""}`).not.toMatch(/Bearer|eyJ/);
  });
});
