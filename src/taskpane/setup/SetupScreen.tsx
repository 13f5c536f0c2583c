// Settings > Set up BOQ Bridge for your company: the company's API clients (name, description,
// return addresses), the add-in's own client created in one step from where the add-in is served,
// a client changed, deleted or given a new secret, and each handed on (ClientPanel). A refusal of
// the list or of a creation is one message with its likely causes: the interface shows no
// statuses, so the pane cannot tell "not an administrator" from "not enabled" and says both. A
// refusal of an action on a listed client is not that (the list was allowed): it is worded as
// every error is, with the platform's own words.
import { useEffect, useRef, useState } from "preact/hooks";
import type { ServiceUrls } from "../../api/http";
import type { Company } from "../../api/schemas";
import { errorDetails, t, type MessageKey } from "../../i18n";
import { Button, Dialog, MessageBar, Spinner } from "../components";
import { describeError } from "../session/errors";
import { ClientForm } from "./ClientForm";
import { ClientPanel } from "./ClientPanel";
import {
  addinClient,
  failureKind,
  isAddinClient,
  type AddinAddress,
  type ApiClient,
  type ApiClientFields,
  type SetupApi,
} from "./setupModel";

export interface SetupScreenProps {
  api: SetupApi;
  /** The company chosen at the top of the pane. */
  company: Company | null;
  urls: ServiceUrls;
  address: AddinAddress;
  onDone: () => void;
}

type List =
  | { status: "loading" }
  | { status: "ready"; clients: ApiClient[] }
  | { status: "refused"; error: unknown }
  | { status: "failed"; error: unknown };

/** A client handed on: after its creation or a new secret (with the secret), or for its preset. */
interface Shown {
  client: ApiClient;
  secret?: string;
  title: string;
}

type Confirm = { kind: "delete" | "secret"; client: ApiClient } | null;
type Outcome<T> = { ok: true; value: T } | { ok: false; nameTaken: boolean };

export function SetupScreen({ api, company, urls, address, onDone }: SetupScreenProps) {
  const [list, setList] = useState<List>({ status: "loading" });
  const [shown, setShown] = useState<Shown | null>(null);
  const [editing, setEditing] = useState<ApiClient | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A failure of an action on a listed client or of the creation (the list's own is `list`).
  const [failure, setFailure] = useState<{ error: unknown; ofCompany: boolean } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const companyId = company?.id ?? "";
  const companyName = company?.name ?? "";

  async function load() {
    if (!companyId) return;
    setList({ status: "loading" });
    try {
      setList({ status: "ready", clients: await api.list(companyId) });
    } catch (error) {
      setList({ status: failureKind(error) === "refused" ? "refused" : "failed", error });
    }
  }
  useEffect(() => {
    void load();
  }, [companyId]);

  /**
   * Runs an action; a refusal or failure is shown once, above the list (a taken name by the form).
   * `ofCompany`: the action is the company's (a creation), so a refusal has the list's causes.
   */
  async function act<T>(action: () => Promise<T>, ofCompany = false): Promise<Outcome<T>> {
    setFailure(null);
    setNotice(null);
    try {
      return { ok: true, value: await action() };
    } catch (error) {
      if (failureKind(error) === "name-taken") return { ok: false, nameTaken: true };
      setFailure({ error, ofCompany });
      return { ok: false, nameTaken: false };
    }
  }

  async function create(fields: ApiClientFields): Promise<"name-taken" | void> {
    const outcome = await act(() => api.create(companyId, fields), true);
    if (!outcome.ok) return outcome.nameTaken ? "name-taken" : undefined;
    const { clientSecret, ...client } = outcome.value;
    setShown({ client, secret: clientSecret, title: t("setup.createdTitle", { name: client.clientName }) });
    await load();
  }

  async function save(client: ApiClient, fields: ApiClientFields): Promise<"name-taken" | void> {
    const outcome = await act(() => api.update(client.clientId, fields));
    if (!outcome.ok) return outcome.nameTaken ? "name-taken" : undefined;
    setEditing(null);
    setNotice(t("setup.saved", { name: outcome.value.clientName }));
    await load();
  }

  async function confirmed(current: NonNullable<Confirm>) {
    setConfirm(null);
    const { client } = current;
    if (current.kind === "delete") {
      if (!(await act(() => api.remove(client.clientId))).ok) return;
      if (shown?.client.clientId === client.clientId) setShown(null);
      if (editing?.clientId === client.clientId) setEditing(null);
      setNotice(t("setup.deleted", { name: client.clientName }));
      await load();
      return;
    }
    const outcome = await act(() => api.newSecret(client.clientId));
    if (outcome.ok) {
      setShown({
        client,
        secret: outcome.value,
        title: t("setup.newSecretShown", { name: client.clientName }),
      });
    }
  }

  const clients = list.status === "ready" ? list.clients : [];
  return (
    <section class="fui-stack boq-setup" aria-labelledby="boq-setup-title">
      <h2 id="boq-setup-title" class="fui-title" ref={titleRef} tabIndex={-1}>
        {t("setup.title")}
      </h2>
      <p class="fui-text">{t("setup.intro")}</p>
      {company ? (
        <p class="fui-caption" data-testid="setup-company">
          {t("setup.company", { company: companyName })}
        </p>
      ) : (
        <MessageBar intent="warning">{t("setup.noCompany")}</MessageBar>
      )}
      <div class="fui-row">
        <Button name="closeSetup" onClick={onDone}>
          {t("setup.back")}
        </Button>
      </div>
      {notice && <MessageBar intent="success">{notice}</MessageBar>}
      {failure && <Failure error={failure.error} company={companyName} ofCompany={failure.ofCompany} />}
      {shown && company && (
        <ClientPanel
          client={shown.client}
          secret={shown.secret}
          title={shown.title}
          address={address}
          urls={urls}
          companyId={companyId}
          api={api}
        />
      )}
      {company && list.status === "loading" && <Spinner label={t("setup.loading")} />}
      {company && (list.status === "refused" || list.status === "failed") && (
        <Failure error={list.error} company={companyName} ofCompany />
      )}
      {list.status === "ready" && (
        <>
          <h3 class="fui-subtitle">{t("setup.listTitle", { company: companyName })}</h3>
          {clients.length === 0 && <p class="fui-caption">{t("setup.listEmpty")}</p>}
          <ul class="boq-setup-list" data-testid="setup-clients">
            {clients.map((client) => (
              <ClientCard
                key={client.clientId}
                client={client}
                addin={isAddinClient(client, address)}
                onEdit={() => setEditing(client)}
                onConfirm={(kind) => setConfirm({ kind, client })}
                onPreset={() => setShown({ client, title: t("setup.presetTitle") })}
              />
            ))}
          </ul>
          {editing ? (
            <ClientForm
              key={editing.clientId}
              mode="edit"
              initial={editing}
              clients={clients}
              clientId={editing.clientId}
              onSubmit={(fields) => save(editing, fields)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <ClientForm
              key={`create-${clients.length}`}
              mode="create"
              initial={addinClient(address, clients, t("setup.descriptionValue", { address: address.base }))}
              clients={clients}
              onSubmit={create}
            />
          )}
        </>
      )}
      <ConfirmDialog
        confirm={confirm}
        onCancel={() => setConfirm(null)}
        onConfirm={(c) => void confirmed(c)}
      />
    </section>
  );
}

/**
 * The one message of a failure: a refusal of the company's clients (the list, a creation) with its
 * causes, else the error worded as every error is.
 */
function Failure({ error, company, ofCompany }: { error: unknown; company: string; ofCompany: boolean }) {
  if (ofCompany && failureKind(error) === "refused") {
    return (
      <MessageBar intent="error" title={t("setup.refusedTitle", { company })} details={errorDetails(error)}>
        {t("setup.refused")}
      </MessageBar>
    );
  }
  const described = describeError(error);
  return (
    <MessageBar intent="error" title={t("setup.failedTitle")} details={described.details}>
      {described.text}
    </MessageBar>
  );
}

interface ClientCardProps {
  client: ApiClient;
  addin: boolean;
  onEdit: () => void;
  onConfirm: (kind: "delete" | "secret") => void;
  onPreset: () => void;
}

function ClientCard({ client, addin, onEdit, onConfirm, onPreset }: ClientCardProps) {
  const actions: [string, MessageKey, () => void][] = [
    ["editClient", "setup.edit", onEdit],
    ["newSecret", "setup.newSecret", () => onConfirm("secret")],
    ["presetOf", "setup.presetOf", onPreset],
    ["deleteClient", "setup.delete", () => onConfirm("delete")],
  ];
  return (
    <li class="fui-card fui-stack-s boq-setup-card" data-client-id={client.clientId}>
      <strong class="fui-text">{client.clientName}</strong>
      {addin && <span class="fui-caption">{t("setup.thisAddin")}</span>}
      <span class="fui-caption">{client.description || t("setup.noDescription")}</span>
      <span class="fui-caption">{t("setup.redirects")}</span>
      {client.redirectUris.length > 0 ? (
        <ul class="fui-caption">
          {client.redirectUris.map((uri) => (
            <li key={uri}>{uri}</li>
          ))}
        </ul>
      ) : (
        <span class="fui-caption">{t("setup.redirectsNone")}</span>
      )}
      <div class="fui-row">
        {actions.map(([name, label, onClick]) => (
          <Button
            key={name}
            size="small"
            name={name}
            onClick={onClick}
            aria-label={`${t(label)}: ${client.clientName}`}
          >
            {t(label)}
          </Button>
        ))}
      </div>
    </li>
  );
}

function ConfirmDialog(props: {
  confirm: Confirm;
  onCancel: () => void;
  onConfirm: (confirm: NonNullable<Confirm>) => void;
}) {
  const { confirm } = props;
  const secret = confirm?.kind === "secret";
  const name = confirm?.client.clientName ?? "";
  return (
    <Dialog
      open={confirm !== null}
      role="alertdialog"
      title={t(secret ? "setup.newSecretTitle" : "setup.deleteTitle", { name })}
      onClose={props.onCancel}
      actions={
        <>
          <Button name="cancelConfirm" onClick={props.onCancel}>
            {t("setup.cancel")}
          </Button>
          <Button
            appearance="primary"
            name="confirmAction"
            onClick={() => confirm && props.onConfirm(confirm)}
          >
            {t(secret ? "setup.newSecretConfirm" : "setup.deleteConfirm")}
          </Button>
        </>
      }
    >
      <p class="fui-text">{t(secret ? "setup.newSecretText" : "setup.deleteText")}</p>
    </Dialog>
  );
}
