// How many positions a job's log reports per outcome: the counts the result, the history and the
// summary sheet show.
import type { ImportLog } from "../../api/schemas";

export interface LogCounts {
  inserted: number;
  updated: number;
  deleted: number;
  ignored: number;
}

export function countLog(log: ImportLog): LogCounts {
  return {
    inserted: log.insertedTwigs.length,
    updated: log.updatedTwigs.length,
    deleted: log.deletedTwigs.length,
    ignored: log.ignoredTwigs.length,
  };
}
