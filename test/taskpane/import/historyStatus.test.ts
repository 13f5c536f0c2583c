// History shows a job that changed nothing though rows were sent as a warning, not a green "Done".
import type { HistoryEntry } from "../../../src/import";
import { shownStatus } from "../../../src/taskpane/import/HistoryTab";

const entry = (more: Partial<HistoryEntry>): HistoryEntry => ({
  jobId: "j1",
  catalogName: "C",
  companyId: "c",
  companyName: "",
  startedAt: "2026-11-26T02:00:00Z",
  status: "done",
  sent: { positions: 2415, deletions: 0, skippedRows: 0 },
  source: null,
  counts: { inserted: 0, updated: 0, deleted: 0, ignored: 2415 },
  ...more,
});

describe("the state History shows", () => {
  it("is a warning for a done job that changed nothing though rows were sent", () => {
    expect(shownStatus(entry({}))).toBe("warning");
    expect(
      shownStatus(entry({ nothing: { ignored: 2415, kind: "parent-missing", count: 2415, value: "Ss" } })),
    ).toBe("warning");
  });

  it("is done when the job changed something, and the job's own state otherwise", () => {
    expect(shownStatus(entry({ counts: { inserted: 1, updated: 0, deleted: 0, ignored: 2414 } }))).toBe(
      "done",
    );
    expect(shownStatus(entry({ status: "failed", counts: undefined }))).toBe("failed");
    expect(shownStatus(entry({ status: "running", counts: undefined }))).toBe("running");
  });
});
