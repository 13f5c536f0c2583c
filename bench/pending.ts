/**
 * Figures whose subject is not on main yet: the BOQ functions (issue 13) and the import pipeline
 * (issue 12). They are reported as not measured, with the reason, and never estimated; each is
 * replaced by its measurement when its subject lands.
 */
import { BUDGETS, EXCEL_RESULT_LIMIT_BYTES } from "./budgets";
import { notMeasured, type Figure } from "./report";

const BOQ_MISSING =
  "the BOQ functions and spill-matrix builder (issue 13: src/boq, src/functions, the emulator's --demo-size large) are not on main yet";
const IMPORT_MISSING =
  "the import pipeline (issue 12: src/import, reading the range through to the log written) is not on main yet";

export function boqFigures(_mode: "full" | "quick"): Figure[] {
  const s = "BOQ";
  return [
    notMeasured("boq.total", s, "100k-row BOQ: fetch all pages + parse + spill matrix", BOQ_MISSING),
    notMeasured("boq.matrixRatio", s, "spill matrix building / JSON.parse of the response", BOQ_MISSING, {
      max: BUDGETS.boqMatrixRatioToJsonParse,
      unit: "ratio",
    }),
    notMeasured("boq.requests.identical", s, "requests by 100 identical concurrent calls", BOQ_MISSING, {
      max: BUDGETS.boqRequestsIdentical,
      unit: "count",
    }),
    notMeasured("boq.requests.tenSets", s, "requests by 100 calls over 10 argument sets", BOQ_MISSING, {
      max: BUDGETS.boqRequestsTenArgumentSets,
      unit: "count",
    }),
    notMeasured("boq.spillBytes", s, "serialized spill vs Excel's 5 MB result limit", BOQ_MISSING, {
      max: EXCEL_RESULT_LIMIT_BYTES,
      unit: "bytes",
    }),
  ];
}

export function importFigures(_mode: "full" | "quick"): Figure[] {
  const s = "Import end to end";
  return [
    notMeasured("import.total", s, "100k positions: read → log written", IMPORT_MISSING),
    notMeasured("import.client", s, "client work (read, check, body, log written)", IMPORT_MISSING),
    notMeasured("import.waiting", s, "waiting on the service (post, status polls, log)", IMPORT_MISSING),
  ];
}
