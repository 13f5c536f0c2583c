// The signed-in line above the feature screens: who, in which company, and the way out.

import type { Company } from "../../api/schemas";
import type { SessionUser } from "../../session/session";

export interface SessionHeaderProps {
  user: SessionUser;
  company: Company | null;
  companies: Company[];
  onSelectCompany(companyId: string): void;
  onSignOut(): void;
  onOpenSettings(): void;
}

export function SessionHeader(props: SessionHeaderProps) {
  return (
    <div class="boq-session" aria-label="Signed-in user">
      <div class="boq-session-who">
        <span class="boq-muted">Signed in as </span>
        <strong data-testid="session-user">{props.user.displayName}</strong>
      </div>
      <div class="boq-session-company">
        {props.companies.length > 1 ? (
          <label>
            <span class="boq-muted">Company </span>
            <select
              name="company"
              value={props.company?.id ?? ""}
              onChange={(e) => props.onSelectCompany((e.currentTarget as HTMLSelectElement).value)}
            >
              {props.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span>
            <span class="boq-muted">Company </span>
            <span>{props.company?.name ?? "none available"}</span>
          </span>
        )}
        <span class="boq-hidden" data-testid="session-company">
          {props.company?.name ?? ""}
        </span>
      </div>
      <div class="boq-session-actions">
        <button type="button" class="boq-link" onClick={props.onOpenSettings}>
          Settings
        </button>
        <button type="button" name="signOut" onClick={props.onSignOut}>
          Sign out
        </button>
      </div>
    </div>
  );
}
