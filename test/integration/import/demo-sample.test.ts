// Issue 43, item 1: the README says the workbench's sample "imports cleanly". Into every catalog
// the demo offers (the company's priority schemes name them), the sample's sixteen positions are
// taken, none ignored; importing it again changes nothing, as the dry run said, row by row. The
// emulator's "Demo catalog" holds the demo estimate under the same codes (1, 1.1, ...), made on
// the platform without external ids: before issue 43 they carried external ids of their own, so
// the platform refused 13 of the sample's rows (their codes were other positions').

import { MemoryBaselineStore, selectClearOutcomes, type ImportState } from "../../../src/import";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { companyOf, demoWorkbook, pipelineFor, type Harness } from "./helpers";

jest.setTimeout(60_000);

let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  env = await startEnv();
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  setLogSink(null);
  await env?.emu.stop();
});

async function previewSample(h: Harness, catalogName: string): Promise<ImportState> {
  const company = companyOf(session);
  h.pipeline.setChoices({ catalogName, companyId: company.id, companyName: company.name });
  // The sample's table (the workbench opens with B2 selected; the log sheets take the selection after).
  await h.pipeline.readRange({ sheet: "Catalog", address: "A1:G17" });
  await h.pipeline.preview();
  const state = h.pipeline.getState();
  expect(state.phase).toBe("previewed");
  return state;
}

/** Per code sent, the predicted outcome. */
function predictedByCode(state: ImportState): Map<string, string> {
  const prediction = state.send.prediction!;
  const out = new Map<string, string>();
  for (const [outcome, rows] of Object.entries(prediction.outcome.rows)) {
    for (const i of rows) out.set(prediction.positions[i]!.Code, outcome);
  }
  return out;
}

/** Per code in the log, what the platform did. */
function resultByCode(state: ImportState): Map<string, string> {
  const log = state.log.log!;
  const out = new Map<string, string>();
  for (const t of log.insertedTwigs) out.set(t.code, "inserted");
  for (const t of log.updatedTwigs) out.set(t.updatedCode ?? "", "updated");
  for (const t of log.ignoredTwigs) out.set(t.code ?? "", "ignored");
  return out;
}

const offered = async (): Promise<string[]> => {
  const h = pipelineFor(demoWorkbook(), session, {
    deps: { listProjects: (companyId) => session.api.listProjects(companyId) },
  });
  const company = companyOf(session);
  await h.pipeline.catalogs.load(company.id);
  return h.pipeline.catalogs
    .choices(company.id)
    .filter((c) => c.sources.includes("platform"))
    .map((c) => c.name);
};

describe("the workbench's sample into each catalog the demo offers", () => {
  it("the demo offers Demo catalog and Materials", async () => {
    expect((await offered()).sort()).toEqual(["Demo catalog", "Materials"]);
  });

  it.each(["Demo catalog", "Materials"])(
    "%s takes all sixteen positions, and again changes nothing",
    async (catalog) => {
      const h = pipelineFor(demoWorkbook(), session, { deps: { baselines: new MemoryBaselineStore() } });
      const first = await previewSample(h, catalog);
      const predicted = predictedByCode(first);
      expect(predicted.size).toBe(16);
      await h.pipeline.start();
      const done = h.pipeline.getState();
      const result = resultByCode(done);
      expect(done.log.counts).toMatchObject({ ignored: 0 });
      expect((done.log.counts?.inserted ?? 0) + (done.log.counts?.updated ?? 0)).toBe(16);
      // Nothing was predicted as ignored, and nothing was.
      for (const [code, outcome] of predicted) {
        expect([code, outcome.startsWith("ignored")]).toEqual([code, false]);
        expect([code, result.get(code)]).not.toEqual([code, "ignored"]);
      }

      h.pipeline.reset();
      const second = await previewSample(h, catalog);
      const again = predictedByCode(second);
      await h.pipeline.start();
      const doneAgain = h.pipeline.getState();
      const result2 = resultByCode(doneAgain);
      // A section row (1, 2, 3, 4) gives no currency: in Demo catalog its position kept the RUB it
      // had, so a blank there "may clear currency (was RUB)"; the platform kept it, and says so.
      const mayClear = catalog === "Demo catalog" ? ["1", "2", "3", "4"] : [];
      for (const [code, outcome] of again) {
        const expected = mayClear.includes(code) ? "mayClear" : "unchanged";
        expect([code, outcome, result2.get(code)]).toEqual([code, expected, "ignored"]);
      }
      expect(selectClearOutcomes(doneAgain).map((c) => [c.code, c.field, c.was, c.verdict])).toEqual(
        mayClear.map((code) => [code, "CurrencyCharCode", "RUB", "kept"]),
      );
    },
  );
});
