// Workbook events the pane follows for as long as the add-in runs. Each handler is registered in
// the caller's Excel.run and called by Excel outside it, with nothing to load.

/**
 * Calls `listener` whenever the user selects other cells, on any sheet (Excel's
 * Workbook.onSelectionChanged, ExcelApi 1.2).
 */
export async function onSelectionChanged(context: Excel.RequestContext, listener: () => void): Promise<void> {
  context.workbook.onSelectionChanged.add(async () => {
    listener();
    await Promise.resolve();
  });
  await context.sync();
}
