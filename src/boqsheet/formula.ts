// The navigator's Insert formula: =PLATFORM.BOQ(...) of the choice at the selected cell, written
// in the injected Excel runner.
import { boqFormula, type BoqSelection } from "../boq/formula";
import { insertFormulaAtSelection, type ExcelRunner } from "../workbook";

/** Writes the formula of `selection` into the selected cell; resolves with its address ("Sheet1!B3"). */
export function insertBoqFormula(excel: ExcelRunner, selection: BoqSelection): Promise<string> {
  const formula = boqFormula(selection);
  return excel((context) => insertFormulaAtSelection(context, formula));
}
