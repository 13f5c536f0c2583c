// The company a sign-in works in, chosen from the user's company list.
import { chooseCompany } from "../../src/session/companies";

const PERSONAL = { id: "me", name: "Ivan Petrov", isPersonal: true };
const ACME = { id: "acme", name: "ACME", isPersonal: false };
const BUILD = { id: "build", name: "Build Co", isPersonal: false };

describe("the company chosen at sign-in", () => {
  it("is the token's company when the user has it", () => {
    expect(chooseCompany([PERSONAL, ACME, BUILD], "build")).toBe(BUILD);
  });

  it("else the first company that is not the personal one", () => {
    expect(chooseCompany([PERSONAL, ACME, BUILD], "gone")).toBe(ACME);
    expect(chooseCompany([PERSONAL, ACME, BUILD], undefined)).toBe(ACME);
  });

  it("else the personal one, and none from an empty list", () => {
    expect(chooseCompany([PERSONAL], null)).toBe(PERSONAL);
    expect(chooseCompany([], "acme")).toBeNull();
  });
});
