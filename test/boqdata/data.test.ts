// The BOQ data path over a session: whose results are kept, when they are forgotten, how names
// resolve through the kept lists, and the BOQ's rows and spills.
import { ApiError } from "../../src/api/errors";
import type { SessionState } from "../../src/session";
import { boqSpill, pullBoq, resolvePath, userScope, type BoqRequest } from "../../src/boqdata";
import { estimate } from "../boq/rows";
import { COMPANY, fakeData, newPlatform, project, SIGNED_IN, TOWER } from "./fakes";

const SIGNED_OUT: SessionState = { status: "signed-out", reason: "never" };

const REQUEST: BoqRequest = {
  company: { kind: "name", name: "NORTHWIND" },
  project: { kind: "name", name: "tower" },
  model: { kind: "name", name: "Frame" },
  scheme: "Main",
  version: "3.10",
  parents: true,
};

describe("the user's scope", () => {
  it("is the signed-in user's id, else e-mail, else name", async () => {
    const { data, session } = fakeData(newPlatform([]));
    expect(await userScope(data)).toBe("user-1");
    session.setState({ ...SIGNED_IN, user: { email: "a@b.c", displayName: "A" } } as SessionState);
    expect(await userScope(data)).toBe("a@b.c");
    session.setState({ ...SIGNED_IN, user: { displayName: "A" } } as SessionState);
    expect(await userScope(data)).toBe("A");
  });

  it("restores a saved sign-in first, and is #N/A saying to sign in when there is none", async () => {
    const { data, session } = fakeData(newPlatform([]), {}, SIGNED_OUT);
    await expect(userScope(data)).rejects.toMatchObject({ code: "notAvailable", key: "boq.notSignedIn" });
    expect(session.inits).toBe(1);
    session.restores = SIGNED_IN;
    expect(await userScope(data)).toBe("user-1");
  });

  it("keeps one user's results from another: a change of sign-in forgets them all", async () => {
    const platform = newPlatform(estimate());
    const { data, session } = fakeData(platform);
    await pullBoq(data, REQUEST);
    await pullBoq(data, REQUEST);
    expect(platform.calls).toEqual(["companies", `projects ${COMPANY.id}`, 'boq Frame "3.10"']);
    session.setState({ ...SIGNED_IN, user: { id: "user-2", displayName: "Other" } } as SessionState);
    await pullBoq(data, REQUEST);
    expect(platform.calls).toHaveLength(6);
  });
});

describe("what a change of the session forgets", () => {
  const renewed = { ...SIGNED_IN, expiresAt: 1_700_000_300_000 } as SessionState;

  it("keeps every result across a token renewal: a recalculation asks nothing again", async () => {
    const platform = newPlatform(estimate());
    const { data, session } = fakeData(platform);
    await pullBoq(data, REQUEST);
    // What a renewal publishes: the same user and company, a new expiry.
    session.setState(renewed);
    session.setState({ ...renewed, expiresAt: 1_700_000_600_000 } as SessionState);
    // A reloaded company list with the same company chosen is the same sign-in too.
    session.setState({ ...renewed, companiesFailed: false, companies: [COMPANY] } as SessionState);
    await pullBoq(data, REQUEST);
    expect(platform.calls).toEqual(["companies", `projects ${COMPANY.id}`, 'boq Frame "3.10"']);
  });

  it.each<[string, SessionState]>([
    ["a sign-out", SIGNED_OUT],
    ["another user", { ...SIGNED_IN, user: { id: "user-2", displayName: "Other" } } as SessionState],
    [
      "another company",
      { ...SIGNED_IN, company: { id: "c2", name: "Other Co", isPersonal: false } } as SessionState,
    ],
  ])("forgets every result on %s", async (_what, next) => {
    const platform = newPlatform(estimate());
    const { data, session } = fakeData(platform);
    await pullBoq(data, REQUEST);
    session.setState(next);
    session.setState(SIGNED_IN);
    await pullBoq(data, REQUEST);
    expect(platform.calls).toHaveLength(6);
  });
});

describe("names", () => {
  it("resolves names in any case through the kept lists, and asks for each list once", async () => {
    const platform = newPlatform([]);
    const { data } = fakeData(platform);
    const path = await resolvePath(data, REQUEST);
    expect([path.company.id, path.project.id, path.model.name]).toEqual([COMPANY.id, TOWER.id, "Frame"]);
    await resolvePath(data, REQUEST);
    expect(platform.calls).toEqual(["companies", `projects ${COMPANY.id}`]);
  });

  it("resolves ids (any case), and a name that matches nothing is #N/A naming where it looked", async () => {
    const platform = newPlatform([]);
    const { data } = fakeData(platform);
    const byId = await resolvePath(data, {
      company: { kind: "id", id: COMPANY.id.toLowerCase() },
      project: { kind: "id", id: TOWER.id },
      model: { kind: "name", name: "frame" },
    });
    expect(byId.project.name).toBe("Tower");
    await expect(
      resolvePath(data, { ...REQUEST, model: { kind: "name", name: "Roof" } }),
    ).rejects.toMatchObject({
      code: "notAvailable",
      key: "boq.notFoundAmong",
      values: { name: "Roof", where: { key: "boq.whereProject", values: { name: "Tower" } } },
    });
  });

  it("reports two projects of one name as an ambiguity", async () => {
    const platform = newPlatform([]);
    platform.projects = [TOWER, project("p2", "TOWER", [])];
    const { data } = fakeData(platform);
    await expect(
      resolvePath(data, { ...REQUEST, project: { kind: "name", name: "tower" } }),
    ).rejects.toMatchObject({ key: "boq.ambiguous", values: { count: 2 } });
  });
});

describe("a BOQ through the data path", () => {
  it("asks the platform with the names it resolved to, the version and parents as given", async () => {
    const platform = newPlatform(estimate());
    const { data } = fakeData(platform);
    const pulled = await pullBoq(data, REQUEST);
    expect(platform.queries).toEqual([
      {
        company: "Northwind",
        project: "Tower",
        model: "Frame",
        scheme: "Main",
        version: "3.10",
        parents: true,
      },
    ]);
    expect(pulled.rows).toHaveLength(6);
    expect(pulled.path.model.name).toBe("Frame");
  });

  it("keeps the rows per parents: end positions only are another request", async () => {
    const platform = newPlatform(estimate());
    const { data } = fakeData(platform);
    await pullBoq(data, REQUEST);
    await pullBoq(data, { ...REQUEST, parents: false });
    await pullBoq(data, { ...REQUEST, parents: false });
    expect(platform.queries.map((q) => q.parents)).toEqual([true, false]);
  });

  it("builds a spill per column list from the kept rows, and the same list once", async () => {
    const platform = newPlatform(estimate());
    const { data } = fakeData(platform);
    const all = await boqSpill(data, REQUEST, undefined);
    const codes = await boqSpill(data, REQUEST, ["Code"]);
    expect(all[0]).toEqual([
      "Level",
      "CatalogName",
      "Code",
      "Name",
      "Unit",
      "Value",
      "ValueCost",
      "TotalCost",
    ]);
    expect(codes).toEqual([["Code"], ["S1"], ["A"], ["B"], ["S2"], ["C"], ["D"]]);
    expect(await boqSpill(data, REQUEST, ["Code"])).toBe(codes);
    expect(platform.queries).toHaveLength(1);
  });

  it("does not keep a spill that fails (an unknown column), and keeps the rows", async () => {
    const platform = newPlatform(estimate());
    const { data } = fakeData(platform);
    await expect(boqSpill(data, REQUEST, ["Colour"])).rejects.toMatchObject({
      code: "invalidValue",
      key: "boq.columnUnknown",
    });
    await expect(boqSpill(data, REQUEST, ["Colour"])).rejects.toMatchObject({ key: "boq.columnUnknown" });
    expect(platform.queries).toHaveLength(1);
  });

  it("asks for the BOQ again on a fresh pull, but not for the lists that name it", async () => {
    const platform = newPlatform(estimate());
    const { data } = fakeData(platform);
    await pullBoq(data, REQUEST);
    await pullBoq(data, REQUEST, { fresh: true });
    expect(platform.calls).toEqual([
      "companies",
      `projects ${COMPANY.id}`,
      'boq Frame "3.10"',
      'boq Frame "3.10"',
    ]);
  });

  it("keeps no failure: the next pull asks again", async () => {
    const platform = newPlatform(estimate());
    platform.refuse = new ApiError({ kind: "http", status: 503, endpoint: "boq" });
    const { data } = fakeData(platform);
    await expect(pullBoq(data, REQUEST)).rejects.toBeInstanceOf(ApiError);
    platform.refuse = undefined;
    expect((await pullBoq(data, REQUEST)).rows).toHaveLength(6);
    expect(platform.queries).toHaveLength(2);
  });
});
