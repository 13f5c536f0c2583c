// Issue 43, acceptance 2 and 3: what the dry run says of rows whose catalog content the add-in does
// not know, and of blank cells, against both behaviours of the platform for a field left out (the
// emulator's default keeps the value; its missingFieldsReset variation clears it).
// - Leaf rows (A.01, C.01) into a catalog that holds their parents, from a workbook that never imported it: the
//   rows are "unknown" (never "will be ignored"), the left-out fields are named with their counts
//   before the import, and under the reset the cleared values are listed after it and Restore puts
//   them back.
// - A blank price on a position the workbook imported before is "may clear price (was 20)", never
//   "no change"; after the job the verdict (kept or cleared) is what the platform did.

import { createEmulatedExcel } from "../../../dev/office-emulation";
import {
  blankFieldCounts,
  mayUpdateCount,
  MemoryBaselineStore,
  selectClearOutcomes,
  type ImportState,
} from "../../../src/import";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { companyOf, newCatalog, pipelineFor, type Harness } from "./helpers";

jest.setTimeout(60_000);

/** What another workbook imported first: two sections with a leaf each. */
const ELSEWHERE = [
  ["Code", "Name", "Price", "Unit", "Currency"],
  ["A", "Substructure", null, null, null],
  ["A.01", "Strip foundations", 120, "m3", "EUR"],
  ["C", "Frame", null, null, null],
  ["C.01", "Steel columns", 80, "t", "EUR"],
];

/** A price list of the leaves only: no Currency column, 01.01's price blank. */
const LEAVES = [
  ["Code", "Name", "Price", "Unit"],
  ["A.01", "Strip foundations", null, "m3"],
  ["C.01", "Steel columns", 85, "t"],
];

const PRICES = [
  ["Code", "Name", "Price", "Unit", "Currency"],
  ["1", "Walls", 10, "m2", "EUR"],
  ["1.1", "Brick walls", 20, "m2", "EUR"],
  ["1.2", "Block walls", 30, "m2", "EUR"],
];

for (const reset of [false, true]) {
  describe(reset ? "a field left out is cleared (missingFieldsReset)" : "a field left out is kept", () => {
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

    const held = (catalog: string, code: string) => {
      const find = (nodes: ReturnType<typeof env.emu.catalogs.tree>): unknown => {
        for (const n of nodes) {
          if (n.code === code) return { price: n.price, unit: n.unit, currency: n.currency };
          const hit = find(n.children);
          if (hit) return hit;
        }
        return undefined;
      };
      return find(env.emu.catalogs.tree(companyOf(session).id, catalog));
    };

    async function preview(h: Harness, catalog: string, address: string): Promise<ImportState> {
      const company = companyOf(session);
      h.pipeline.reset();
      h.pipeline.setChoices({ catalogName: catalog, companyId: company.id, companyName: company.name });
      await h.pipeline.readRange({ sheet: "Catalog", address });
      await h.pipeline.preview();
      const state = h.pipeline.getState();
      expect(state.phase).toBe("previewed");
      return state;
    }

    async function imported(h: Harness): Promise<ImportState> {
      await h.pipeline.start();
      const state = h.pipeline.getState();
      expect(state.phase).toBe("done");
      return state;
    }

    it("leaf rows under parents the workbook never imported: unknown, fields left out named before, cleared values after", async () => {
      const catalog = newCatalog(env, session, "Leaves");
      const other = pipelineFor(createEmulatedExcel({ sheets: { Catalog: ELSEWHERE } }), session, {
        deps: { baselines: new MemoryBaselineStore() },
      });
      await preview(other, catalog, "A1:E5");
      expect((await imported(other)).log.counts).toMatchObject({ inserted: 4, ignored: 0 });

      // A fresh workbook: nothing known of the catalog.
      const h = pipelineFor(createEmulatedExcel({ sheets: { Catalog: LEAVES } }), session, {
        deps: { baselines: new MemoryBaselineStore() },
      });
      const state = await preview(h, catalog, "A1:D3");
      const prediction = state.send.prediction!;
      expect(prediction.outcome.rows.unknownParent).toEqual([0, 1]);
      for (const o of ["ignoredRepeated", "ignoredCodeTaken"] as const)
        expect(prediction.outcome.counts[o]).toBe(0);
      // The warning about left-out fields is shown: both rows may update.
      expect(mayUpdateCount(prediction)).toBe(2);
      expect(blankFieldCounts(prediction)).toEqual([
        { field: "Price", rows: 1, unmapped: false },
        { field: "CurrencyCharCode", rows: 2, unmapped: true },
      ]);

      const done = await imported(h);
      // Kept: A.01 sent as it stood is unchanged; cleared: it loses its price and currency.
      expect(done.log.counts).toMatchObject(
        reset ? { inserted: 0, updated: 2, ignored: 0 } : { inserted: 0, updated: 1, ignored: 1 },
      );
      const cleared = h.pipeline.cleared();
      if (!reset) {
        expect(cleared).toEqual([]);
        expect(held(catalog, "A.01")).toEqual({ price: 120, unit: "m3", currency: "EUR" });
        return;
      }
      expect(cleared?.map((c) => [c.code, c.values])).toEqual([
        [
          "A.01",
          [
            { field: "price", before: 120 },
            { field: "currency", before: "EUR" },
          ],
        ],
        ["C.01", [{ field: "currency", before: "EUR" }]],
      ]);
      expect(held(catalog, "A.01")).toEqual({ price: 0, unit: "m3", currency: "" });

      h.pipeline.offerRestore();
      expect(h.pipeline.restoreOffer()?.plan.items.map((i) => i.code)).toEqual(["A.01", "C.01"]);
      await h.pipeline.sendRestore();
      expect(h.pipeline.getState().phase).toBe("done");
      expect(held(catalog, "A.01")).toEqual({ price: 120, unit: "m3", currency: "EUR" });
      expect(held(catalog, "C.01")).toEqual({ price: 85, unit: "t", currency: "EUR" });
    });

    it("a blank price on a known position: 'may clear price (was 20)' before, the platform's verdict after", async () => {
      const excel = createEmulatedExcel({ sheets: { Catalog: PRICES } });
      const h = pipelineFor(excel, session, { deps: { baselines: new MemoryBaselineStore() } });
      const catalog = newCatalog(env, session, "Blank price");
      await preview(h, catalog, "A1:E4");
      expect((await imported(h)).log.counts).toMatchObject({ inserted: 3 });

      excel.setCells("Catalog", "C3", [[null]]);
      const state = await preview(h, catalog, "A1:E4");
      const outcome = state.send.prediction!.outcome;
      expect(outcome.rows.unchanged).toEqual([0, 2]);
      expect(outcome.rows.mayClear).toEqual([1]);
      expect(outcome.clears).toEqual([{ index: 1, field: "Price", was: 20 }]);

      const done = await imported(h);
      const verdicts = selectClearOutcomes(done);
      const price = (held(catalog, "1.1") as { price: number }).price;
      expect(price).toBe(reset ? 0 : 20);
      expect(verdicts).toEqual([
        { index: 1, code: "1.1", field: "Price", was: 20, verdict: reset ? "cleared" : "kept", now: price },
      ]);
      // The log's summary sheet says it too.
      const summary = excel.values(done.log.written!.summary);
      expect(summary.find((r) => r[0] === "Blank cell: 1.1, price (was 20)")?.[1]).toBe(
        reset ? "cleared" : "kept",
      );
      // Restore is offered exactly when the platform cleared it.
      expect((h.pipeline.cleared() ?? []).length).toBe(reset ? 1 : 0);
    });
  });
}
