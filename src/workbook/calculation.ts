// A full recalculation of the workbook: the PLATFORM functions are not volatile, so only a full
// one makes Excel call them again (Refresh BOQ from the task pane).
export async function recalculateWorkbookFully(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}
