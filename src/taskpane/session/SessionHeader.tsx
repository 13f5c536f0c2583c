// The signed-in line above the feature screens: who, in which company, and the way out.

import type { Company } from "../../api/schemas";
import { t } from "../../i18n";
import type { SessionUser } from "../../session/session";
import { Button, Dropdown, MessageBar } from "../components";

export interface SessionHeaderProps {
  user: SessionUser;
  company: Company | null;
  companies: Company[];
  /** The company list could not be loaded: say so and offer to load it again. */
  companiesFailed?: boolean;
  onReloadCompanies?: () => void;
  onSelectCompany: (companyId: string) => void;
  onSignOut: () => void;
  onOpenSettings: () => void;
}

export function SessionHeader(props: SessionHeaderProps) {
  return (
    <section class="boq-session fui-stack-s" aria-label={t("signin.signedInRegion")}>
      <div class="fui-row boq-session-who">
        <span class="fui-caption">{t("signin.signedInAs")}</span>
        <strong class="fui-body-strong" data-testid="session-user">
          {props.user.displayName}
        </strong>
      </div>
      {props.companies.length > 1 ? (
        <Dropdown
          label={t("signin.company")}
          name="company"
          value={props.company?.id ?? ""}
          options={props.companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={props.onSelectCompany}
        />
      ) : (
        <div class="fui-row">
          <span class="fui-caption">{t("signin.company")}</span>
          <span>
            {props.company?.name ||
              (props.companiesFailed ? t("session.companyUnknownName") : t("signin.noCompany"))}
          </span>
        </div>
      )}
      {props.companiesFailed ? (
        <MessageBar
          intent="warning"
          actions={
            <Button size="small" name="reloadCompanies" onClick={props.onReloadCompanies}>
              {t("session.companiesRetry")}
            </Button>
          }
        >
          {t("session.companiesFailed")}
        </MessageBar>
      ) : null}
      <span class="fui-visually-hidden" data-testid="session-company">
        {props.company?.name ?? ""}
      </span>
      <div class="fui-row">
        <Button size="small" name="openSettings" onClick={props.onOpenSettings}>
          {t("signin.settings")}
        </Button>
        <Button size="small" name="signOut" onClick={props.onSignOut}>
          {t("signin.signOut")}
        </Button>
      </div>
    </section>
  );
}
