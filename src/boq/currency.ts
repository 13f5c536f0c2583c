// The currency of a bill of quantities, where the platform says it. The BOQ rows carry no
// currency field (docs/interface.md 2.9); an analysis may carry one as a row variable (LocalVars),
// so the sheet takes it from there when every row that names one names the same. Pure.
import type { BoqRow } from "../api/schemas";

/** Variable names that hold a currency code, compared ignoring case. */
const CURRENCY_VARIABLES = new Set(["currency", "currencycharcode", "валюта"]);
const CODE = /^[A-Za-z]{3}$/;

/** The three-letter code (upper case) every row that names a currency names; undefined otherwise. */
export function boqCurrency(rows: readonly BoqRow[]): string | undefined {
  let found: string | undefined;
  for (const row of rows) {
    for (const variable of row.LocalVars) {
      if (!CURRENCY_VARIABLES.has(variable.Name.toLowerCase())) continue;
      const value = (variable.Value ?? "").trim();
      if (!CODE.test(value)) continue;
      const code = value.toUpperCase();
      if (found !== undefined && found !== code) return undefined;
      found = code;
    }
  }
  return found;
}
