// Going back to earlier jobs: the latest import of a catalog (endpoint 3, after a POST without an
// answer or for jobs started elsewhere), and the log of any job written into sheets again
// (endpoint 4), as the Import tab's result or for the History tab.

import { isApiError } from "../../api/errors";
import type { ImportLog } from "../../api/schemas";
import { errorText } from "../../i18n";
import { toWorkbookError } from "../../workbook";
import { detailOf, said, type Journey } from "./journey";
import { buildLogTables } from "../model/logTables";
import { logWords } from "../words/logWords";
import { ignoredReasons } from "../model/ignoredReasons";
import { writeLogSheets } from "./logSheets";
import { countLog, type LogCounts } from "../model/logCounts";
import { rowsSentBy, type WrittenLog } from "../model/records";
import type { Said } from "../model/said";

/** Endpoint 3: the latest import of a catalog, put on screen; the reason when it could not be asked. */
export async function checkLatest(journey: Journey, catalogName: string): Promise<Said | null> {
  const name = catalogName.trim();
  try {
    const s = await journey.deps.api.getImportStatusByRoot(name);
    journey.dispatch({
      type: "latest",
      latest: {
        catalogName: name,
        jobId: s.jobId,
        status: s.status,
        progress: s.progress,
        ...(s.date ? { date: s.date } : {}),
      },
    });
    return null;
  } catch (error) {
    if (isApiError(error) && error.kind === "http" && error.status === 404) {
      // An answer, not a failure: no import of this catalog reached the platform.
      journey.dispatch({
        type: "latest",
        latest: { catalogName: name, jobId: null, status: "", progress: 0 },
      });
      return null;
    }
    return said("import.failedFollow", detailOf(error));
  }
}

/** Endpoint 4: the log of any job; the reason when the platform refused. */
export async function fetchJobLog(
  journey: Journey,
  jobId: string,
): Promise<{ log: ImportLog } | { error: Said }> {
  try {
    const rowsSent = rowsSentBy(journey.history.find(jobId));
    return { log: await journey.deps.api.getImportLog(jobId, undefined, { rowsSent }) };
  } catch (error) {
    return { error: said("import.failedFollow", detailOf(error)) };
  }
}

/** A job's log on the Import tab as the job's result (writing it into sheets comes next). */
export function showReopenedLog(journey: Journey, jobId: string, log: ImportLog): void {
  journey.entry = journey.history.find(jobId) ?? null;
  journey.dispatch({
    type: "resumed",
    jobId,
    startedAt: journey.deps.now(),
    source: journey.entry?.source ?? null,
    choices: {},
  });
  journey.dispatch({ type: "log", log });
}

/**
 * Endpoint 4 for the History tab: the log of any job (of this workbook's history, or found by
 * "Latest import of a catalog") written into new sheets again, without touching the journey on
 * the Import tab. The history entry keeps the new sheet names and the counts. A job still
 * running has no log yet: the platform's answer is returned as the reason.
 */
export async function reopenLogSheets(
  journey: Journey,
  jobId: string,
  fallback: { catalogName?: string; status?: string } = {},
): Promise<{ written: WrittenLog; counts: LogCounts } | { error: Said }> {
  const fetched = await fetchJobLog(journey, jobId);
  if ("error" in fetched) return fetched;
  const log = fetched.log;
  const entry = journey.history.find(jobId);
  const counts = countLog(log);
  const now = journey.deps.now();
  const tables = buildLogTables(
    log,
    {
      jobId,
      catalogName: entry?.catalogName ?? fallback.catalogName ?? "",
      companyName: entry?.companyName ?? "",
      user: journey.deps.userName?.() ?? "",
      startedAt: entry ? Date.parse(entry.startedAt) : now,
      finishedAt: entry?.finishedAt ? Date.parse(entry.finishedAt) : now,
      status: fallback.status ?? (entry?.status === "failed" ? "Failed" : "ReportCreated"),
      counts,
      source: entry?.source ?? null,
      // The request is not kept with the job: the platform's own reasons only, never a guess.
      reasons: ignoredReasons(log, null),
    },
    logWords(journey.language()),
  );
  let written: WrittenLog;
  try {
    written = await writeLogSheets(journey.deps.excel, tables);
  } catch (error) {
    return { error: said("import.failedLogWrite", errorText(toWorkbookError(error, { action: "write" }))) };
  }
  if (entry) {
    try {
      await journey.history.update(jobId, { sheets: written, counts });
    } catch (e) {
      journey.warn("could not update the job in the workbook settings", e);
    }
  }
  return { written, counts };
}
