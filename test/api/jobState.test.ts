import { jobState } from "../../src/api/jobState";
import type { ImportStatus } from "../../src/api/schemas";

const base: ImportStatus = { jobId: "j", status: "Running", progress: 40, error: null };

describe("the state of an import job", () => {
  it("is done for ReportCreated without error", () => {
    expect(jobState({ ...base, status: "ReportCreated", progress: 100 })).toEqual({ state: "done" });
  });

  it("has failed for Failed, with the platform's message", () => {
    expect(jobState({ ...base, status: "Failed", error: "Catalog is locked" })).toEqual({
      state: "failed",
      message: "Catalog is locked",
    });
  });

  it("has failed for an unknown status that carries an error", () => {
    expect(jobState({ ...base, status: "Aborted", error: "Cancelled by admin" })).toMatchObject({
      state: "failed",
    });
  });

  it("is still running for an unknown status without error", () => {
    expect(jobState({ ...base, status: "Indexing", progress: 70 })).toEqual({
      state: "running",
      progress: 70,
    });
  });

  it("is running for Queued", () => {
    expect(jobState({ ...base, status: "Queued", progress: 0 })).toEqual({ state: "running", progress: 0 });
  });
});
