// The navigator's preview goes through the data path the formula and the BOQ sheet use: after it,
// =PLATFORM.BOQ(...) of the same choice and Insert BOQ sheet ask the platform nothing. A renamed
// scheme asked by its new name is refused, and the preview can say why. Requests are counted
// where they arrive: the in-process emulator.
import { createEmulatedExcel } from "../../../dev/office-emulation";
import {
  analysisChoices,
  previewBoq,
  projectChoices,
  refusalReason,
  sharedBoqData,
  type BoqRequest,
} from "../../../src/boqdata";
import { insertBoqSheet } from "../../../src/boqsheet";
import { projectModels } from "../../../src/boq/lookup";
import * as fx from "../../../src/functions/functions";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { MemoryDocumentSettings } from "../../../src/workbook/documentSettings";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
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

let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv({ pageSize: 40 });
  ({ session } = await sessionFor(env));
  await signIn(env, session);
  useContext(session);
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await env?.emu.stop();
});

/** What the navigator picks from the platform's lists, as a request by ids. */
async function picked(version: string, scheme: string): Promise<BoqRequest> {
  const data = sharedBoqData();
  const state = session.getState();
  if (state.status !== "signed-in" || !state.company) throw new Error("not signed in");
  const project = (await projectChoices(data, state.company.id)).find((p) => p.name === TOWER);
  const model = project && projectModels(project).find((m) => m.name === "Tower AR");
  if (!project || !model) throw new Error("no Tower AR");
  const analyses = await analysisChoices(data, project, model);
  expect(analyses.find((a) => a.version === version)?.schemes.map((s) => s.name)).toContain(scheme);
  return {
    company: { kind: "id", id: state.company.id },
    project: { kind: "id", id: project.id },
    model: { kind: "id", id: model.id },
    scheme,
    version,
    parents: true,
  };
}

it("previews a BOQ once: the formula and the BOQ sheet of the same choice ask nothing more", async () => {
  const request = await picked("3.2", "Main scheme");
  const data = sharedBoqData();
  const before = env.requests.length;
  const preview = await previewBoq(data, request);
  expect(env.requests.length - before).toBeGreaterThan(1);
  expect(preview.rowCount).toBeGreaterThan(10);
  expect(preview.levels).toBe(3);
  expect(preview.firstRows[0]).toMatchObject({ level: 1, quantity: undefined });

  const asked = env.requests.length;
  const spill = await fx.boq(COMPANY, TOWER, "Tower AR", "Main scheme", "3.2", true, "", null, invocation());
  expect(spill.length - 1).toBe(preview.rowCount);
  const excel = createEmulatedExcel({ sheets: { Sheet1: [] } });
  const written = await insertBoqSheet(
    { excel: (batch) => excel.run(batch), data, settings: new MemoryDocumentSettings(), now: Date.now },
    {
      company: COMPANY,
      project: TOWER,
      model: "Tower AR",
      scheme: "Main scheme",
      version: "3.2",
      analysis: "Version 3.2",
    },
  );
  expect(written.rowCount).toBe(preview.rowCount);
  expect(env.requests.slice(asked)).toEqual([]);
});

it("previews a renamed scheme by the name the analysis lists, and refuses its new name with the platform's reason", async () => {
  const data = sharedBoqData();
  const original = await previewBoq(data, await picked("3.1", "Supplier prices"));
  expect(original.rowCount).toBeGreaterThan(0);
  const renamed = { ...(await picked("3.1", "Supplier prices")), scheme: "Supplier prices 2025" };
  const refused = await previewBoq(data, renamed).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refusalReason(refused)).toMatch(/renamed from 'Supplier prices'/);
  expect(refusalReason(new Error("offline"))).toBeUndefined();
});
