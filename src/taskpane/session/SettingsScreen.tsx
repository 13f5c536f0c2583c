// Settings: the language, the language of the PLATFORM formulas' headers in this workbook (kept in
// the workbook, the same for every co-author), and which platform to work with: the test platform on this computer
// (its fixed addresses shown as text, with its connection kind) or the company's platform (three
// addresses and a client id, checked by one validation of ours, shown once a field is left or on
// Save). Where the organisation gave a preset (config.json), its addresses are shown as set by the
// organisation: the only choice when users may not change them, else the first of the choices.
// Saving goes through onSave (the session, which also ends a sign-in made at a different
// authorization server).

import { useEffect, useRef, useState } from "preact/hooks";
import { t, type Language, type MessageKey } from "../../i18n";
import {
  checkServiceUrl,
  emulatorSettings,
  organisationSettings,
  type OrganisationPreset,
  type Scheme,
  type ServiceSettings,
  type SettingsErrors,
  type UrlField,
  type UrlProblem,
} from "../../session";
import { Button, Dropdown, MessageBar, RadioGroup, TextField } from "../components";
import type { LanguageChoice } from "../preferences";
import { describeError, type ErrorText } from "./errors";
import type { HeaderSetting } from "../../boqsheet";

export interface SettingsScreenProps {
  settings: ServiceSettings;
  language: LanguageChoice;
  onSave(next: ServiceSettings): Promise<SettingsErrors>;
  onLanguage: (choice: LanguageChoice) => void;
  /** The workbook's header language; absent where the host keeps no document settings. */
  headers?: HeaderSetting;
  onDone: () => void;
  /** Opens the company set-up (API clients); offered only while signed in. */
  onSetUp?: () => void;
}

const URL_FIELDS: readonly UrlField[] = ["authUrl", "valueUrl", "platformUrl"];
const URL_LABELS: Record<UrlField, MessageKey> = {
  authUrl: "signin.authUrl",
  valueUrl: "signin.valueUrl",
  platformUrl: "signin.platformUrl",
};
const URL_PROBLEMS: Record<UrlProblem, MessageKey> = {
  empty: "signin.urlEmpty",
  "not-address": "signin.urlNotAddress",
  credentials: "signin.urlCredentials",
  query: "signin.urlQuery",
  "http-not-local": "signin.urlHttpNotLocal",
  scheme: "signin.urlScheme",
};

type FieldName = UrlField | "interactiveClientId";

/** The messages of the fields, in the user's language (the session's own check runs again on save). */
export function settingsProblems(s: ServiceSettings): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  if (s.preset !== "custom") return problems;
  for (const field of URL_FIELDS) {
    const problem = checkServiceUrl(s[field]);
    if (problem) problems[field] = t(URL_PROBLEMS[problem]);
  }
  if (s.interactiveClientId.trim() === "") problems.interactiveClientId = t("signin.clientIdEmpty");
  return problems;
}

export function SettingsScreen(props: SettingsScreenProps) {
  const [draft, setDraft] = useState<ServiceSettings>(props.settings);
  const [language, setLanguage] = useState<LanguageChoice>(props.language);
  const [headers, setHeaders] = useState<Language | "">(props.headers?.current ?? "");
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saveError, setSaveError] = useState<ErrorText | null>(null);
  const [serverErrors, setServerErrors] = useState<SettingsErrors>({});
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Opened by the user: the keyboard continues from the screen's title.
  useEffect(() => titleRef.current?.focus(), []);
  const problems = settingsProblems(draft);
  const shown = (field: FieldName): string | null =>
    (submitted || touched.has(field) ? problems[field] : undefined) ??
    (serverErrors[field]
      ? t(field === "interactiveClientId" ? "signin.clientIdEmpty" : "signin.urlNotAddress")
      : null);

  function update(patch: Partial<ServiceSettings>) {
    setServerErrors({});
    setDraft((d) => ({ ...d, ...patch }));
  }

  function choosePreset(preset: string) {
    if (preset === "organisation" && organisation) {
      update({ ...organisationSettings(organisation) });
    } else if (preset === "emulator") {
      update({
        ...emulatorSettings(draft.emulatorScheme),
        interactiveClientId: emulatorSettings().interactiveClientId,
      });
    } else {
      update({ preset: "custom" });
    }
  }

  const organisation = props.settings.organisation;
  const locked = organisation !== undefined && !organisation.usersMayChange;

  async function save(event: Event) {
    event.preventDefault();
    setSubmitted(true);
    setSaveError(null);
    if (Object.keys(problems).length > 0) {
      const first = Object.keys(problems)[0];
      document.querySelector<HTMLInputElement>(`.boq-settings input[name="${first}"]`)?.focus();
      return;
    }
    try {
      const result = await props.onSave(draft);
      if (Object.keys(result).length > 0) {
        setServerErrors(result);
        return;
      }
      if (props.headers && headers !== "" && headers !== props.headers.current) {
        await props.headers.choose(headers);
      }
      if (language !== props.language) props.onLanguage(language);
      props.onDone();
    } catch (e) {
      setSaveError(describeError(e));
    }
  }

  const custom = draft.preset === "custom";
  const byOrganisation = organisation !== undefined && (locked || draft.preset === "organisation");
  const blur = (field: FieldName) => () => setTouched((s) => new Set(s).add(field));
  return (
    <section class="boq-settings fui-stack" aria-labelledby="boq-settings-title">
      <h2 id="boq-settings-title" class="fui-title" ref={titleRef} tabIndex={-1}>
        {t("signin.settingsTitle")}
      </h2>
      <form class="fui-stack" onSubmit={(e) => void save(e)} noValidate>
        <Dropdown
          label={t("signin.language")}
          name="language"
          value={language}
          options={[
            { value: "auto", label: t("signin.languageAuto") },
            { value: "en", label: "English" },
            { value: "ru", label: "Русский" },
          ]}
          onChange={(value) => setLanguage(value as LanguageChoice)}
        />
        {props.headers && (
          <Dropdown
            label={t("headers.settingLabel")}
            name="headerLanguage"
            value={headers}
            hint={t("headers.settingHint")}
            options={[
              ...(props.headers.current === undefined
                ? [{ value: "", label: t("headers.settingNotChosen") }]
                : []),
              { value: "en", label: "English" },
              { value: "ru", label: "Русский" },
            ]}
            onChange={(value) => setHeaders(value as Language | "")}
          />
        )}
        {!locked && (
          <RadioGroup
            label={t("signin.platform")}
            name="preset"
            value={byOrganisation ? "organisation" : custom ? "custom" : "emulator"}
            options={[
              ...(organisation
                ? [
                    {
                      value: "organisation",
                      label: t("signin.platformOrganisation"),
                      hint: t("signin.platformOrganisationHint"),
                    },
                  ]
                : []),
              { value: "custom", label: t("signin.platformCustom"), hint: t("signin.platformCustomHint") },
              { value: "emulator", label: t("signin.platformLocal"), hint: t("signin.platformLocalHint") },
            ]}
            onChange={choosePreset}
          />
        )}
        {byOrganisation && organisation ? (
          <OrganisationAddresses organisation={organisation} locked={locked} />
        ) : custom ? (
          <div class="fui-stack">
            {URL_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(URL_LABELS[field])}
                name={field}
                inputMode="url"
                required
                placeholder="https://"
                value={draft[field]}
                error={shown(field)}
                onBlur={blur(field)}
                onChange={(value) => update({ [field]: value })}
              />
            ))}
            <TextField
              label={t("signin.interactiveClientId")}
              name="interactiveClientId"
              required
              hint={t("signin.interactiveClientIdHint")}
              value={draft.interactiveClientId}
              error={shown("interactiveClientId")}
              onBlur={blur("interactiveClientId")}
              onChange={(interactiveClientId) => update({ interactiveClientId })}
            />
          </div>
        ) : (
          <div class="fui-stack">
            <Dropdown
              label={t("signin.localScheme")}
              name="emulatorScheme"
              value={draft.emulatorScheme}
              hint={t("signin.localSchemeHint")}
              options={[
                { value: "https", label: t("signin.localSchemeHttps") },
                { value: "http", label: t("signin.localSchemeHttp") },
              ]}
              onChange={(value) => update(emulatorSettings(value as Scheme))}
            />
            <div class="fui-stack-s">
              <span class="fui-label">{t("signin.localAddresses")}</span>
              <ul class="boq-addresses">
                {URL_FIELDS.map((field) => (
                  <li key={field}>
                    <span class="fui-caption">{t(URL_LABELS[field])}</span>
                    <span class="fui-code" data-testid={`local-${field}`}>
                      {draft[field]}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
        <div class="fui-row">
          <Button type="submit" appearance="primary" name="saveSettings">
            {t("signin.save")}
          </Button>
          <Button name="cancelSettings" onClick={props.onDone}>
            {t("signin.cancel")}
          </Button>
        </div>
        {saveError && (
          <MessageBar intent="error" details={saveError.details}>
            {saveError.text}
          </MessageBar>
        )}
      </form>
      {props.onSetUp && (
        <div class="fui-stack-s">
          <hr class="fui-divider" />
          <p class="fui-caption">{t("signin.setUpHint")}</p>
          <Button name="openSetup" onClick={props.onSetUp}>
            {t("signin.setUp")}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The organisation's preset as text: set by the organisation, not fields to edit. */
function OrganisationAddresses({
  organisation,
  locked,
}: {
  organisation: OrganisationPreset;
  locked: boolean;
}) {
  const clientId = organisation.interactiveClientId;
  return (
    <div class="fui-stack-s" data-testid="organisation-preset">
      <span class="fui-label">{t("signin.organisationAddresses")}</span>
      <ul class="boq-addresses">
        {URL_FIELDS.map((field) => (
          <li key={field}>
            <span class="fui-caption">{t(URL_LABELS[field])}</span>
            <span class="fui-code" data-testid={`organisation-${field}`}>
              {organisation[field]}
            </span>
          </li>
        ))}
        {clientId && (
          <li>
            <span class="fui-caption">{t("signin.organisationClientId")}</span>
            <span class="fui-code" data-testid="organisation-interactiveClientId">
              {clientId}
            </span>
          </li>
        )}
      </ul>
      {locked && <p class="fui-caption">{t("signin.organisationLocked")}</p>}
    </div>
  );
}
