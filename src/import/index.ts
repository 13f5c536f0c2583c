// The catalog import: the journey as plain data (state.ts), its effects (pipeline.ts), the
// workbook's import history (history.ts) and the log as tables (logTables.ts).
export * from "./state";
export * from "./history";
export * from "./logTables";
export * from "./pipeline";
