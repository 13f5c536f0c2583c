// The job's status on the progress screen in the estimator's words. The platform's status words
// vary by version and casing (docs/interface.md 2.3); the ones the
// add-in knows get a sentence, any other is shown as the platform gives it.
import { t, type Language, getLanguage } from "../../i18n";
import "../../i18n/deferred"; // the import and problems messages load with this module

const QUEUED = new Set(["queued", "pending", "waiting", "created", "new"]);
const RUNNING = new Set(["running", "inprogress", "processing", "started"]);
const REPORTING = new Set(["reportcreated", "completed", "done", "finished"]);

/** "Waiting in the platform's queue", "Importing positions", or the platform's own word. */
export function jobStatusText(status: string, language: Language = getLanguage()): string {
  const word = status.trim();
  const key = word.toLowerCase().replace(/[\s_-]/g, "");
  if (key === "") return t("import.jobStarting", {}, language);
  if (QUEUED.has(key)) return t("import.jobQueued", {}, language);
  if (RUNNING.has(key)) return t("import.jobRunning", {}, language);
  if (REPORTING.has(key)) return t("import.jobReporting", {}, language);
  return t("import.progressStatus", { status: word }, language);
}
