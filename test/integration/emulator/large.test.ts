// Benchmark-sized data: a 100k-position import completes, and a 100k-row BOQ pages through
// @odata.nextLink. Generous time limits; the figures belong to the benchmark, not to assertions.
import type { RunningEmulator } from "../../../emulator/src/index";
import {
  companyId,
  getJson,
  MAIN_COMPANY,
  passwordToken,
  postJson,
  startTestEmulator,
  waitForJob,
} from "./helpers";

const ROWS = 100_000;
const LARGE_TIMEOUT_MS = 180_000;

let emu: RunningEmulator;
let token: string;

beforeAll(async () => {
  emu = await startTestEmulator({ demoSize: ROWS });
  token = (await passwordToken(emu)).access_token;
}, LARGE_TIMEOUT_MS);
afterAll(async () => {
  await emu.stop();
});

it(
  "imports 100k positions in one request",
  async () => {
    const main = companyId(emu, MAIN_COMPANY);
    emu.catalogs.create(main, "Bulk");
    const data: { Code: string; Name: string; Price: number; Unit: string }[] = [];
    for (let s = 1; s <= 100; s++) {
      data.push({ Code: String(s), Name: `Section ${s}`, Price: 0, Unit: "" });
      for (let i = 1; i < ROWS / 100; i++)
        data.push({ Code: `${s}.${i}`, Name: `Item ${s}.${i}`, Price: i / 10, Unit: "m3" });
    }
    expect(data).toHaveLength(ROWS);
    const res = await postJson<{ jobId: string }>(`${emu.baseUrl}/api/import/catalog/json/external`, token, {
      Settings: { CatalogName: "Bulk", CompanyId: main },
      Data: data,
    });
    expect(res.status).toBe(200);
    const status = await waitForJob(emu, token, res.body.jobId);
    expect(status).toMatchObject({ status: "ReportCreated", progress: 100, error: null });
    const log = await getJson<{ InsertedTwigs: unknown[]; IgnoredTwigs: unknown[] }>(
      `${emu.baseUrl}/api/import/catalog/json/external/logbyjobid/${res.body.jobId}`,
      token,
    );
    expect(log.body.InsertedTwigs).toHaveLength(ROWS);
    expect(log.body.IgnoredTwigs).toHaveLength(0);
    const tree = emu.catalogs.tree(main, "Bulk");
    expect(tree).toHaveLength(100);
    expect(tree[99]?.children).toHaveLength(ROWS / 100 - 1);
  },
  LARGE_TIMEOUT_MS,
);

it(
  "pages a 100k-row BOQ through @odata.nextLink",
  async () => {
    let next: string | undefined =
      `${emu.baseUrl}/api/odata/UnionTree('${encodeURIComponent(MAIN_COMPANY)}','Benchmark','Large%20model','Main%20scheme')?version=1.1`;
    let rows = 0;
    let pages = 0;
    const codes = new Set<string>();
    while (next) {
      const res: { status: number; body: { value: { Code: string }[]; "@odata.nextLink"?: string } } =
        await getJson(next, token);
      expect(res.status).toBe(200);
      rows += res.body.value.length;
      for (const r of res.body.value) codes.add(r.Code);
      next = res.body["@odata.nextLink"];
      pages++;
    }
    expect(rows).toBe(ROWS);
    expect(codes.size).toBe(ROWS);
    expect(pages).toBeGreaterThan(1);
  },
  LARGE_TIMEOUT_MS,
);
