// "Add the missing parents as rows": the parent codes the preview's dry run found missing (with
// their own missing parents, parents first) are written below the checked range, each with a name
// to edit, the range grows over them and is checked again, so the user sees them in the check and
// the preview before anything is sent. Cells below the range that are not empty are never
// overwritten: the caller is told which they are.

import { t } from "../../i18n";
import "../../i18n/deferred"; // the prediction's messages load with this module
import { appendRowsBelow } from "../../workbook";
import type { RangeCheck } from "./check";
import { detailOf, type Journey } from "./journey";

/** How adding the parent rows ended. */
export type ParentsAdded =
  | { added: number }
  /** The cells below the range (A1 address on the source's sheet) are not empty: nothing written. */
  | { occupied: string }
  /** Excel refused, or nothing could be added (no Code column, no preview): its words. */
  | { failed: string };

export async function addMissingParents(journey: Journey, check: RangeCheck): Promise<ParentsAdded> {
  const state = journey.state;
  const codes = state.send.prediction?.addParents ?? [];
  const source = state.check.source;
  const mapping = state.check.mapping;
  const codeColumn = mapping?.columns.Code;
  if (state.phase !== "previewed" || codes.length === 0 || source === null || mapping === null) {
    return { failed: "nothing to add" };
  }
  if (codeColumn === undefined) return { failed: "no Code column" };
  const nameColumn = mapping.columns.Name;
  const language = journey.language();
  const rows = codes.map((code) => ({
    [codeColumn]: code,
    ...(nameColumn !== undefined ? { [nameColumn]: t("prediction.parentName", { code }, language) } : {}),
  }));
  let appended;
  try {
    appended = await journey.deps.excel((context) =>
      appendRowsBelow(context, source.sheet, source.address, rows),
    );
  } catch (error) {
    return { failed: detailOf(error) };
  }
  if ("occupied" in appended) return { occupied: appended.occupied };
  await check.readRange({ sheet: source.sheet, address: appended.grown }, mapping, {
    key: "prediction.addedParents",
    values: { count: appended.added },
  });
  return { added: appended.added };
}
