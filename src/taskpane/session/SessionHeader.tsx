// The signed-in line above the feature screens: who, in which company (changed in a dialog of
// buttons, so Tab and Enter are all it takes), and the way out.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Company } from "../../api/schemas";
import { t } from "../../i18n";
import type { SessionUser } from "../../session";
import { Button, Dialog, MessageBar } from "../components";

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
  /** Take keyboard focus when shown (after the user signed in or left Settings), not at start-up. */
  autoFocus?: boolean;
  /** "Keep me signed in" was chosen but this computer's storage refused it. */
  keepFailed?: boolean;
}

export function SessionHeader(props: SessionHeaderProps) {
  const [choosing, setChoosing] = useState(false);
  const [keepFailedSeen, setKeepFailedSeen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (props.autoFocus) ref.current?.focus();
  }, []);
  return (
    <section ref={ref} tabIndex={-1} class="boq-session fui-stack-s" aria-label={t("signin.signedInRegion")}>
      <div class="fui-row">
        <span class="fui-caption">{t("signin.signedInAs")}</span>
        <strong class="fui-body-strong" data-testid="session-user">
          {props.user.displayName}
        </strong>
      </div>
      <div class="fui-row">
        <span class="fui-caption">{t("signin.company")}</span>
        <strong class="fui-body-strong" data-testid="session-company">
          {props.company?.name ||
            (props.companiesFailed ? t("session.companyUnknownName") : t("signin.noCompany"))}
        </strong>
        {props.companies.length > 1 && (
          <Button appearance="link" name="changeCompany" onClick={() => setChoosing(true)}>
            {t("signin.changeCompany")}
          </Button>
        )}
      </div>
      {props.keepFailed && !keepFailedSeen && (
        <MessageBar intent="warning" onDismiss={() => setKeepFailedSeen(true)}>
          {t("signin.keepFailed")}
        </MessageBar>
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
      <div class="fui-row">
        <Button size="small" name="openSettings" onClick={props.onOpenSettings}>
          {t("signin.settings")}
        </Button>
        <Button size="small" name="signOut" onClick={props.onSignOut}>
          {t("signin.signOut")}
        </Button>
      </div>
      <Dialog
        open={choosing}
        title={t("signin.chooseCompany")}
        onClose={() => setChoosing(false)}
        actions={<Button onClick={() => setChoosing(false)}>{t("signin.cancel")}</Button>}
      >
        <ul class="boq-company-list">
          {props.companies.map((c) => {
            const current = c.id === props.company?.id;
            return (
              <li key={c.id}>
                <Button
                  block
                  appearance={current ? "primary" : "secondary"}
                  name="company"
                  value={c.id}
                  aria-current={current ? "true" : undefined}
                  onClick={() => {
                    setChoosing(false);
                    if (!current) props.onSelectCompany(c.id);
                  }}
                >
                  {c.name}
                  {current && <span class="fui-visually-hidden"> {t("signin.currentCompany")}</span>}
                </Button>
              </li>
            );
          })}
        </ul>
      </Dialog>
    </section>
  );
}
