// Issue 26, items 3 and 4: a job whose rows all hang under a parent the catalog lacks changes
// nothing; the result says so and why (a warning, in History too), and the Ignored sheet gives each
// row's reason: the platform's own when its log carries one (the emulator's ignoredReason
// variation), else the add-in's reading only where its evidence establishes it, otherwise "no
// reason" with the possible causes as possibilities (issue 43, item 5).

import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { nothingText, selectOutcome } from "../../../src/import";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { importRange, newCatalog, pipelineFor, workbookWith } from "./helpers";

jest.setTimeout(60_000);

const NIL = "00000000-0000-0000-0000-000000000000";
const ORPHANS = [
  ["Code", "Name", "Price", "Unit"],
  ["Ss_15", "Earthworks systems", null, null],
  ["Ss_15_10", "Ground retention systems", 12.5, "m2"],
  ["Ss_15_10_30", "Piling systems", 40, "m"],
];

for (const platformReasons of [false, true]) {
  describe(platformReasons ? "the platform gives its reasons" : "the platform gives no reason", () => {
    let env: Env;
    let session: Session;
    beforeAll(async () => {
      setLogSink(() => undefined);
      env = await startEnv(platformReasons ? { variations: { ignoredReason: true } } : {});
      ({ session } = await sessionFor(env));
      await signIn(env, session);
    });
    afterAll(async () => {
      setLogSink(null);
      await env?.emu.stop();
    });

    it("a sheet under a missing root: a warning that says why, reasons in the Ignored sheet, no all-zero id", async () => {
      const excel = workbookWith(ORPHANS);
      const h = pipelineFor(excel, session);
      h.pipeline.setChoices({ resultColumn: true });
      const state = await importRange(h, session, newCatalog(env, session, "Orphans"), "A1:D4");
      expect(state.log.counts).toEqual({ inserted: 0, updated: 0, deleted: 0, ignored: 3 });

      const nothing = selectOutcome(state)!;
      if (platformReasons) {
        expect(nothing).toMatchObject({ kind: "platform", count: 3 });
        expect(nothingText(nothing, "en")).toMatch(
          /^Nothing was changed: the 3 positions were ignored\. The platform says: /,
        );
      } else {
        expect(nothing).toEqual({ ignored: 3, kind: "parent-missing", count: 3, value: "Ss" });
        expect(nothingText(nothing, "en")).toMatch(
          /^Nothing was added: the 3 positions were ignored and the platform gave no reason\. Possibly their parent Ss is not in the catalog: if so, add a row for Ss/,
        );
      }
      // History shows the same warning state.
      expect(h.pipeline.history.list()[0]).toMatchObject({ status: "done", nothing });

      const sheet = excel.model.sheets.find((s) => s.name.startsWith("Ignored "))!.name;
      const ignored = excel.values(sheet, "A1:H4");
      expect(ignored[0]![7]).toBe("Reason");
      for (const row of ignored.slice(1)) {
        if (platformReasons)
          expect(String(row[7])).toBe("The parent code is neither in the catalog nor in the request.");
        else
          expect(String(row[7])).toMatch(
            /^The platform gave no reason\. Possible causes: its parent Ss may not be in the catalog/,
          );
      }
      expect(ignored.flat().map(String)).not.toContain(NIL);
      const result = excel.values("Catalog", "E2:E4").flat().map(String);
      for (const cell of result) expect(cell).toMatch(/^Ignored: /);
      expect(result.join(" ")).not.toContain("00000000");
    });
  });
}
