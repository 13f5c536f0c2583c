// Before anything is written or posted: the cells the import will write (the new Guids in the
// Guid column of the range, the Result column beside it) must not be merged cells, where Excel
// keeps only the first cell's value, nor a table the user did not choose, which the values would
// change (or join, by Excel's AutoCorrect). What blocks the import is named with its cell and fix.

import type { BuiltBody, CellBlock } from "../../catalog";
import {
  findWriteBlockers,
  markedColumns,
  sheetReference,
  type ColumnTarget,
  type WriteBlocker,
} from "../../workbook";
import type { Journey } from "./journey";
import { RESULT_MARK_PREFIX, resultColumnPlace } from "../model/logTables";
import type { SourceInfo } from "../model/records";
import type { Said } from "../model/said";

/** The first thing in the way of the writes this import will make, in words; null when none. */
export async function blockedWrites(
  journey: Journey,
  source: SourceInfo,
  cells: CellBlock | null,
  built: BuiltBody,
): Promise<Said | null> {
  const state = journey.state;
  const guidColumn = state.check.mapping?.columns.Guid;
  const targets: Array<{ what: "guids" | "result"; target: ColumnTarget }> = [];
  if (built.assignedGuids.length > 0 && guidColumn !== undefined) {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const a of built.assignedGuids) {
      first = Math.min(first, a.row);
      last = Math.max(last, a.row);
    }
    targets.push({
      what: "guids",
      target: { sheet: source.sheet, column: guidColumn, firstRow: first, rowCount: last - first + 1 },
    });
  }
  if (state.check.choices.resultColumn && cells !== null) {
    const marked = await journey.deps.excel((context) =>
      markedColumns(context, source.sheet, RESULT_MARK_PREFIX),
    );
    const place = resultColumnPlace(cells, state.check.mapping?.headerRow ?? null, marked);
    targets.push({
      what: "result",
      target: {
        sheet: source.sheet,
        column: place.column,
        firstRow: place.firstRow,
        rowCount: place.lastRow - place.firstRow + 1,
      },
    });
  }
  if (targets.length === 0 || cells === null) return null;
  const chosen = {
    rowIndex: cells.startRow - 1,
    columnIndex: cells.startColumn,
    rowCount: cells.values.length,
    columnCount: cells.values.reduce((w, r) => Math.max(w, r.length), 0),
  };
  for (const { what, target } of targets) {
    const blockers = await journey.deps.excel((context) => findWriteBlockers(context, target, chosen));
    const first = blockers[0];
    if (first !== undefined) return words(what, source.sheet, first);
  }
  return null;
}

function words(what: "guids" | "result", sheet: string, blocker: WriteBlocker): Said {
  const cell = sheetReference(sheet, blocker.cell);
  if (blocker.kind === "merged") {
    return {
      key: what === "guids" ? "import.blockedGuidsMerged" : "import.blockedResultMerged",
      values: { cell, merged: blocker.merged },
    };
  }
  return {
    key: what === "guids" ? "import.blockedGuidsTable" : "import.blockedResultTable",
    values: { cell, table: blocker.table },
  };
}
