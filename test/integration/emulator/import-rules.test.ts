// Every import rule of docs/interface.md 2.1 (how a flat list becomes a tree), each with its own example:
// the positions sent, the four log arrays that come back, and the catalog tree that results.
import type { CatalogTreeNode, RunningEmulator } from "../../../emulator/src/index";
import type { ImportLog as Log } from "../../../emulator/src/model";
import {
  companyId,
  getJson,
  MAIN_COMPANY,
  passwordToken,
  postJson,
  startTestEmulator,
  waitForJob,
} from "./helpers";

const ZERO = "00000000-0000-0000-0000-000000000000";
const G1 = "11111111-1111-4111-8111-111111111111";
const G2 = "22222222-2222-4222-8222-222222222222";
const G3 = "33333333-3333-4333-8333-333333333333";

type Position = Record<string, unknown>;

let emu: RunningEmulator;
let token: string;
let company: string;
let catalogCounter = 0;

beforeAll(async () => {
  emu = await startTestEmulator();
  token = (await passwordToken(emu)).access_token;
  company = companyId(emu, MAIN_COMPANY);
});
afterAll(async () => {
  await emu.stop();
});

function newCatalog(): string {
  const name = `Rules ${++catalogCounter}`;
  emu.catalogs.create(company, name);
  return name;
}

async function runImport(catalog: string, data: Position[], deleted: Position[] = []): Promise<Log> {
  const res = await postJson<{ jobId: string }>(`${emu.baseUrl}/api/import/catalog/json/external`, token, {
    Settings: { CatalogName: catalog, CompanyId: company },
    Data: data,
    DeletedData: deleted,
  });
  expect(res.status).toBe(200);
  const status = await waitForJob(emu, token, res.body.jobId);
  expect(status).toMatchObject({ status: "ReportCreated", progress: 100, error: null });
  const log = await getJson<Log>(
    `${emu.baseUrl}/api/import/catalog/json/external/logbyjobid/${res.body.jobId}`,
    token,
  );
  expect(log.status).toBe(200);
  return log.body;
}

const codes = (twigs: { Code?: string }[]) => twigs.map((t) => t.Code);

/** The tree as nested [code, children] pairs, in the catalog's order. */
function shape(nodes: CatalogTreeNode[]): unknown[] {
  return nodes.map((n) => (n.children.length ? [n.code, shape(n.children)] : n.code));
}

const treeOf = (catalog: string) => shape(emu.catalogs.tree(company, catalog));

describe("rule 1: rows without a code or a name are ignored, empty rows too", () => {
  it("imports only rows with both code and name", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: "1", Name: "Concrete works" },
      { Code: "2" },
      { Name: "No code" },
      { Code: "3", Name: "   " },
      { Code: "  ", Name: "Blank code" },
      {},
    ]);
    expect(codes(log.InsertedTwigs)).toEqual(["1"]);
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Name])).toEqual([
      ["2", ""],
      ["", "No code"],
      ["3", ""],
      ["", "Blank code"],
    ]);
    expect(log.IgnoredTwigs.every((t) => t.PlatformId === ZERO)).toBe(true);
    expect(log.UpdatedTwigs).toEqual([]);
    expect(log.DeletedTwigs).toEqual([]);
    expect(treeOf(catalog)).toEqual(["1"]);
  });
});

describe("rule 2: module delimiters can be any characters", () => {
  it("builds the tree from dots, dashes, slashes, spaces and Cyrillic letters", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: "А", Name: "Раздел А" },
      { Code: "А.01", Name: "Подраздел" },
      { Code: "А.01.12", Name: "Группа" },
      { Code: "А.01.12-003", Name: "Позиция" },
      { Code: "B", Name: "Section B" },
      { Code: "B-01", Name: "Dash" },
      { Code: "B-01/2", Name: "Slash" },
      { Code: "C", Name: "Section C" },
      { Code: "C 1", Name: "Space" },
    ]);
    expect(log.InsertedTwigs).toHaveLength(9);
    expect(log.IgnoredTwigs).toEqual([]);
    expect(treeOf(catalog)).toEqual(
      [
        ["А", [["А.01", [["А.01.12", ["А.01.12-003"]]]]]],
        ["B", [["B-01", ["B-01/2"]]]],
        ["C", ["C 1"]],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]), "en", { numeric: true })),
    );
  });
});

describe("rule 2: codes are read Unicode-aware", () => {
  it("keeps combining marks inside a module: a decomposed Й.1 is the child of Й", async () => {
    const catalog = newCatalog();
    const root = "Й".normalize("NFD");
    const accented = "Ё".normalize("NFD");
    const log = await runImport(catalog, [
      { Code: `${root}.1`, Name: "Child of a decomposed letter" },
      { Code: root, Name: "Decomposed root" },
      { Code: `${root}.1-${accented}2`, Name: "Grandchild with a mark inside its module" },
    ]);
    expect(log.IgnoredTwigs).toEqual([]);
    expect(log.UpdatedTwigs).toEqual([]);
    expect(log.DeletedTwigs).toEqual([]);
    expect(codes(log.InsertedTwigs)).toEqual([root, `${root}.1`, `${root}.1-${accented}2`]);
    expect(treeOf(catalog)).toEqual([[root, [[`${root}.1`, [`${root}.1-${accented}2`]]]]]);
  });
});

describe("rule 3: the order of the list does not matter", () => {
  it("gives the same tree when children come before parents, ordered by code", async () => {
    const reversed = newCatalog();
    const sorted = newCatalog();
    const rows = [
      { Code: "1.10", Name: "Tenth" },
      { Code: "1.2.1", Name: "Deep" },
      { Code: "1.2", Name: "Second" },
      { Code: "2", Name: "Two" },
      { Code: "1", Name: "One" },
    ];
    const logA = await runImport(reversed, rows);
    const logB = await runImport(sorted, [...rows].reverse());
    expect(logA.IgnoredTwigs).toEqual([]);
    expect(logB.IgnoredTwigs).toEqual([]);
    const expected = [["1", [["1.2", ["1.2.1"]], "1.10"]], "2"];
    expect(treeOf(reversed)).toEqual(expected);
    expect(treeOf(sorted)).toEqual(expected);
  });
});

describe("rule 4: a position whose parent is absent is not imported", () => {
  it("ignores 12.20 without 12, and the whole chain below a missing parent", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: "12.20", Name: "Orphan" },
      { Code: "1", Name: "Root" },
      { Code: "1.5", Name: "Child" },
      { Code: "7.1", Name: "Orphan parent" },
      { Code: "7.1.1", Name: "Orphan child" },
    ]);
    expect(codes(log.InsertedTwigs)).toEqual(["1", "1.5"]);
    expect(codes(log.IgnoredTwigs).sort()).toEqual(["12.20", "7.1", "7.1.1"]);
    expect(treeOf(catalog)).toEqual([["1", ["1.5"]]]);
  });

  it("accepts a child whose parent is already in the catalog", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [{ Code: "12", Name: "Parent from an earlier import" }]);
    const log = await runImport(catalog, [{ Code: "12.20", Name: "Child" }]);
    expect(codes(log.InsertedTwigs)).toEqual(["12.20"]);
    expect(treeOf(catalog)).toEqual([["12", ["12.20"]]]);
  });
});

describe("rule 5: the unit must be one of the configured units", () => {
  it("ignores a position with an unknown unit (and so its children); an empty unit is fine", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: "1", Name: "Concrete", Unit: "м3", Price: 7450.5 },
      { Code: "2", Name: "Bananas", Unit: "bunch" },
      { Code: "2.1", Name: "Child of ignored" },
      { Code: "3", Name: "No unit", Unit: "" },
      { Code: "4", Name: "English unit", Unit: "m2" },
    ]);
    expect(codes(log.InsertedTwigs)).toEqual(["1", "3", "4"]);
    expect(log.InsertedTwigs[0]).toMatchObject({ Unit: "м3", Price: 7450.5 });
    expect(log.InsertedTwigs[1]).toMatchObject({ Unit: "" });
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Unit])).toEqual([
      ["2", "bunch"],
      ["2.1", ""],
    ]);
    expect(treeOf(catalog)).toEqual(["1", "3", "4"]);
  });
});

describe("rule 6: parent = code cut before its last delimiter run; codes trimmed, case-sensitive", () => {
  it("trims codes and keeps upper and lower case apart", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: " 1 ", Name: "Padded root" },
      { Code: "1.1 ", Name: "Padded child" },
      { Code: "a", Name: "Lower" },
      { Code: "A.1", Name: "Upper child without upper parent" },
      { Code: "x--y", Name: "Double delimiter" },
      { Code: "x", Name: "Parent of x--y" },
    ]);
    expect(codes(log.InsertedTwigs).sort()).toEqual(["1", "1.1", "a", "x", "x--y"]);
    expect(codes(log.IgnoredTwigs)).toEqual(["A.1"]);
    expect(treeOf(catalog)).toEqual([["1", ["1.1"]], "a", ["x", ["x--y"]]]);
  });
});

describe("rule 6: a trailing delimiter does not make a module", () => {
  it("keeps a one-module code with a trailing delimiter a root, and 5.1. a child of 5", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: "5.1.", Name: "Trailing dot, two modules" },
      { Code: "5.", Name: "Trailing dot, one module" },
      { Code: "5", Name: "Five" },
    ]);
    expect(log.IgnoredTwigs).toEqual([]);
    expect(log.UpdatedTwigs).toEqual([]);
    expect(log.DeletedTwigs).toEqual([]);
    expect(codes(log.InsertedTwigs).sort()).toEqual(["5", "5.", "5.1."]);
    expect(treeOf(catalog)).toEqual([["5", ["5.1."]], "5."]);
  });
});

describe("rule 7: matching by Guid, else by Code; unchanged ignored, changed updated, others inserted", () => {
  it("inserts with the Guid as ExternalId and a new PlatformId", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Guid: G1, Code: "1", Name: "With guid", Price: 10, Unit: "м3", CurrencyCharCode: "RUB" },
      { Code: "2", Name: "Without guid", Price: 5 },
    ]);
    expect(log.InsertedTwigs).toEqual([
      {
        PlatformId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ExternalId: G1,
        Code: "1",
        Name: "With guid",
        Price: 10,
        CurrencyCharCode: "RUB",
        Unit: "м3",
      },
      {
        PlatformId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ExternalId: ZERO,
        Code: "2",
        Name: "Without guid",
        Price: 5,
        CurrencyCharCode: "",
        Unit: "",
      },
    ]);
    expect(log.InsertedTwigs[0]?.PlatformId).not.toBe(G1);
  });

  it("ignores unchanged positions, updates changed ones with source and updated values", async () => {
    const catalog = newCatalog();
    const first = await runImport(catalog, [
      { Guid: G1, Code: "1", Name: "Concrete", Price: 10, Unit: "м3", CurrencyCharCode: "RUB" },
      { Code: "2", Name: "Rebar", Price: 5, Unit: "т", CurrencyCharCode: "RUB" },
    ]);
    const id1 = first.InsertedTwigs[0]?.PlatformId;
    const id2 = first.InsertedTwigs[1]?.PlatformId;
    const log = await runImport(catalog, [
      { Guid: G1, Code: "1", Name: "Concrete", Price: 10, Unit: "м3", CurrencyCharCode: "RUB" },
      { Code: "2", Name: "Rebar A500C", Price: 6.25, Unit: "кг", CurrencyCharCode: "USD" },
      { Code: "3", Name: "New" },
    ]);
    expect(log.IgnoredTwigs).toEqual([
      {
        PlatformId: id1,
        ExternalId: G1,
        Code: "1",
        Name: "Concrete",
        Price: 10,
        CurrencyCharCode: "RUB",
        Unit: "м3",
      },
    ]);
    expect(log.UpdatedTwigs).toEqual([
      {
        PlatformId: id2,
        SourceCode: "2",
        UpdatedCode: "2",
        SourceName: "Rebar",
        UpdatedName: "Rebar A500C",
        SourcePrice: 5,
        UpdatedPrice: 6.25,
        SourceCurrencyCharCode: "RUB",
        UpdatedCurrencyCharCode: "USD",
        SourceUnit: "т",
        UpdatedUnit: "кг",
      },
    ]);
    expect(codes(log.InsertedTwigs)).toEqual(["3"]);
    expect(treeOf(catalog)).toEqual(["1", "2", "3"]);
  });

  it("matches by Guid before Code: a Guid can move a position to a new code and parent", async () => {
    const catalog = newCatalog();
    const first = await runImport(catalog, [
      { Code: "1", Name: "One" },
      { Code: "2", Name: "Two" },
      { Guid: G2, Code: "1.1", Name: "Moving" },
    ]);
    const moving = first.InsertedTwigs.find((t) => t.Code === "1.1")?.PlatformId;
    const log = await runImport(catalog, [{ Guid: G2, Code: "2.1", Name: "Moving" }]);
    expect(log.UpdatedTwigs).toEqual([
      expect.objectContaining({ PlatformId: moving, SourceCode: "1.1", UpdatedCode: "2.1" }),
    ]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(treeOf(catalog)).toEqual(["1", ["2", ["2.1"]]]);
  });

  it("keeps the children of a moved position under it, and refuses a move under its own subtree", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [
      { Code: "1", Name: "One" },
      { Code: "2", Name: "Two" },
      { Guid: G3, Code: "1.1", Name: "Moving parent" },
      { Code: "1.1.1", Name: "Its child" },
    ]);
    const cycle = await runImport(catalog, [{ Guid: G3, Code: "1.1.1.9", Name: "Moving parent" }]);
    expect(cycle.UpdatedTwigs).toEqual([]);
    expect(codes(cycle.IgnoredTwigs)).toEqual(["1.1.1.9"]);
    const moved = await runImport(catalog, [{ Guid: G3, Code: "2.1", Name: "Moving parent" }]);
    expect(moved.UpdatedTwigs.map((t) => [t.SourceCode, t.UpdatedCode])).toEqual([["1.1", "2.1"]]);
    expect(treeOf(catalog)).toEqual(["1", ["2", [["2.1", ["1.1.1"]]]]]);
  });

  it("does not let an unknown Guid take a code held by another Guid", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [{ Guid: G1, Code: "1", Name: "Owned" }]);
    const log = await runImport(catalog, [{ Guid: G3, Code: "1", Name: "Intruder" }]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(log.UpdatedTwigs).toEqual([]);
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Name, t.ExternalId])).toEqual([["1", "Intruder", G3]]);
    expect(emu.catalogs.tree(company, catalog).map((n) => n.name)).toEqual(["Owned"]);
  });

  it("reports an unchanged row sent without price, unit or currency with the position's values", async () => {
    const catalog = newCatalog();
    const first = await runImport(catalog, [
      { Guid: G2, Code: "1", Name: "Priced", Price: 99, Unit: "шт", CurrencyCharCode: "RUB" },
    ]);
    const log = await runImport(catalog, [{ Guid: G2, Code: "1", Name: "Priced" }]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(log.UpdatedTwigs).toEqual([]);
    expect(log.DeletedTwigs).toEqual([]);
    expect(log.IgnoredTwigs).toEqual([
      {
        PlatformId: first.InsertedTwigs[0]?.PlatformId,
        ExternalId: G2,
        Code: "1",
        Name: "Priced",
        Price: 99,
        CurrencyCharCode: "RUB",
        Unit: "шт",
      },
    ]);
    expect(emu.catalogs.tree(company, catalog)[0]).toMatchObject({ price: 99, unit: "шт", currency: "RUB" });
  });

  it("matches a Guid whatever its letter case", async () => {
    const catalog = newCatalog();
    const lower = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
    const first = await runImport(catalog, [{ Guid: lower, Code: "1", Name: "Lower-case guid" }]);
    const log = await runImport(catalog, [{ Guid: lower.toUpperCase(), Code: "1", Name: "Renamed" }]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(log.UpdatedTwigs).toEqual([
      expect.objectContaining({
        PlatformId: first.InsertedTwigs[0]?.PlatformId,
        SourceName: "Lower-case guid",
        UpdatedName: "Renamed",
      }),
    ]);
    expect(treeOf(catalog)).toEqual(["1"]);
  });

  it("keeps fields that are absent from the row when updating", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [{ Code: "1", Name: "Priced", Price: 99, Unit: "шт", CurrencyCharCode: "RUB" }]);
    const log = await runImport(catalog, [{ Code: "1", Name: "Renamed only" }]);
    expect(log.UpdatedTwigs).toEqual([
      expect.objectContaining({
        SourcePrice: 99,
        UpdatedPrice: 99,
        SourceUnit: "шт",
        UpdatedUnit: "шт",
        UpdatedName: "Renamed only",
      }),
    ]);
  });

  it('under missingFieldsReset reads absent fields as 0 and "" and clears them, as ASP.NET\'s binder would', async () => {
    const reset = await startTestEmulator({ variations: { missingFieldsReset: true } });
    try {
      const resetToken = (await passwordToken(reset)).access_token;
      const resetCompany = companyId(reset, MAIN_COMPANY);
      reset.catalogs.create(resetCompany, "Reset");
      const post = async (data: Position[]): Promise<Log> => {
        const res = await postJson<{ jobId: string }>(
          `${reset.baseUrl}/api/import/catalog/json/external`,
          resetToken,
          {
            Settings: { CatalogName: "Reset", CompanyId: resetCompany },
            Data: data,
          },
        );
        expect(res.status).toBe(200);
        await waitForJob(reset, resetToken, res.body.jobId);
        return (
          await getJson<Log>(
            `${reset.baseUrl}/api/import/catalog/json/external/logbyjobid/${res.body.jobId}`,
            resetToken,
          )
        ).body;
      };
      await post([{ Code: "1", Name: "Priced", Price: 99, Unit: "шт", CurrencyCharCode: "RUB" }]);
      const log = await post([{ Code: "1", Name: "Renamed only", Price: null }]);
      expect(log.UpdatedTwigs).toEqual([
        expect.objectContaining({
          SourcePrice: 99,
          UpdatedPrice: 0,
          SourceUnit: "шт",
          UpdatedUnit: "",
          SourceCurrencyCharCode: "RUB",
          UpdatedCurrencyCharCode: "",
        }),
      ]);
    } finally {
      await reset.stop();
    }
  });
});

describe("rule 8: deletions match by Guid else Code and cascade to descendants", () => {
  it("deletes a position with its subtree, by Code and by Guid; an unmatched deletion is ignored", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [
      { Code: "1", Name: "One" },
      { Code: "1.1", Name: "One-one" },
      { Code: "1.1.1", Name: "Deep" },
      { Code: "1.1.2", Name: "Deep two" },
      { Code: "1.2", Name: "One-two" },
      { Guid: G1, Code: "2", Name: "Two" },
      { Code: "3", Name: "Three" },
    ]);
    const log = await runImport(
      catalog,
      [],
      [
        { Code: "1.1" },
        { Guid: G1, Code: "ignored because the Guid matches" },
        { Code: "9", Name: "Nothing" },
      ],
    );
    expect(log.DeletedTwigs.map((t) => t.Code)).toEqual(["1.1", "1.1.1", "1.1.2", "2"]);
    expect(log.DeletedTwigs[3]).toMatchObject({ ExternalId: G1, Name: "Two" });
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Name, t.PlatformId])).toEqual([["9", "Nothing", ZERO]]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(treeOf(catalog)).toEqual([["1", ["1.2"]], "3"]);
  });

  it("ignores a deletion whose Guid matches nothing even when its Code is held by another Guid", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [
      { Guid: G1, Code: "1", Name: "Owned by G1" },
      { Code: "2", Name: "No guid" },
    ]);
    const log = await runImport(
      catalog,
      [],
      [
        { Guid: G3, Code: "1", Name: "Wrong owner" },
        { Guid: G2, Code: "2", Name: "Guid unknown, code free" },
      ],
    );
    expect(log.DeletedTwigs.map((t) => [t.Code, t.ExternalId])).toEqual([["2", ZERO]]);
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Name, t.ExternalId, t.PlatformId])).toEqual([
      ["1", "Wrong owner", G3, ZERO],
    ]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(log.UpdatedTwigs).toEqual([]);
    expect(treeOf(catalog)).toEqual(["1"]);
  });

  it("applies deletions before the positions of Data in the same request", async () => {
    const catalog = newCatalog();
    await runImport(catalog, [
      { Code: "1", Name: "Old" },
      { Code: "1.1", Name: "Old child" },
    ]);
    const log = await runImport(catalog, [{ Code: "1", Name: "New" }], [{ Code: "1" }]);
    expect(codes(log.DeletedTwigs)).toEqual(["1", "1.1"]);
    expect(log.InsertedTwigs.map((t) => [t.Code, t.Name])).toEqual([["1", "New"]]);
    expect(treeOf(catalog)).toEqual(["1"]);
  });
});

describe("rule 9: duplicates in one request, by Guid or by Code: the first wins", () => {
  it("inserts the first and ignores the rest", async () => {
    const catalog = newCatalog();
    const log = await runImport(catalog, [
      { Code: "1", Name: "First" },
      { Code: "1", Name: "Second" },
      { Guid: G1, Code: "2", Name: "Guid first" },
      { Guid: G1, Code: "3", Name: "Guid second" },
      { Code: " 1", Name: "Third after trimming" },
    ]);
    expect(log.InsertedTwigs.map((t) => [t.Code, t.Name])).toEqual([
      ["1", "First"],
      ["2", "Guid first"],
    ]);
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Name])).toEqual([
      ["1", "Second"],
      ["3", "Guid second"],
      ["1", "Third after trimming"],
    ]);
    expect(treeOf(catalog)).toEqual(["1", "2"]);
    expect(emu.catalogs.tree(company, catalog)[0]?.name).toBe("First");
  });

  it("lets the first of two rows that match the same existing position update it", async () => {
    const catalog = newCatalog();
    const first = await runImport(catalog, [{ Guid: G1, Code: "1", Name: "Existing" }]);
    const id = first.InsertedTwigs[0]?.PlatformId;
    // Different codes, so neither is a duplicate of the other; both match the position of G1.
    const log = await runImport(catalog, [
      { Code: "1", Name: "By code, first" },
      { Guid: G1, Code: "5", Name: "By guid, second" },
    ]);
    expect(log.UpdatedTwigs).toEqual([
      expect.objectContaining({ PlatformId: id, SourceName: "Existing", UpdatedName: "By code, first" }),
    ]);
    expect(log.IgnoredTwigs.map((t) => [t.Code, t.Name, t.PlatformId, t.ExternalId])).toEqual([
      ["5", "By guid, second", id, G1],
    ]);
    expect(log.InsertedTwigs).toEqual([]);
    expect(log.DeletedTwigs).toEqual([]);
    expect(emu.catalogs.tree(company, catalog).map((n) => n.name)).toEqual(["By code, first"]);
  });
});
