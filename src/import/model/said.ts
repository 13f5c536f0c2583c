// What the journey says: a message key of src/i18n with its values (never a sentence), and the
// platform's or Excel's own words as the detail. The pane words it (src/i18n).

import type { Said as I18nSaid } from "../../i18n";

/** What a message key and its values say (src/i18n's Said); the pane turns it into words. */
export interface Said extends I18nSaid {
  key: ImportMessageKey;
  values?: Readonly<Record<string, string | number>>;
  /** The platform's or Excel's own words, shown as they are (never a raw body or a token). */
  detail?: string;
}

/** Keys of src/i18n/areas/import.ts this folder uses for states (checked by the type of the area). */
export type ImportMessageKey =
  | "import.failedRead"
  | "import.failedPostRefused"
  | "import.refusedCatalog"
  | "import.refusedRights"
  | "import.failedJob"
  | "import.failedFollow"
  | "import.failedGuids"
  | "import.failedNotSignedIn"
  | "import.failedLogWrite"
  | "import.failedLostCheck"
  | "import.settingsNotSaved"
  | "import.notKeptOutsideFull"
  | "import.notKeptOutside"
  | "import.blockedGuidsMerged"
  | "import.blockedResultMerged"
  | "import.blockedGuidsTable"
  | "import.blockedResultTable"
  | "import.cellsChanged"
  | "prediction.addedParents"
  | "send.refusedBusy";
