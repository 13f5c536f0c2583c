// The warnings slice: what the pane says above every screen because it outlives any one job: the
// workbook could not keep the import's details, or the note outside the workbook was refused.

import type { ImportEvent, ImportState, WarningsSlice } from "./types";

export const NO_WARNINGS: WarningsSlice = { settingsError: null, keptOutsideError: null };

/** The warnings slice after an event (kept through every new start of the journey). */
export function reduceWarnings(state: ImportState, event: ImportEvent): WarningsSlice {
  const warnings = state.warnings;
  switch (event.type) {
    case "settings-saved":
      return warnings.settingsError === null ? warnings : { ...warnings, settingsError: null };
    case "settings-failed":
      return { ...warnings, settingsError: event.error };
    case "kept-outside":
      return warnings.keptOutsideError === null ? warnings : { ...warnings, keptOutsideError: null };
    case "keep-outside-failed":
      return { ...warnings, keptOutsideError: event.error };
    default:
      return warnings;
  }
}
