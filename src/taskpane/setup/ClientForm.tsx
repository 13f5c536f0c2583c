// The form of a client: the add-in's own client to create (pre-filled from where the add-in is
// served: only the name and the description are to choose) or a listed client to change (also its
// return addresses). A name the company already has is said at once, before anything is sent; the
// platform's own refusal of a name comes back the same way.
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { t } from "../../i18n";
import { Button, TextField } from "../components";
import { nameTaken, type ApiClient, type ApiClientFields } from "./setupModel";

export interface ClientFormProps {
  mode: "create" | "edit";
  initial: ApiClientFields;
  /** The company's clients, for the name's check. */
  clients: readonly ApiClient[];
  /** The client being changed (its own name is not "taken"). */
  clientId?: string;
  /** Resolves "name-taken" when the platform refused the name; any other failure the parent shows. */
  onSubmit(fields: ApiClientFields): Promise<"name-taken" | void>;
  onCancel?: () => void;
}

function addresses(text: string): string[] {
  return text.split(/\s+/).filter((s) => s !== "");
}

export function ClientForm(props: ClientFormProps) {
  const id = useId();
  const [name, setName] = useState(props.initial.clientName);
  const [description, setDescription] = useState(props.initial.description);
  const [redirects, setRedirects] = useState(props.initial.redirectUris.join("\n"));
  const [refusedName, setRefusedName] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (props.mode === "edit") headingRef.current?.focus();
  }, [props.mode]);

  const trimmed = name.trim();
  const nameError =
    trimmed === ""
      ? submitted
        ? t("setup.nameEmpty")
        : null
      : nameTaken(trimmed, props.clients, props.clientId) || refusedName === trimmed
        ? t("setup.nameTaken", { name: trimmed })
        : null;

  async function submit(event: Event) {
    event.preventDefault();
    setSubmitted(true);
    if (busy || trimmed === "" || nameError) {
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const fields: ApiClientFields = {
        ...props.initial,
        clientName: trimmed,
        description: description.trim(),
        redirectUris: props.mode === "edit" ? addresses(redirects) : props.initial.redirectUris,
      };
      if ((await props.onSubmit(fields)) === "name-taken") {
        setRefusedName(trimmed);
        document.getElementById(`${id}-name`)?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  const create = props.mode === "create";
  return (
    <form
      class="fui-stack fui-card"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id={`${id}-title`} class="fui-subtitle" tabIndex={-1} ref={headingRef}>
        {create ? t("setup.createTitle") : t("setup.editTitle", { name: props.initial.clientName })}
      </h3>
      {create && <p class="fui-caption">{t("setup.createIntro")}</p>}
      <TextField
        id={`${id}-name`}
        label={t("setup.name")}
        name="clientName"
        required
        hint={t("setup.nameHint")}
        value={name}
        error={nameError}
        onChange={setName}
      />
      <TextField
        label={t("setup.description")}
        name="clientDescription"
        rows={3}
        value={description}
        onChange={setDescription}
      />
      {create ? (
        <div class="fui-stack-s">
          <span class="fui-caption">{t("setup.redirect")}</span>
          <code class="fui-code boq-copyable-value" data-testid="setup-redirect">
            {props.initial.redirectUris.join(" ")}
          </code>
          <span class="fui-caption">{t("setup.redirectHint")}</span>
          <span class="fui-caption">{t("setup.services")}</span>
          <span class="fui-text">{t("setup.servicesValue")}</span>
        </div>
      ) : (
        <TextField
          label={t("setup.redirectsEdit")}
          name="clientRedirects"
          inputMode="url"
          rows={3}
          hint={t("setup.redirectsEditHint")}
          value={redirects}
          onChange={setRedirects}
        />
      )}
      <div class="fui-row">
        <Button type="submit" appearance="primary" name={create ? "createClient" : "saveClient"} busy={busy}>
          {busy ? t(create ? "setup.creating" : "setup.saving") : t(create ? "setup.create" : "setup.save")}
        </Button>
        {props.onCancel && (
          <Button name="cancelClient" onClick={props.onCancel}>
            {t("setup.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
