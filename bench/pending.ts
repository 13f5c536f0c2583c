/**
 * Figures whose subject is not on main yet: the import pipeline (issue 12). They are reported as
 * not measured, with the reason, and never estimated, until their subject lands.
 */
import { notMeasured, type Figure } from "./report";

const IMPORT_MISSING =
  "the import pipeline (issue 12: src/import, reading the range through to the log written) is not on main yet";

export function importFigures(_mode: "full" | "quick"): Figure[] {
  const s = "Import end to end";
  return [
    notMeasured("import.total", s, "100k positions: read → log written", IMPORT_MISSING),
    notMeasured("import.client", s, "client work (read, check, body, log written)", IMPORT_MISSING),
    notMeasured("import.waiting", s, "waiting on the service (post, status polls, log)", IMPORT_MISSING),
  ];
}
