// One client handed on: its id and, right after it was made or given a new secret, the secret
// (kept in this component's memory only, gone when the screen closes); what the personal account
// must still set, each with its exact value; the check of the three services from the pane; and
// the organisation's preset (config.json) to download.
import { useEffect, useRef, useState } from "preact/hooks";
import type { ServiceName, ServiceUrls } from "../../api/http";
import { t, type MessageKey } from "../../i18n";
import { Button, MessageBar } from "../components";
import { Copyable, CopyableStep, downloadText } from "./Copyable";
import { presetJson, type AddinAddress, type ApiClient, type Reach, type SetupApi } from "./setupModel";

export interface ClientPanelProps {
  client: ApiClient;
  /** The secret the platform showed this once; absent when only the preset is asked for. */
  secret?: string;
  title: string;
  address: AddinAddress;
  urls: ServiceUrls;
  companyId: string;
  api: SetupApi;
}

const SERVICES: readonly { service: ServiceName; label: MessageKey }[] = [
  { service: "auth", label: "setup.serviceAuth" },
  { service: "value", label: "setup.serviceValue" },
  { service: "platform", label: "setup.servicePlatform" },
];
const REACH: Record<Reach, MessageKey> = {
  answered: "setup.reachAnswered",
  unreachable: "setup.reachUnreachable",
  "signed-out": "setup.reachSignedOut",
};

export function ClientPanel(props: ClientPanelProps) {
  const { client, address } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new panel (another client, or a new secret) takes the focus: the keyboard continues there.
  useEffect(() => headingRef.current?.focus(), [client.clientId, props.secret]);
  return (
    <section class="fui-stack fui-card" aria-labelledby="setup-panel-title" data-testid="setup-panel">
      <h3 id="setup-panel-title" class="fui-subtitle" tabIndex={-1} ref={headingRef}>
        {props.title}
      </h3>
      <Copyable label={t("setup.clientId")} value={client.clientId} name="copyClientId" />
      {props.secret !== undefined && (
        <>
          <Copyable label={t("setup.secret")} value={props.secret} name="copySecret" secret />
          <MessageBar intent="warning">{t("setup.secretOnce")}</MessageBar>
          <p class="fui-text">{t("setup.handOut")}</p>
        </>
      )}
      <PersonalAccountSteps client={client} address={address} />
      <ServicesCheck companyId={props.companyId} api={props.api} />
      <Preset urls={props.urls} clientId={client.clientId} />
    </section>
  );
}

/** What the client API cannot set, and what to do about each in the personal account. */
function PersonalAccountSteps({ client, address }: { client: ApiClient; address: AddinAddress }) {
  return (
    <div class="fui-stack-s">
      <h4 class="fui-subtitle">{t("setup.manualTitle")}</h4>
      <p class="fui-text">{t("setup.manualIntro", { name: client.clientName })}</p>
      <ol class="boq-setup-steps">
        <CopyableStep
          text={t("setup.manualCors")}
          label={t("setup.addinAddress")}
          value={address.origin}
          name="copyOrigin"
        />
        <li class="fui-text">{t("setup.manualLogout")}</li>
        <CopyableStep
          text={t("setup.manualActive")}
          label={t("setup.clientId")}
          value={client.clientId}
          name="copyClientIdToFind"
        />
      </ol>
    </div>
  );
}

/** One request to each service from the pane: what can be observed, said as no more than that. */
function ServicesCheck({ companyId, api }: { companyId: string; api: SetupApi }) {
  const [results, setResults] = useState<Partial<Record<ServiceName, Reach>> | null>(null);
  const [busy, setBusy] = useState(false);
  async function check() {
    setBusy(true);
    setResults(null);
    const found: Partial<Record<ServiceName, Reach>> = {};
    try {
      for (const { service } of SERVICES) found[service] = await api.reach(service, companyId);
      setResults(found);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div class="fui-stack-s">
      <h4 class="fui-subtitle">{t("setup.checkTitle")}</h4>
      <p class="fui-caption">{t("setup.checkIntro")}</p>
      <div class="fui-row">
        <Button name="checkServices" busy={busy} onClick={() => void check()}>
          {busy ? t("setup.checking") : t("setup.check")}
        </Button>
      </div>
      <ul class="boq-setup-list" aria-live="polite" data-testid="setup-check">
        {results &&
          SERVICES.map(({ service, label }) => {
            const reach = results[service] ?? "unreachable";
            return (
              <li key={service} class="fui-text" data-reach={reach}>
                <strong>{t(label)}</strong>: {t(REACH[reach])}
              </li>
            );
          })}
      </ul>
    </div>
  );
}

/** The organisation's preset for this client, to download and hand to whoever hosts the add-in. */
function Preset({ urls, clientId }: { urls: ServiceUrls; clientId: string }) {
  const json = presetJson(urls, clientId);
  return (
    <div class="fui-stack-s">
      <h4 class="fui-subtitle">{t("setup.presetTitle")}</h4>
      <p class="fui-text">{t("setup.presetIntro")}</p>
      <pre class="fui-code boq-setup-preset" data-testid="setup-preset" tabIndex={0}>
        {json}
      </pre>
      <div class="fui-row">
        <Button name="downloadPreset" onClick={() => downloadText("config.json", json)}>
          {t("setup.presetDownload")}
        </Button>
      </div>
      <p class="fui-caption">{t("setup.presetWindow")}</p>
    </div>
  );
}
