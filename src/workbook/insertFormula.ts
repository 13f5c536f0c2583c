// Writes one formula into the top-left cell of the selection (the navigator's Insert formula),
// in the caller's run (src/boqsheet's injected runner).

/** The address written to, e.g. "Sheet1!B3". */
export async function insertFormulaAtSelection(
  context: Excel.RequestContext,
  formula: string,
): Promise<string> {
  const cell = context.workbook.getSelectedRange().getCell(0, 0);
  cell.formulas = [[formula]];
  cell.load("address");
  await context.sync();
  return cell.address;
}
