// The preview's dry run as the pane holds it: the "predicted" transition (only for the body on
// screen, dropped whenever what is sent changes), the parent codes to add (the whole missing chain,
// parents first, none the baseline knows), the rows behind a count (capped), the blank cells named,
// and when Import asks first (more than half of the rows under missing parents).
import type { CatalogAnalysis, CatalogPosition, ImportBody, WirePosition } from "../../../src/catalog";
import { runSteps } from "../../../src/catalog";
import {
  blankCellRows,
  blankFieldCounts,
  blankFieldsOf,
  buildBaseline,
  initialState,
  listRows,
  missingParentsAsk,
  transition,
  type ImportState,
  type PreviewPrediction,
  type SendSummary,
} from "../../../src/import";
import { predictionOf } from "../../../src/import/model/predictView";

const SETTINGS = { CatalogName: "Prices", CompanyId: "company-1" };
const MAPPING = { headerRow: 1, columns: { Code: "A", Name: "B", Price: "C", Unit: "D" } };

function positionsOf(rows: Partial<CatalogPosition>[]): CatalogPosition[] {
  return rows.map((r, i) => ({ row: i + 2, Code: `${i}`, Name: "n", ...r }));
}

function bodyOf(positions: readonly CatalogPosition[]): ImportBody {
  const Data: WirePosition[] = positions.map(({ row: _row, ...p }) => p);
  return { Settings: SETTINGS, Data, DeletedData: [] };
}

function predict(
  rows: Partial<CatalogPosition>[],
  baseline: Parameters<typeof predictionOf>[3]["baseline"] = null,
): PreviewPrediction {
  const positions = positionsOf(rows);
  return runSteps(predictionOf(bodyOf(positions), positions, MAPPING, { baseline, failed: false }));
}

const UNDER_SS = [{ Code: "Ss_15" }, { Code: "Ss_15_10" }, { Code: "Ss_15_10_30" }];

describe("predictionOf", () => {
  test("a missing root under every row: asked first, the root to add", () => {
    const p = predict(UNDER_SS);
    expect(p.addParents).toEqual(["Ss"]);
    expect(p.unmapped).toEqual(["CurrencyCharCode"]);
    expect(missingParentsAsk(p)).toEqual({ hanging: 3, sent: 3, parents: ["Ss"] });
  });

  test("the whole missing chain, parents first, up to a code that is sent", () => {
    const p = predict([{ Code: "A.B.C.1" }, { Code: "X" }, { Code: "X.Y.Z" }]);
    expect(p.addParents).toEqual(["A", "A.B", "A.B.C", "X.Y"]);
  });

  test("a parent the baseline knows in the catalog is neither missing nor added", () => {
    const first = positionsOf([{ Code: "Ss", Name: "Systems" }]);
    const baseline = buildBaseline(
      bodyOf(first),
      {
        insertedTwigs: [{ code: "Ss", name: "Systems", platformId: "p-1" }],
        updatedTwigs: [],
        deletedTwigs: [],
        ignoredTwigs: [],
      },
      null,
    );
    const p = predict(UNDER_SS, baseline);
    expect(p.addParents).toEqual([]);
    expect(missingParentsAsk(p)).toBeNull();
    expect(p.outcome.counts.insertOrUpdate).toBe(3);
  });

  test("half of the rows or fewer under a missing parent: counted, not asked", () => {
    const p = predict([{ Code: "1" }, { Code: "2" }, { Code: "Q.1" }, { Code: "3" }]);
    expect(p.outcome.counts.unknownParent).toBe(1);
    expect(p.addParents).toEqual(["Q"]);
    expect(missingParentsAsk(p)).toBeNull();
    const most = predict([{ Code: "1" }, { Code: "Q.1" }, { Code: "Q.2" }, { Code: "R.1" }]);
    expect(missingParentsAsk(most)).toEqual({ hanging: 3, sent: 4, parents: ["Q", "R"] });
  });

  test("blank cells in mapped columns are named per row; an unmapped column once", () => {
    const p = predict([
      { Code: "1", Price: 1, Unit: "m" },
      { Code: "2", Unit: "m" },
      { Code: "3", Price: 3 },
    ]);
    expect(p.outcome.blankFields).toEqual([0, 1, 2]);
    expect(blankCellRows(p)).toEqual([1, 2]);
    expect(blankFieldsOf(p, 1)).toEqual(["Price"]);
    expect(blankFieldsOf(p, 2)).toEqual(["Unit"]);
  });

  test("the left-out fields are named with how many rows each, unknown rows included (issue 43)", () => {
    // Leaf rows under parents the workbook never imported: unknown, and they may update.
    const p = predict([
      { Code: "01.01", Price: 5, Unit: "m" },
      { Code: "03.01", Unit: "m" },
    ]);
    expect(p.outcome.counts.unknownParent).toBe(2);
    expect(blankFieldCounts(p)).toEqual([
      { field: "Price", rows: 1, unmapped: false },
      { field: "CurrencyCharCode", rows: 2, unmapped: true },
    ]);
  });

  test("rows known to be ignored are not counted as leaving a field out", () => {
    const p = predict([
      { Code: "1", Price: 1, Unit: "m" },
      { Code: "1", Unit: "m" },
    ]);
    expect(p.outcome.counts.ignoredRepeated).toBe(1);
    // The repeated row's blank price is not counted; the unmapped currency, once per row that may update.
    expect(blankFieldCounts(p)).toEqual([{ field: "CurrencyCharCode", rows: 1, unmapped: true }]);
  });

  test("the rows behind a count: sheet row and code, at most the limit, the rest counted", () => {
    const p = predict(Array.from({ length: 120 }, (_, i) => ({ Code: `${i + 1}` })));
    const listed = listRows(p, p.outcome.rows.unknown, 50);
    expect(listed.rows).toHaveLength(50);
    expect(listed.rows[0]).toEqual({ row: 2, code: "1" });
    expect(listed.more).toBe(70);
  });
});

function analysis(positions: CatalogPosition[]): CatalogAnalysis {
  return {
    mapping: MAPPING,
    positions,
    deletions: [],
    problems: [],
    tree: { roots: [], levels: 1, orphans: 0, size: positions.length },
    missingParents: [],
    unmappedColumns: [],
    counts: {
      positions: positions.length,
      roots: positions.length,
      levels: 1,
      orphans: 0,
      withGuid: 0,
      withoutGuid: positions.length,
      deletions: 0,
      emptyRows: 0,
      skippedRows: 0,
      errors: 0,
      warnings: 0,
    },
  };
}

describe("the predicted transition", () => {
  const positions = positionsOf([{ Code: "1" }, { Code: "2" }]);
  const send: SendSummary = {
    positions: 2,
    deletions: 0,
    newGuids: 0,
    skippedRows: 0,
    catalogName: "Prices",
    companyId: "company-1",
    companyName: "Company",
    tree: { roots: [], levels: 1, orphans: 0, size: 2 },
  };
  const prediction = runSteps(
    predictionOf(bodyOf(positions), positions, MAPPING, { baseline: null, failed: false }),
  );
  function previewed(): ImportState {
    let s = transition(initialState(), {
      type: "choices",
      choices: { catalogName: "Prices", companyId: "company-1" },
    });
    s = transition(s, {
      type: "analysed",
      source: { sheet: "S", address: "A1:B3" },
      analysis: analysis(positions),
    });
    return transition(s, { type: "previewed", send });
  }

  test("kept for the body on screen; a preview starts without one", () => {
    const s = previewed();
    expect(s.send.prediction).toBeNull();
    const predicted = transition(s, { type: "predicted", prediction });
    expect(predicted.send.prediction).toBe(prediction);
    const again = transition(transition(predicted, { type: "back" }), { type: "previewed", send });
    expect(again.phase).toBe("previewed");
    expect(again.send.prediction).toBeNull();
  });

  test("refused outside the preview, or for another body (another number of positions)", () => {
    const checked = transition(previewed(), { type: "back" });
    expect(transition(checked, { type: "predicted", prediction })).toBe(checked);
    const other = runSteps(
      predictionOf(bodyOf(positions.slice(0, 1)), positions.slice(0, 1), MAPPING, {
        baseline: null,
        failed: false,
      }),
    );
    const s = previewed();
    expect(transition(s, { type: "predicted", prediction: other })).toBe(s);
  });

  test("dropped when what is sent changes: back, a choice, a new check", () => {
    const predicted = transition(previewed(), { type: "predicted", prediction });
    expect(transition(predicted, { type: "back" }).send.prediction).toBeNull();
    expect(
      transition(predicted, { type: "choices", choices: { skipErrorRows: true } }).send.prediction,
    ).toBeNull();
    expect(
      transition(predicted, {
        type: "analysed",
        source: { sheet: "S", address: "A1:B3" },
        analysis: analysis(positions),
      }).send.prediction,
    ).toBeNull();
  });
});
