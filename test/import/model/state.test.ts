// The journey's pure transitions: what each event may change in each phase.
import type { CatalogAnalysis, Problem } from "../../../src/catalog";
import {
  canPreview,
  initialState,
  OWNER_HERE,
  previewBlocker,
  rowsWithErrors,
  selectOutcome,
  selectReasons,
  selectSent,
  transition,
  type ImportState,
  type SendSummary,
} from "../../../src/import";

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
const send: SendSummary = {
  positions: 2,
  deletions: 0,
  newGuids: 0,
  skippedRows: 0,
  catalogName: "C",
  companyId: "x",
  companyName: "X",
  tree: { roots: [], levels: 0, orphans: 0, size: 0 },
};

const pending = {
  catalogName: "Prices",
  companyId: "c1",
  companyName: "Northwind",
  sentAt: "2026-03-01T10:00:00.000Z",
  sent: { positions: 2, deletions: 0, skippedRows: 0 },
  source: { sheet: "Catalog", address: "A1:D9" },
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
    expect(withError.check.errorRows).toEqual([3]);
    expect(transition(withError, { type: "previewed", send }).phase).toBe("checked");
    const skipping = transition(withError, { type: "choices", choices: { skipErrorRows: true } });
    expect(transition(skipping, { type: "previewed", send }).phase).toBe("previewed");
  });

  it("a header error cannot be skipped", () => {
    const state = transition(checked([problem(1, "error", "no-header")]), {
      type: "choices",
      choices: { skipErrorRows: true },
    });
    expect(rowsWithErrors(state.check.analysis!.problems)).toEqual([]);
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
    expect(changed.send.summary).toBeNull();
    expect(transition(changed, { type: "posting", sent: null })).toBe(changed);
  });

  it("follows a job: progress never goes backwards, reconnecting clears on the next status", () => {
    let s = transition(checked([]), { type: "previewed", send });
    s = transition(s, { type: "posting", sent: null });
    s = transition(s, { type: "posted", jobId: "j1", at: 1000 });
    expect(s.phase).toBe("following");
    s = transition(s, { type: "status", percent: 40, status: "Running", at: 2000 });
    s = transition(s, { type: "reconnecting" });
    expect(s.job.progress?.reconnecting).toBe(true);
    s = transition(s, { type: "status", percent: 30, status: "Running", at: 3000 });
    expect(s.job.progress).toMatchObject({ percent: 40, reconnecting: false, lastSeenAt: 3000 });
    const detached = transition(s, { type: "detached" });
    expect(detached.phase).toBe("detached");
    expect(detached.job.jobId).toBe("j1");
  });

  it("a refused POST ends in failed with no job id; an unknown event for the phase changes nothing", () => {
    let s = transition(checked([]), { type: "previewed", send });
    s = transition(s, { type: "posting", sent: null });
    const failed = transition(s, { type: "post-failed", error: { key: "import.failedPostRefused" } });
    expect(failed).toMatchObject({ phase: "failed", job: { jobId: null } });
    expect(transition(failed, { type: "status", percent: 50, status: "Running", at: 1 })).toBe(failed);
  });

  it("a POST whose answer was lost goes to its own phase with what was sent; checks, waiting and a failure land there", () => {
    let s = transition(checked([]), { type: "previewed", send });
    s = transition(s, { type: "posting", sent: null });
    const lost = transition(s, { type: "answer-lost", pending });
    expect(lost).toMatchObject({ phase: "lost", job: { jobId: null }, error: null });
    expect(lost.job.lost).toMatchObject({
      pending,
      reopened: false,
      checking: false,
      waiting: false,
      found: null,
    });
    // Only from posting: a late loss after the job is followed changes nothing.
    expect(transition(checked([]), { type: "answer-lost", pending }).phase).toBe("checked");

    let l = transition(lost, { type: "lost-checking" });
    expect(l.job.lost?.checking).toBe(true);
    const found = {
      verdict: "probable",
      jobId: "j9",
      status: "Running",
      progress: 30,
      outcome: "running",
      at: 5,
    } as const;
    l = transition(l, { type: "lost-checked", found, at: 7 });
    expect(l.job.lost).toMatchObject({ checking: false, found, checkedAt: 7, error: null });
    l = transition(l, { type: "lost-waiting", waiting: true });
    expect(l.job.lost?.waiting).toBe(true);
    l = transition(l, { type: "lost-check-failed", error: { key: "import.failedLostCheck", detail: "x" } });
    expect(l.job.lost).toMatchObject({ checking: false, error: { detail: "x" }, found });
    // Lost events outside the phase change nothing.
    const idle = checked([]);
    expect(transition(idle, { type: "lost-checking" })).toBe(idle);

    // Following the confirmed job leaves the phase; "Import again" goes back to the range.
    const followed = transition(l, {
      type: "resumed",
      jobId: "j9",
      startedAt: 1,
      source: pending.source,
      choices: {},
    });
    expect(followed).toMatchObject({ phase: "following", job: { jobId: "j9", lost: null } });
    const again = transition(l, { type: "reset" });
    expect(again).toMatchObject({ phase: "source", job: { lost: null }, check: { source } });
  });

  it("an import found pending when the pane opens shows it with its catalog and company, never over a job being followed", () => {
    const opened = transition(initialState(), { type: "lost-reopened", pending, owner: OWNER_HERE });
    expect(opened).toMatchObject({
      phase: "lost",
      job: { lost: { reopened: true, owner: OWNER_HERE } },
      check: {
        source: pending.source,
        choices: { catalogName: "Prices", companyId: "c1", companyName: "Northwind" },
      },
    });
    let busy = transition(checked([]), { type: "previewed", send });
    busy = transition(busy, { type: "posting", sent: null });
    busy = transition(busy, { type: "posted", jobId: "j1", at: 1 });
    expect(transition(busy, { type: "lost-reopened", pending, owner: OWNER_HERE })).toBe(busy);
    // "Import again" from there goes back to the range that was sent.
    expect(transition(opened, { type: "reset" })).toMatchObject({
      phase: "source",
      check: { source: pending.source },
    });
  });

  it("an import another window is sending becomes this pane's once that window lets go; only on the lost screen", () => {
    const owner = { kind: "window", until: 5 } as const;
    const watched = transition(initialState(), { type: "lost-reopened", pending, owner });
    expect(watched.job.lost?.owner).toEqual(owner);
    const mine = transition(watched, { type: "lost-owner", owner: OWNER_HERE });
    expect(mine).toMatchObject({ phase: "lost", job: { lost: { owner: OWNER_HERE, reopened: true } } });
    const source = transition(mine, { type: "reset" });
    expect(transition(source, { type: "lost-owner", owner })).toBe(source);
  });

  it("a failed settings save is kept across screens until a save works", () => {
    const error = { key: "import.settingsNotSaved", detail: "Excel could not save" } as const;
    let s = transition(checked([]), { type: "settings-failed", error });
    expect(s.warnings.settingsError).toEqual(error);
    s = transition(s, { type: "resumed", jobId: "j1", startedAt: 1, source: null, choices: {} });
    expect(s.warnings.settingsError).toEqual(error);
    s = transition(s, { type: "reset" });
    expect(s.warnings.settingsError).toEqual(error);
    s = transition(s, { type: "settings-saved" });
    expect(s.warnings.settingsError).toBeNull();
    expect(transition(s, { type: "settings-saved" })).toBe(s);
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
      log: { log, counts: { inserted: 1, updated: 0, deleted: 0, ignored: 0 } },
    });
    s = transition(s, { type: "log-written", written: { summary: "Import x" } });
    expect(s.log.writeError).toBeNull();
  });
});

describe("a follow-up import that puts values back", () => {
  it("goes from a finished job to what is sent, with no range, check or analysis behind it", () => {
    const posted = transition(
      transition(transition(checked([]), { type: "previewed", send }), { type: "posting", sent: null }),
      {
        type: "posted",
        jobId: "j1",
        at: 1,
      },
    );
    const done = transition(posted, {
      type: "log",
      log: { insertedTwigs: [], updatedTwigs: [], deletedTwigs: [], ignoredTwigs: [] },
    });
    const restore = transition(done, { type: "restore-previewed", send: { ...send, positions: 3 } });
    expect(restore).toMatchObject({
      phase: "previewed",
      check: { source: null, analysis: null },
      job: { jobId: null },
      log: { log: null },
    });
    expect(restore.send.summary?.positions).toBe(3);
    expect(restore.check.choices.catalogName).toBe("C");
    expect(transition(restore, { type: "posting", sent: null }).phase).toBe("posting");
  });

  it("never interrupts an import being sent or followed, nor one whose answer was lost", () => {
    const posting = transition(transition(checked([]), { type: "previewed", send }), {
      type: "posting",
      sent: null,
    });
    expect(transition(posting, { type: "restore-previewed", send })).toBe(posting);
    const following = transition(posting, { type: "posted", jobId: "j1", at: 1 });
    expect(transition(following, { type: "restore-previewed", send })).toBe(following);
    const lost = transition(posting, { type: "answer-lost", pending });
    expect(transition(lost, { type: "restore-previewed", send })).toBe(lost);
  });
});

describe("why Preview is disabled", () => {
  it("is said in the order the user meets it: the catalog, the company, errors, nothing to send", () => {
    const ok = checked([problem(2, "warning")]);
    expect(previewBlocker(ok)).toBeNull();
    const noCatalog = transition(ok, { type: "choices", choices: { catalogName: "  " } });
    expect(canPreview(noCatalog)).toBe(false);
    expect(previewBlocker(noCatalog)).toBe("catalog");
    expect(previewBlocker(transition(ok, { type: "choices", choices: { companyId: "" } }))).toBe("company");
    const withError = checked([problem(3, "error")]);
    expect(previewBlocker(withError)).toBe("errors");
    // Both rows have errors: skipping them leaves nothing to send.
    const all = transition(checked([problem(2, "error"), problem(3, "error")]), {
      type: "choices",
      choices: { skipErrorRows: true },
    });
    expect(previewBlocker(all)).toBe("nothing");
  });

  it("is never given where Preview can be chosen, nor before a check", () => {
    expect(previewBlocker(initialState())).toBeNull();
    const skipped = transition(checked([problem(3, "error")]), {
      type: "choices",
      choices: { skipErrorRows: true },
    });
    expect(canPreview(skipped)).toBe(true);
    expect(previewBlocker(skipped)).toBeNull();
  });
});

describe("what was sent, kept from the post on", () => {
  const log = { insertedTwigs: [], updatedTwigs: [], deletedTwigs: [], ignoredTwigs: [{ code: "3" }] };
  const sentRecord = {
    positions: [{ row: 3, Code: "3", Name: "n" }],
    deletions: 0,
    skippedRows: [2],
  };
  const afterLog = (): ImportState => {
    let s = transition(checked([]), { type: "previewed", send });
    s = transition(s, { type: "posting", sent: sentRecord });
    s = transition(s, { type: "posted", jobId: "j1", at: 1 });
    return transition(s, { type: "log", log });
  };

  it("is recorded when the body goes out and stays with the job's log, whatever the check says", () => {
    const done = afterLog();
    expect(selectSent(done)).toBe(sentRecord);
    // The check's analysis holds rows 2 and 3; the reasons read the one position that was sent.
    expect(done.check.analysis?.positions).toHaveLength(2);
    expect(selectReasons(done)).toEqual([{ kind: "none", inferred: true, possible: [] }]);
    expect(selectOutcome(done)).not.toBeNull();
  });

  it("is known for a job sent from this pane only: a job resumed from the history has none", () => {
    const resumed = transition(afterLog(), {
      type: "resumed",
      jobId: "j2",
      startedAt: 2,
      source,
      choices: {},
    });
    expect(selectSent(resumed)).toBeNull();
    expect(transition(afterLog(), { type: "reset" }).send.sent).toBeNull();
  });

  it("reads the reasons once per log: asked again for the same log, the same list comes back", () => {
    const done = afterLog();
    const first = selectReasons(done);
    expect(selectReasons(transition(done, { type: "log-written", written: { summary: "Import x" } }))).toBe(
      first,
    );
    // Another log (the History tab reopening a job) is read afresh.
    expect(selectReasons(transition(done, { type: "log", log: { ...log } }))).not.toBe(first);
  });
});
