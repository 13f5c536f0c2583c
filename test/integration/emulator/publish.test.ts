// Publishing a new version of an analysis on demand (emulator/src/publish.ts): the admin endpoint
// and the CLI command make the next analysis version, whose BOQ (as the OData export serves it, in
// every scheme) has rows added, removed, moved and changed, while the version it came from stays
// as it was.
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { RunningEmulator } from "../../../emulator/src/index";
import { getJson, passwordToken, startTestEmulator } from "./helpers";

const RUNNER = join(__dirname, "../../../emulator/run.cjs");
const CLI_TIMEOUT_MS = 60_000;

interface Row {
  Code: string;
  Name: string;
  Value: number;
  TotalCost: number;
  Id: string;
  ParentId: string;
  PlatformId: string;
  Version: number;
}

let emu: RunningEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator({ admin: true });
  token = (await passwordToken(emu)).access_token;
});
afterAll(async () => {
  await emu?.stop();
});

async function boq(version: string, scheme = "Main scheme"): Promise<Row[]> {
  const url = `${emu.baseUrl}/api/odata/UnionTree('Northwind%20Construction','O''Brien%20Tower','Tower%20AR','${encodeURIComponent(scheme)}')?version=${version}&parents=true`;
  const rows: Row[] = [];
  for (let next: string | undefined = url; next;) {
    const page: { status: number; body: { value: Row[]; "@odata.nextLink"?: string } } = await getJson(
      next,
      token,
    );
    expect(page.status).toBe(200);
    rows.push(...page.body.value);
    next = page.body["@odata.nextLink"];
  }
  return rows;
}

async function publish(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${emu.adminUrl}/versions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it("POST /versions publishes 3.3 from 3.2 with the changes asked for; the other scheme is carried over", async () => {
  const before = await boq("3.2");
  const supplierBefore = await boq("3.2", "Supplier prices");
  const leaves = before.filter((r) => !before.some((c) => c.ParentId === r.Id));
  const [first, second, , , last] = leaves;
  const target = leaves.find(
    (r) => r.ParentId !== first?.ParentId && r.ParentId !== second?.ParentId && r !== last,
  );
  if (!first || !second || !last || !target) throw new Error("the demo BOQ is too small");
  const answer = await publish({
    project: "O'Brien Tower",
    model: "Tower AR",
    from: "3.2",
    changes: {
      change: [{ code: first.Code, quantity: first.Value + 5 }],
      move: [{ code: second.Code, after: target.Code }],
      remove: [last.Code],
      add: [{ after: first.Code, code: "9.9.9", name: "Fence", quantity: 3, unitCost: 100 }],
    },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    version: "3.3",
    added: ["9.9.9"],
    removed: [last.Code],
    moved: [second.Code],
    changed: [first.Code],
  });

  const after = await boq("3.3");
  const byCode = new Map(after.map((r) => [r.Code, r]));
  expect(byCode.get(first.Code)?.Value).toBe(first.Value + 5);
  expect(byCode.has(last.Code)).toBe(false);
  const added = byCode.get("9.9.9");
  expect(added).toMatchObject({ Name: "Fence", Value: 3, TotalCost: 300, ParentId: first.ParentId });
  expect(after.indexOf(added as Row)).toBe(after.indexOf(byCode.get(first.Code) as Row) + 1);
  // Moved: the same position (Id, PlatformId) under the target's parent, right after it.
  const moved = byCode.get(second.Code);
  expect(moved).toMatchObject({ Id: second.Id, PlatformId: second.PlatformId, ParentId: target.ParentId });
  expect(after.indexOf(moved as Row)).toBe(after.indexOf(byCode.get(target.Code) as Row) + 1);
  expect(after.every((r) => r.Version === 3)).toBe(true);
  // The other scheme's BOQ is carried over as it was; 3.2 is as it was.
  const supplier = await boq("3.3", "Supplier prices");
  expect(supplier.map((r) => [r.Code, r.Value])).toEqual(supplierBefore.map((r) => [r.Code, r.Value]));
  expect(await boq("3.2")).toEqual(before);
});

it("without changes, a fixed recipe adds, removes, moves and changes one row each", async () => {
  const answer = await publish({ project: "O'Brien Tower", model: "Tower AR", from: "2.1" });
  expect(answer.body["error"]).toBeUndefined();
  expect(answer.status).toBe(200);
  expect(answer.body["version"]).toBe("2.3");
  for (const kind of ["added", "removed", "moved", "changed"]) expect(answer.body[kind]).toHaveLength(1);
  const rows = await boq("2.3");
  expect(rows.some((r) => r.Code === (answer.body["added"] as string[])[0])).toBe(true);
  expect(rows.some((r) => r.Code === (answer.body["removed"] as string[])[0])).toBe(false);
});

it("inPlace runs the analysis again: the version it comes from gets the changed BOQ, no new version", async () => {
  const before = await boq("1.1");
  const answer = await publish({ project: "O'Brien Tower", model: "Tower AR", from: "1.1", inPlace: true });
  expect(answer.status).toBe(200);
  expect(answer.body["version"]).toBe("1.1");
  const after = await boq("1.1");
  expect(after).not.toEqual(before);
  expect(after.some((r) => r.Code === (answer.body["added"] as string[])[0])).toBe(true);
  expect(after.every((r) => r.Version === 1)).toBe(true);
  const none = await getJson(
    `${emu.baseUrl}/api/odata/UnionTree('Northwind%20Construction','O''Brien%20Tower','Tower%20AR','Main%20scheme')?version=1.3&parents=true`,
    token,
  );
  expect(none.status).toBe(404);
});

it("refuses an unknown analysis (404) and a change naming a row the BOQ lacks (400), publishing nothing", async () => {
  expect((await publish({ project: "O'Brien Tower", model: "Tower AR", from: "9.1" })).status).toBe(404);
  const refused = await publish({
    project: "O'Brien Tower",
    model: "Tower AR",
    from: "1.1",
    changes: { remove: ["no-such-code"] },
  });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toMatch(/no row no-such-code/);
  expect(
    (
      await getJson(
        `${emu.baseUrl}/api/odata/UnionTree('Northwind%20Construction','O''Brien%20Tower','Tower%20AR','Main%20scheme')?version=1.3&parents=true`,
        token,
      )
    ).status,
  ).not.toBe(200);
  expect((await publish({ project: "x", model: "y", from: "3" })).status).toBe(400);
});

it(
  "npm run emulator -- publish asks the running emulator and prints what changed",
  async () => {
    const port = new URL(emu.adminUrl ?? "").port;
    const proc = spawn(
      process.execPath,
      [
        RUNNER,
        "publish",
        "--project",
        "O'Brien Tower",
        "--model",
        "Tower AR",
        "--from",
        "1.2",
        "--admin-port",
        port,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    proc.stdout.setEncoding("utf8");
    proc.stdout.on("data", (c: string) => (out += c));
    proc.stderr.setEncoding("utf8");
    proc.stderr.on("data", (c: string) => (out += c));
    const code = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
    expect(code).toBe(0);
    expect(out).toMatch(/Published Tower AR 1\.3 \(from 1\.2\)/);
    expect(out).toMatch(/moved\s+\S+/);
    expect((await boq("1.3")).length).toBeGreaterThan(0);
  },
  CLI_TIMEOUT_MS,
);
