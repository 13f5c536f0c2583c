// The one error type of src/boq and the BOQ data path: the cell error it becomes, a message key
// and its values (src/i18n's Said). No words here: the edge (the functions' wrapper, the BOQ sheet,
// the pane) words it with src/i18n's errorText, in the language of the moment it is shown.
import type { MessageKey, Said, SaidValues } from "../i18n";

/** The two CustomFunctions.ErrorCode values whose message Excel shows. */
export type CellErrorCode = "invalidValue" | "notAvailable";

/** A message by key with its values, for a value of another message ("where", "what"). */
export function words(key: MessageKey, values: SaidValues = {}): Said {
  return { key, values };
}

export class BoqError extends Error {
  readonly said: Said;

  constructor(
    readonly code: CellErrorCode,
    key: MessageKey,
    values: SaidValues = {},
  ) {
    // The key, for a log line; what a user reads is worded at the edge.
    super(key);
    this.name = "BoqError";
    this.said = { key, values };
  }

  get key(): MessageKey {
    return this.said.key;
  }

  get values(): SaidValues {
    return this.said.values ?? {};
  }
}

/** A bad argument: #VALUE! saying which. */
export function argumentError(key: MessageKey, values: SaidValues = {}): BoqError {
  return new BoqError("invalidValue", key, values);
}

/** Something not found, not signed in, or the service failing: #N/A with the reason. */
export function unavailable(key: MessageKey, values: SaidValues = {}): BoqError {
  return new BoqError("notAvailable", key, values);
}
