// Writes one formula into the top-left cell of the selection (the navigator's Insert formula).

/** The address written to, e.g. "Sheet1!B3". */
export async function insertFormulaAtSelection(formula: string): Promise<string> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getSelectedRange().getCell(0, 0);
    cell.formulas = [[formula]];
    cell.load("address");
    await context.sync();
    return cell.address;
  });
}
