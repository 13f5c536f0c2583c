import { parseStoredCredentials } from "../../src/session/credentials";

describe("the kept sign-in read back from this computer", () => {
  const good = {
    v: 1,
    method: "password",
    clientId: "c1",
    clientSecret: "s1",
    refreshToken: "r1",
    username: "ivan",
  };

  it("is read when it has the saved form", () => {
    expect(parseStoredCredentials(JSON.stringify(good))).toEqual(good);
  });

  it("is ignored when damaged, of another version or without a refresh token", () => {
    expect(parseStoredCredentials("{not json")).toBeNull();
    expect(parseStoredCredentials(JSON.stringify({ ...good, v: 2 }))).toBeNull();
    expect(parseStoredCredentials(JSON.stringify({ ...good, method: "magic" }))).toBeNull();
    const { refreshToken: _dropped, ...noToken } = good;
    expect(parseStoredCredentials(JSON.stringify(noToken))).toBeNull();
    expect(parseStoredCredentials(null)).toBeNull();
  });

  it("keeps the sign-in when only an optional field is malformed", () => {
    expect(parseStoredCredentials(JSON.stringify({ ...good, username: 42 }))).toEqual({
      ...good,
      username: undefined,
    });
  });
});
