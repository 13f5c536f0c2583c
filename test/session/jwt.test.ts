import { decodeClaims } from "../../src/session/jwt";
import { fakeJwt } from "./helpers";

describe("reading token claims", () => {
  it("reads the user and company claims, including non-ASCII names", () => {
    const claims = decodeClaims(
      fakeJwt({ sub: "u1", name: "Иван Петров", company_id: "c1", exp: 1700000000 }),
    );
    expect(claims).toMatchObject({ sub: "u1", name: "Иван Петров", company_id: "c1", exp: 1700000000 });
  });

  it("gives no claims for an opaque or damaged token", () => {
    expect(decodeClaims("opaque-token")).toEqual({});
    expect(decodeClaims("a.%%%.c")).toEqual({});
    expect(decodeClaims("a..c")).toEqual({});
    expect(decodeClaims("a.b.c.d")).toEqual({});
  });

  it("gives no claims when the payload is JSON of the wrong shape", () => {
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    expect(decodeClaims(`${enc({ alg: "none" })}.${enc(["not", "claims"])}.c2ln`)).toEqual({});
    expect(decodeClaims(`${enc({ alg: "none" })}.${enc({ exp: "tomorrow" })}.c2ln`)).toEqual({});
  });

  it("decodes the URL-safe alphabet (- and _) of base64url", () => {
    // "ÿÿ>?" needs the characters that base64url writes as "-" and "_".
    const claims = { sub: "u1", name: "ÿÿ>?>?>?" };
    const token = fakeJwt(claims);
    expect(token.split(".")[1]).toMatch(/[-_]/);
    expect(decodeClaims(token)).toMatchObject(claims);
  });
});
