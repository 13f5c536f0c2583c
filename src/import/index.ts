// The catalog import: the journey as plain data (state.ts), its effects (pipeline.ts), the
// workbook's import history (history.ts), the log as tables (logTables.ts) and the check's
// problems in words (problemWords.ts).
export * from "./state";
export * from "./history";
export * from "./logTables";
export * from "./pipeline";
export * from "./problemWords";
