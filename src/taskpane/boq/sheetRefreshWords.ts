// The sentences of Refresh this BOQ sheet: what changed on which row (old → new), the cells the
// estimator typed over, the entries that leave with a removed row. Cells are named as Excel names
// them ("E23"), columns by the sheet's own headers, numbers in the user's language.
import type { SheetColumn } from "../../boq/sheetLayout";
import { SHEET_COLUMNS } from "../../boq/sheetPlan";
import type { Shown } from "../../boq/sheetRefresh";
import {
  sheetLabels,
  type AddedRow,
  type ChangedRow,
  type LostEntry,
  type RefreshedBoqSheet,
  type MovedRow,
  type RemovedRow,
  type TypedCell,
} from "../../boqsheet";
import { localeOf, t } from "../../i18n";
import "../../i18n/deferredBoq"; // the comparison's and the BOQ sheet's messages load with this module

/** At most this many rows are listed; the rest are named by their count (all are highlighted). */
export const MAX_LISTED = 12;

export function columnName(column: SheetColumn): string {
  const labels = sheetLabels();
  const names: Record<SheetColumn, string> = {
    level: labels.level,
    code: labels.code,
    name: labels.name,
    unit: labels.unit,
    quantity: labels.quantity,
    adjustedQuantity: labels.adjustedQuantity,
    unitCost: labels.unitCost,
    adjustedUnitCost: labels.adjustedUnitCost,
    total: labels.total,
    platformTotal: labels.platformTotal,
    differs: labels.differs,
    note: labels.note,
    key: labels.key,
    record: labels.record,
  };
  return names[column];
}

/** Money columns show two decimals, as the sheet does; quantities up to three. */
const MONEY: readonly SheetColumn[] = ["unitCost", "adjustedUnitCost", "total", "platformTotal"];

/** A value as the pane shows it: "" as the word for empty, numbers in the user's language. */
function shown(value: Shown, column?: SheetColumn): string {
  if (value === "") return t("boqSheet.empty");
  if (typeof value === "number") {
    const money = column !== undefined && MONEY.includes(column);
    return value.toLocaleString(localeOf(), {
      minimumFractionDigits: money ? 2 : 0,
      maximumFractionDigits: money ? 2 : 3,
    });
  }
  return String(value);
}

function cell(column: SheetColumn, sheetRow: number): string {
  return `${SHEET_COLUMNS[column]}${sheetRow + 1}`;
}

export function summary(result: RefreshedBoqSheet): string {
  if (result.rebuilt) return t("boqSheet.rebuilt", { sheet: result.sheetName });
  const { changed, added, removed, moved } = result;
  if (changed.length + added.length + removed.length + moved.length === 0)
    return t("boqSheet.refreshedSame", { sheet: result.sheetName });
  return `${t("boqSheet.refreshed", {
    sheet: result.sheetName,
    changed: changed.length,
    added: added.length,
    removed: removed.length,
    moved: moved.length,
  })} ${t("boqSheet.refreshedHighlighted")}`;
}

export function changeLines(result: RefreshedBoqSheet): string[] {
  const changed = result.changed.map((row: ChangedRow) =>
    t("boqSheet.changeLine", {
      row: String(row.sheetRow + 1),
      code: row.code,
      name: row.name,
      changes: row.changes
        .map((c) =>
          t("boqSheet.fieldChange", {
            field: columnName(c.column),
            before: shown(c.before, c.column),
            after: shown(c.after, c.column),
          }),
        )
        .join("; "),
    }),
  );
  const added = result.added.map((row: AddedRow) =>
    t("boqSheet.addedLine", { row: String(row.sheetRow + 1), code: row.code, name: row.name }),
  );
  const moved = result.moved.map((row: MovedRow) =>
    t("boqSheet.movedLine", {
      row: String(row.sheetRow + 1),
      from: String(row.fromSheetRow + 1),
      code: row.code,
      name: row.name,
    }),
  );
  const removed = result.removed.map((row: RemovedRow) =>
    t("boqSheet.removedLine", { code: row.code, name: row.name }),
  );
  return [...changed, ...added, ...moved, ...removed];
}

export function typedLines(typed: readonly TypedCell[]): string[] {
  return typed.map((c) =>
    c.formula
      ? t("boqSheet.typedFormulaLine", {
          cell: cell(c.column, c.sheetRow),
          column: columnName(c.column),
          code: c.code,
          typed: shown(c.typed, c.column),
        })
      : t("boqSheet.typedLine", {
          cell: cell(c.column, c.sheetRow),
          column: columnName(c.column),
          code: c.code,
          typed: shown(c.typed, c.column),
          platform: shown(c.platform, c.column),
        }),
  );
}

export function lostLines(lost: readonly LostEntry[]): string[] {
  return lost.map((row) =>
    t("boqSheet.lostLine", {
      row: String(row.sheetRow + 1),
      code: row.code,
      name: row.name,
      entries: row.entries.map((e) => `${columnName(e.column)} ${shown(e.value, e.column)}`).join("; "),
    }),
  );
}

/** The first MAX_LISTED lines, and the sentence naming how many more there are. */
export function listed(lines: readonly string[]): { shown: string[]; more: string | undefined } {
  const rest = lines.length - MAX_LISTED;
  return {
    shown: lines.slice(0, MAX_LISTED),
    more: rest > 0 ? t("boqSheet.more", { count: rest }) : undefined,
  };
}
