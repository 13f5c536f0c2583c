// A BOQ sheet of the emulator's O'Brien Tower / Tower AR 3.2, refreshed after the emulator ran the
// analysis again with a row moved to another section (emulator/src/publish.ts, inPlace): the
// refresh asks nothing (nothing was typed over), and the row is moved, its estimator's formula
// relative to its own row and a formula elsewhere pointing at it both right after.
import { installOfficeEmulation, type InstalledOfficeEmulation } from "../../../dev/office-emulation";
import { sharedBoqData } from "../../../src/boqdata";
import {
  insertBoqSheet,
  refreshActiveBoqSheet,
  type BoqSheetChoice,
  type BoqSheetDeps,
} from "../../../src/boqsheet";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { MemoryDocumentSettings } from "../../../src/workbook/documentSettings";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { dropContext, useContext } from "../functions/helpers";

jest.setTimeout(60_000);

const CHOICE: BoqSheetChoice = {
  company: "Northwind Construction",
  project: "O'Brien Tower",
  model: "Tower AR",
  scheme: "Main scheme",
  version: "3.2",
  analysis: "Version 3.2",
};
const FIRST_ROW = 13;

let env: Env;
let session: Session;
let installed: InstalledOfficeEmulation | undefined;

beforeAll(async () => {
  setLogSink(() => undefined);
  env = await startEnv({ pageSize: 40 });
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  installed?.uninstall();
  dropContext();
  setLogSink(null);
  await env?.emu.stop();
});

it("a row moved by the platform keeps its relative formula and the reference from another sheet", async () => {
  useContext(session);
  installed = installOfficeEmulation(globalThis, { sheets: { Notes: [] } });
  const excel = installed;
  const deps: BoqSheetDeps = {
    excel: (batch) => excel.run(batch),
    data: sharedBoqData(),
    settings: new MemoryDocumentSettings(),
    now: Date.now,
  };
  const written = await insertBoqSheet(deps, CHOICE);
  const sheet = written.sheetName;
  const ref = `'${sheet}'`;
  const rows = () => excel.values(sheet, "A13:N300");
  const before = rows();
  const items = before.flatMap((r, i) =>
    String(r[12]).startsWith("id:") && r[4] !== "" && Number(r[6]) > 0 ? [i] : [],
  );
  const code = (i: number) => String(before[i]?.[1]);
  // An item whose work type keeps another one (a work type left empty would become an item itself).
  const parentOf = (i: number) => code(i).split(".").slice(0, -1).join(".");
  const x = items.find((i) => items.some((j) => j !== i && parentOf(j) === parentOf(i))) as number;
  const t = [...items].reverse().find((i) => code(i).split(".")[0] !== code(x).split(".")[0]) as number;
  const xRow = FIRST_ROW + x;
  const quantity = Number(before[x]?.[4]);
  excel.setCells(sheet, `F${xRow}`, [[`=E${xRow}*2`]]);
  excel.setCells("Notes", "A1", [[`=${ref}!F${xRow}`]]);

  // Nothing changed yet: a refresh asks nothing and keeps every row.
  const same = await refreshActiveBoqSheet(deps);
  expect(same.kind).toBe("done");

  env.emu.versions.publish({
    project: CHOICE.project,
    model: CHOICE.model,
    from: "3.2",
    inPlace: true,
    changes: { move: [{ code: code(x), after: code(t) }] },
  });
  const step = await refreshActiveBoqSheet(deps);
  expect(step.kind).toBe("done");
  const after = rows();
  const moved = after.findIndex((r) => r[1] === code(x));
  expect(moved).toBeGreaterThan(x);
  const movedRow = FIRST_ROW + moved;
  expect(excel.cell(sheet, `F${movedRow}`)?.formula).toBe(`=E${movedRow}*2`);
  expect(excel.values(sheet, `F${movedRow}`)[0]?.[0]).toBeCloseTo(quantity * 2, 6);
  expect(excel.cell("Notes", "A1")?.formula).toBe(`=${ref}!F${movedRow}`);
  expect(excel.values("Notes", "A1")[0]?.[0]).toBeCloseTo(quantity * 2, 6);
});
