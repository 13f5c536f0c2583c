// The journey's pure transitions: what each event may change in each phase.
import type { CatalogAnalysis, Problem } from "../../src/catalog";
import { canPreview, initialState, rowsWithErrors, transition, type ImportState } from "../../src/import";

function problem(
  row: number,
  severity: "error" | "warning",
  kind: Problem["kind"] = "price-not-number",
): Problem {
  return {
    kind,
    severity,
    sheet: "Catalog",
    row,
    column: "D",
    cell: `D${row}`,
    values: {},
    field: "Price",
  };
}

function analysis(problems: Problem[], rows = [2, 3]): CatalogAnalysis {
  return {
    mapping: { headerRow: 1, columns: { Code: "A", Name: "B", Price: "D" } },
    positions: rows.map((row) => ({ row, Code: String(row), Name: "n" })),
    deletions: [],
    problems,
    tree: { roots: [], levels: 1, orphans: 0, size: rows.length },
    missingParents: [],
    unmappedColumns: [],
    counts: {
      positions: rows.length,
      roots: rows.length,
      levels: 1,
      orphans: 0,
      withGuid: 0,
      withoutGuid: rows.length,
      deletions: 0,
      emptyRows: 0,
      skippedRows: 0,
      errors: problems.filter((p) => p.severity === "error").length,
      warnings: problems.filter((p) => p.severity === "warning").length,
    },
  };
}

const source = { sheet: "Catalog", address: "A1:D3" };
const send = {
  positions: 2,
  deletions: 0,
  newGuids: 0,
  skippedRows: 0,
  catalogName: "C",
  companyId: "x",
  companyName: "X",
};

function checked(problems: Problem[]): ImportState {
  const start = transition(initialState(), {
    type: "choices",
    choices: { catalogName: "C", companyId: "x" },
  });
  return transition(start, { type: "analysed", source, analysis: analysis(problems) });
}

describe("transition", () => {
  it("an error blocks the preview until its rows are skipped by choice; a warning never blocks", () => {
    expect(canPreview(checked([problem(2, "warning")]))).toBe(true);
    const withError = checked([problem(3, "error"), problem(2, "warning")]);
    expect(withError.errorRows).toEqual([3]);
    expect(transition(withError, { type: "previewed", send }).phase).toBe("checked");
    const skipping = transition(withError, { type: "choices", choices: { skipErrorRows: true } });
    expect(transition(skipping, { type: "previewed", send }).phase).toBe("previewed");
  });

  it("a header error cannot be skipped", () => {
    const state = transition(checked([problem(1, "error", "no-header")]), {
      type: "choices",
      choices: { skipErrorRows: true },
    });
    expect(rowsWithErrors(state.analysis!.problems)).toEqual([]);
    expect(canPreview(state)).toBe(false);
  });

  it("needs a catalog name and a company before the preview", () => {
    const state = transition(checked([]), { type: "choices", choices: { catalogName: "  " } });
    expect(canPreview(state)).toBe(false);
  });

  it("changing a choice on the preview goes back to the check, so nothing unseen is sent", () => {
    const previewed = transition(checked([]), { type: "previewed", send });
    const changed = transition(previewed, { type: "choices", choices: { writeBackGuids: false } });
    expect(changed.phase).toBe("checked");
    expect(changed.send).toBeNull();
    expect(transition(changed, { type: "posting" })).toBe(changed);
  });

  it("follows a job: progress never goes backwards, reconnecting clears on the next status", () => {
    let s = transition(checked([]), { type: "previewed", send });
    s = transition(s, { type: "posting" });
    s = transition(s, { type: "posted", jobId: "j1", at: 1000 });
    expect(s.phase).toBe("following");
    s = transition(s, { type: "status", percent: 40, status: "Running", at: 2000 });
    s = transition(s, { type: "reconnecting" });
    expect(s.progress?.reconnecting).toBe(true);
    s = transition(s, { type: "status", percent: 30, status: "Running", at: 3000 });
    expect(s.progress).toMatchObject({ percent: 40, reconnecting: false, lastSeenAt: 3000 });
    const detached = transition(s, { type: "detached" });
    expect(detached.phase).toBe("detached");
    expect(detached.jobId).toBe("j1");
  });

  it("a POST without an answer ends in failed with no job id; an unknown event for the phase changes nothing", () => {
    let s = transition(checked([]), { type: "previewed", send });
    s = transition(s, { type: "posting" });
    const failed = transition(s, {
      type: "post-failed",
      error: { key: "import.failedPostUncertain" },
      uncertain: true,
    });
    expect(failed).toMatchObject({ phase: "failed", jobId: null });
    expect(transition(failed, { type: "status", percent: 50, status: "Running", at: 1 })).toBe(failed);
  });

  it("the log is kept when writing it fails, and the write can succeed later", () => {
    let s = transition(initialState(), { type: "resumed", jobId: "j", startedAt: 1, source, choices: {} });
    const log = { insertedTwigs: [{ code: "1" }], updatedTwigs: [], deletedTwigs: [], ignoredTwigs: [] };
    s = transition(s, { type: "log", log });
    s = transition(s, {
      type: "log-write-failed",
      error: { key: "import.failedLogWrite", detail: "protected" },
    });
    expect(s).toMatchObject({
      phase: "done",
      log,
      counts: { inserted: 1, updated: 0, deleted: 0, ignored: 0 },
    });
    s = transition(s, { type: "log-written", written: { summary: "Import x" } });
    expect(s.writeError).toBeNull();
  });
});
