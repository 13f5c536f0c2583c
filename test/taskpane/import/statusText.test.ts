// The progress screen says what the job is doing in the estimator's words, whatever casing the
// platform's version uses, and still shows a status word it does not know.
import { jobStatusText } from "../../../src/taskpane/import/statusText";

describe("the job's status on the progress screen", () => {
  it.each([
    ["Queued", "Waiting in the platform's queue"],
    ["pending", "Waiting in the platform's queue"],
    ["Running", "Importing the positions"],
    ["InProgress", "Importing the positions"],
    ["inProgress", "Importing the positions"],
    ["in_progress", "Importing the positions"],
    ["ReportCreated", "Import done, preparing the log"],
    ["", "Starting the import…"],
  ])("%j reads %j", (status, text) => {
    expect(jobStatusText(status, "en")).toBe(text);
  });

  it("shows a status it does not know as the platform wrote it", () => {
    expect(jobStatusText(" Validating ", "en")).toBe("Platform status: Validating");
  });

  it("speaks Russian", () => {
    expect(jobStatusText("Running", "ru")).toBe("Импорт позиций");
    expect(jobStatusText("Validating", "ru")).toBe("Состояние на платформе: Validating");
  });
});
