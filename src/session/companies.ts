// The company a sign-in works in: chosen from the company list (endpoint 6).

import type { Company } from "../api/schemas";

/** The company of the token's company_id claim, else the first non-personal one, else the first. */
export function chooseCompany(companies: Company[], claimedId: string | null | undefined): Company | null {
  return (
    companies.find((c) => c.id === claimedId) ?? companies.find((c) => !c.isPersonal) ?? companies[0] ?? null
  );
}
