// One BOQ data path: a PLATFORM.BOQ formula (through the wrapper Excel calls) and the BOQ sheet
// journey (its room, with the Office emulation's Excel runner) share the runtime's request layer,
// so Insert BOQ sheet right after =PLATFORM.BOQ(...) with the same arguments asks the platform
// nothing. Every request is counted where it arrives: the in-process emulator.
import { createEmulatedExcel, type OfficeEmulation } from "../../../dev/office-emulation";
import { sharedBoqData } from "../../../src/boqdata";
import {
  insertBoqSheet,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
} from "../../../src/boqsheet";
import * as fx from "../../../src/functions/functions";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { MemoryDocumentSettings } from "../../../src/workbook/documentSettings";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import {
  dropContext,
  installCustomFunctionsGlobal,
  invocation,
  removeCustomFunctionsGlobal,
  useContext,
} from "../functions/helpers";

jest.setTimeout(60_000);

const COMPANY = "Northwind Construction";
const TOWER = "O'Brien Tower";
const CHOICE: BoqSheetChoice = {
  company: COMPANY,
  project: TOWER,
  model: "Tower AR",
  scheme: "Main scheme",
  version: "3.2",
  analysis: "Version 3.2",
};
const UNION_TREE = "/api/odata/UnionTree";

let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  // 40 rows a page: the BOQ of Tower AR 3.2 with its parents takes several pages.
  env = await startEnv({ pageSize: 40 });
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await env?.emu.stop();
});
beforeEach(() => {
  useContext(session);
});

/** The journey's effects as the pane wires them, over an emulated workbook: the runtime's data path. */
function sheetJourney(): { excel: OfficeEmulation; deps: BoqSheetDeps } {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] } });
  const deps: BoqSheetDeps = {
    excel: (batch) => excel.run(batch),
    data: sharedBoqData(),
    settings: new MemoryDocumentSettings(),
    now: Date.now,
  };
  return { excel, deps };
}

function column(matrix: unknown[][], header: string): unknown[] {
  const i = (matrix[0] ?? []).indexOf(header);
  return matrix.slice(1).map((r) => r[i]);
}

it("Insert BOQ sheet right after =PLATFORM.BOQ(...) with the same arguments makes no request", async () => {
  const before = env.requests.length;
  const spill = await fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "3.2", true, "", null, invocation());
  // The formula asked: the company list, the projects, and every page of the BOQ.
  expect(countRequests(env, "GET", UNION_TREE)).toBeGreaterThan(1);
  expect(env.requests.length - before).toBeGreaterThan(3);

  const asked = env.requests.length;
  const { excel, deps } = sheetJourney();
  const written = await insertBoqSheet(deps, CHOICE);
  expect(env.requests.slice(asked)).toEqual([]);

  // The sheet holds the rows the formula spilled, in the same tree order.
  const codes = column(spill, "Code");
  expect(written.rowCount).toBe(codes.length);
  // Read as the sheet shows them, leaving out the sections' total rows (their key starts "end:").
  const last = 12 + written.rowCount * 2 + 1;
  const shown = excel
    .values(written.sheetName, `B13:M${last}`)
    .filter((r) => r[0] !== "" && !String(r[11]).startsWith("end:"))
    .map((r) => r[0]);
  expect(shown).toEqual(codes);
});

it("the same BOQ asked with other columns after the sheet builds its spill from the kept rows", async () => {
  const { deps } = sheetJourney();
  await insertBoqSheet(deps, { ...CHOICE, version: "2.2" });
  const asked = env.requests.length;
  const spill = await fx.boq(
    COMPANY,
    TOWER,
    "tower ar",
    "Main scheme",
    "2.2",
    true,
    "Code,Name",
    null,
    invocation(),
  );
  expect(spill[0]).toEqual(["Code", "Name"]);
  expect(env.requests.slice(asked)).toEqual([]);
});

it("asks the platform for a BOQ not yet kept, and asks again on Refresh this BOQ sheet", async () => {
  const { deps } = sheetJourney();
  const before = countRequests(env, "GET", UNION_TREE);
  const all = env.requests.length;
  await insertBoqSheet(deps, { ...CHOICE, version: "1.2" });
  const pages = countRequests(env, "GET", UNION_TREE) - before;
  expect(pages).toBeGreaterThanOrEqual(1);

  const asked = env.requests.length;
  expect((await refreshActiveBoqSheet(deps)).kind).toBe("done");
  // Only the BOQ itself, every page of it again; the lists that name it are still kept.
  expect(countRequests(env, "GET", UNION_TREE) - before).toBe(2 * pages);
  expect(env.requests.length - asked).toBe(pages);
  expect(asked - all).toBeGreaterThanOrEqual(pages);
});
