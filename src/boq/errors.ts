// The one error type of src/boq and the BOQ data path: the cell error it becomes, a message key
// and its values. No words here: the edge (the functions' wrapper, the BOQ sheet, the pane) words
// it with src/i18n, in the language of the moment it is shown.
import type { MessageKey } from "../i18n";

/** The two CustomFunctions.ErrorCode values whose message Excel shows. */
export type CellErrorCode = "invalidValue" | "notAvailable";

/** A value of a message: shown as it is (numbers formatted), or a message worded in the same language. */
export type WordValue = string | number | Words;
export type WordValues = Readonly<Record<string, WordValue>>;

/** A message by key with its values: what code says, before it is worded. */
export interface Words {
  readonly key: MessageKey;
  readonly values: WordValues;
}

export function words(key: MessageKey, values: WordValues = {}): Words {
  return { key, values };
}

export class BoqError extends Error {
  readonly words: Words;

  constructor(
    readonly code: CellErrorCode,
    key: MessageKey,
    values: WordValues = {},
  ) {
    // The key, for a log line; what a user reads is worded at the edge.
    super(key);
    this.name = "BoqError";
    this.words = { key, values };
  }

  get key(): MessageKey {
    return this.words.key;
  }

  get values(): WordValues {
    return this.words.values;
  }
}

/** A bad argument: #VALUE! saying which. */
export function argumentError(key: MessageKey, values: WordValues = {}): BoqError {
  return new BoqError("invalidValue", key, values);
}

/** Something not found, not signed in, or the service failing: #N/A with the reason. */
export function unavailable(key: MessageKey, values: WordValues = {}): BoqError {
  return new BoqError("notAvailable", key, values);
}
