// The preview's dry run as the state keeps it (state/): the prediction of the body on screen
// with the positions behind it, and the fields whose blank cells the preview names.

import type { CatalogPosition } from "../../catalog";
import type { ImportPrediction } from "./predict";

/** Fields the platform may clear when they are left out; the preview names the rows. */
export const BLANKABLE_FIELDS = ["Price", "Unit", "CurrencyCharCode"] as const;
export type BlankableField = (typeof BLANKABLE_FIELDS)[number];

/** The preview's dry run: what the add-in can predict of the body shown (predict.ts). */
export interface PreviewPrediction {
  outcome: ImportPrediction;
  /** The positions sent, in the body's order: the sheet row and code behind each index. */
  positions: readonly CatalogPosition[];
  /** Blankable fields no column is mapped for: every row leaves them out (said once). */
  unmapped: BlankableField[];
  /**
   * The parent codes to add as rows so that no row hangs under a missing one: every missing
   * parent with its own missing parents, parents first.
   */
  addParents: string[];
  /** The store of earlier imports could not be read: nothing is known of them. */
  storeFailed: boolean;
  /**
   * What the platform held after this workbook's last import of the catalog (the baseline's codes
   * and units, by reference): after the job, an ignored row's inferred reason reads them as known
   * to the catalog (a parent there, a unit it accepted before). Empty when nothing is known.
   */
  known: { codes: readonly string[]; units: readonly (string | null)[] };
}
