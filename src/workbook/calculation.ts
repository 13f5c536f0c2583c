// A full recalculation of the workbook (application.calculate Full). Refresh BOQ no longer relies
// on it (./platformCells: it skips cells in an error state on some hosts, office-js 4502); it stays
// for what needs every formula calculated, such as a changed header language. No imports: the
// shared runtime's first scripts take this file without the block reader.

/** A full recalculation of the workbook: every formula calculated again. */
export async function recalculateWorkbookFully(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
