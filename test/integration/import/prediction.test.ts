// Issue 26, items 1, 2 and 5 (before Import): the preview's dry run against the emulator. The
// baseline is kept after the first job (in a Map standing for the pane's IndexedDB), so a second
// import of the same sheet predicts "no change" for every row; a sheet without a Currency column
// and with a blank price on positions imported before names them; rows hanging under a missing
// root are asked about, and one click adds the root as a row below the range, checked again
// before anything is sent. With error rows skipped, the preview's tree is what is sent.

import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import {
  blankCellRows,
  blankFieldsOf,
  listRows,
  MemoryBaselineStore,
  missingParentsAsk,
  type ImportState,
} from "../../../src/import";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { companyOf, importRange, newCatalog, pipelineFor, workbookWith, type Harness } from "./helpers";

jest.setTimeout(60_000);

const PRICES = [
  ["Code", "Name", "Price", "Unit"],
  ["1", "Walls", 10, "m2"],
  ["1.1", "Brick walls", 20, "m2"],
  ["1.2", "Block walls", 30, "m2"],
  ["2", "Floors", 40, "m2"],
];

async function preview(
  h: Harness,
  session: Session,
  catalogName: string,
  address: string,
): Promise<ImportState> {
  const company = companyOf(session);
  h.pipeline.setChoices({ catalogName, companyId: company.id, companyName: company.name });
  await h.pipeline.readRange({ sheet: "Catalog", address });
  await h.pipeline.preview();
  return h.pipeline.getState();
}

describe("the preview's dry run against the emulator", () => {
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

  it("before any import nothing is known; after it, the same sheet again predicts no change for every row", async () => {
    const excel = workbookWith(PRICES);
    const baselines = new MemoryBaselineStore();
    const h = pipelineFor(excel, session, { deps: { baselines } });
    const catalog = newCatalog(env, session, "Predicted");

    const first = await preview(h, session, catalog, "A1:D5");
    expect(first.send.prediction?.outcome.hasBaseline).toBe(false);
    expect(first.send.prediction?.outcome.counts.unknown).toBe(4);
    await h.pipeline.start();
    expect(h.pipeline.getState().log.counts).toMatchObject({ inserted: 4, ignored: 0 });
    expect(baselines.items.size).toBe(1);

    h.pipeline.reset();
    const second = await preview(h, session, catalog, "A1:D5");
    const outcome = second.send.prediction!.outcome;
    expect(outcome.hasBaseline).toBe(true);
    expect(outcome.counts.unchanged).toBe(4);
    expect(outcome.rows.unchanged).toEqual([0, 1, 2, 3]);
    // The platform agrees: nothing changed, every row ignored as unchanged.
    await h.pipeline.start();
    expect(h.pipeline.getState().log.counts).toMatchObject({ inserted: 0, updated: 0 });
  });

  it("a store that refuses never stops an import: the prediction says nothing is known", async () => {
    const refused = () => Promise.reject(new DOMException("refused", "QuotaExceededError"));
    const h = pipelineFor(workbookWith(PRICES), session, {
      deps: { baselines: { get: refused, put: refused } },
    });
    const catalog = newCatalog(env, session, "Refused");
    await importRange(h, session, catalog, "A1:D5");
    expect(h.pipeline.getState().log.counts).toMatchObject({ inserted: 4 });
    h.pipeline.reset();
    const state = await preview(h, session, catalog, "A1:D5");
    expect(state.send.prediction?.storeFailed).toBe(true);
    expect(state.send.prediction?.outcome.hasBaseline).toBe(false);
    expect(state.send.prediction?.outcome.counts.unknown).toBe(4);
  });

  it("rows under a missing root are asked about; one click adds the root below the range, checked again", async () => {
    const excel = workbookWith([
      ["Code", "Name", "Price", "Unit"],
      ["Ss_15", "Earthworks systems", null, null],
      ["Ss_15_10", "Ground retention systems", 12.5, "m2"],
      ["Ss_15_10_30", "Piling systems", 40, "m"],
    ]);
    const h = pipelineFor(excel, session, { deps: { baselines: new MemoryBaselineStore() } });
    const catalog = newCatalog(env, session, "Roots");
    const state = await preview(h, session, catalog, "A1:D4");
    expect(missingParentsAsk(state.send.prediction)).toEqual({ hanging: 3, sent: 3, parents: ["Ss"] });
    expect(state.send.prediction?.addParents).toEqual(["Ss"]);

    const added = await h.pipeline.addMissingParents();
    expect(added).toEqual({ added: 1 });
    expect(excel.values("Catalog", "A5:D5")).toEqual([["Ss", "(name of Ss)", "", ""]]);
    const checked = h.pipeline.getState();
    expect(checked.phase).toBe("checked");
    expect(checked.check.source).toEqual({ sheet: "Catalog", address: "A1:D5" });
    expect(checked.check.notice).toEqual({ key: "prediction.addedParents", values: { count: 1 } });

    await h.pipeline.preview();
    const again = h.pipeline.getState();
    expect(again.send.summary?.positions).toBe(4);
    expect(again.send.prediction?.outcome.missingParents).toEqual([]);
    expect(missingParentsAsk(again.send.prediction)).toBeNull();
    await h.pipeline.start();
    expect(h.pipeline.getState().log.counts).toMatchObject({ inserted: 4, ignored: 0 });
  });

  it("the whole missing chain is added, parents first; cells below that are not empty are never overwritten", async () => {
    const excel = workbookWith([
      ["Code", "Name"],
      ["A.B.C.1", "Deep"],
      ["A.B.C.2", "Deeper"],
    ]);
    const h = pipelineFor(excel, session, { deps: { baselines: new MemoryBaselineStore() } });
    const catalog = newCatalog(env, session, "Chain");
    const state = await preview(h, session, catalog, "A1:B3");
    expect(state.send.prediction?.addParents).toEqual(["A", "A.B", "A.B.C"]);

    excel.setCells("Catalog", "B5", [["a note"]]);
    expect(await h.pipeline.addMissingParents()).toEqual({ occupied: "A4:B6" });
    expect(excel.values("Catalog", "A4:B6")).toEqual([
      ["", ""],
      ["", "a note"],
      ["", ""],
    ]);
    expect(h.pipeline.getState().phase).toBe("previewed");

    excel.setCells("Catalog", "B5", [[null]]);
    expect(await h.pipeline.addMissingParents()).toEqual({ added: 3 });
    expect(excel.values("Catalog", "A4:A6").flat()).toEqual(["A", "A.B", "A.B.C"]);
    expect(h.pipeline.getState().check.source?.address).toBe("A1:B6");
  });

  it("with error rows skipped, the preview's tree and counts are those of what is sent", async () => {
    const excel = workbookWith([
      ["Code", "Name", "Price"],
      ["10", "Frames", 1],
      ["10.1", "Steel", 2],
      ["10.2", "Timber", "not a price"],
      ["10.3", "Concrete", "x"],
    ]);
    const h = pipelineFor(excel, session, { deps: { baselines: new MemoryBaselineStore() } });
    const company = companyOf(session);
    h.pipeline.setChoices({
      catalogName: newCatalog(env, session, "Skipped"),
      companyId: company.id,
      companyName: company.name,
      skipErrorRows: true,
    });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:C5" });
    expect(h.pipeline.getState().check.errorRows).toEqual([4, 5]);
    await h.pipeline.preview();
    const state = h.pipeline.getState();
    const body = h.pipeline.previewBody()!;
    expect(state.send.summary?.positions).toBe(body.Data.length);
    expect(state.send.summary?.tree.size).toBe(2);
    expect(state.send.summary?.tree.roots.map((r) => r.code)).toEqual(["10"]);
    expect(state.send.summary?.tree.roots[0]?.children.map((c) => c.code)).toEqual(["10.1"]);
    expect(state.send.prediction?.positions.map((p) => p.Code)).toEqual(body.Data.map((p) => p.Code));
  });
});

// What the platform does with a field left out is not published: the preview names these rows the
// same way whichever it does (the emulator's default keeps the value, missingFieldsReset clears it).
describe.each([false, true])(
  "the blank fields named in the preview (fields left out cleared: %s)",
  (reset) => {
    let env: Env;
    let session: Session;
    beforeAll(async () => {
      setLogSink(() => undefined);
      env = await startEnv(reset ? { variations: { missingFieldsReset: true } } : {});
      ({ session } = await sessionFor(env));
      await signIn(env, session);
    });
    afterAll(async () => {
      setLogSink(null);
      await env?.emu.stop();
    });

    it("no Currency column and a blank price on positions imported before are named in the preview", async () => {
      const excel = workbookWith(PRICES);
      const baselines = new MemoryBaselineStore();
      const h = pipelineFor(excel, session, { deps: { baselines } });
      const catalog = newCatalog(env, session, "Blanks");
      await importRange(h, session, catalog, "A1:D5");
      h.pipeline.reset();

      excel.setCells("Catalog", "C3", [[null]]);
      const state = await preview(h, session, catalog, "A1:D5");
      const prediction = state.send.prediction!;
      expect(prediction.unmapped).toEqual(["CurrencyCharCode"]);
      const blank = blankCellRows(prediction);
      expect(listRows(prediction, blank).rows).toEqual([{ row: 3, code: "1.1" }]);
      expect(blankFieldsOf(prediction, blank[0]!)).toEqual(["Price"]);
      // Every position leaves out the currency: all four may update an existing one.
      expect(prediction.outcome.blankFields).toEqual([0, 1, 2, 3]);
    });
  },
);
