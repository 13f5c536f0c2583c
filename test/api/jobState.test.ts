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

  it("has failed for an unknown status that carries an error, with that error as the message", () => {
    expect(jobState({ ...base, status: "Aborted", error: "Cancelled by admin" })).toEqual({
      state: "failed",
      message: "Cancelled by admin",
    });
  });

  it("has failed for Failed without an error, naming the status", () => {
    expect(jobState({ ...base, status: "Failed" })).toEqual({
      state: "failed",
      message: "The import ended with status Failed.",
    });
  });

  it("has failed for ReportCreated that carries an error", () => {
    expect(
      jobState({ ...base, status: "ReportCreated", progress: 100, error: "2 positions refused" }),
    ).toEqual({ state: "failed", message: "2 positions refused" });
  });

  it("is still running for a known running status even with an error value", () => {
    expect(jobState({ ...base, status: "Running", error: "transient" })).toEqual({
      state: "running",
      progress: 40,
    });
  });

  it("keeps the progress of a running job between 0 and 100", () => {
    expect(jobState({ ...base, progress: 140 })).toEqual({ state: "running", progress: 100 });
    expect(jobState({ ...base, progress: -5 })).toEqual({ state: "running", progress: 0 });
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
