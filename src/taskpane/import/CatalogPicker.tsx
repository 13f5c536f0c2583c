// The target catalog: a searchable list of the catalogs the add-in knows of (the company's
// projects' priority schemes, this workbook's imports, names typed before) where any name may
// still be typed, and, before any check, what is known of the name. The platform's list loads in
// the background: the field works at once, and a list that cannot be loaded is said quietly.
import { useEffect, useState } from "preact/hooks";
import { catalogStatus, type CatalogSource, type ImportState } from "../../import";
import { t, type MessageKey } from "../../i18n";
import { Button, Combobox, MessageBar } from "../components";
import type { ImportActions } from "./screen";

const SOURCE_WORDS: Record<CatalogSource, MessageKey> = {
  platform: "catalogPicker.fromPlatform",
  workbook: "catalogPicker.fromWorkbook",
  typed: "catalogPicker.fromTyped",
};

const STATUS_WORDS: Record<"platform" | "workbook" | "typed" | "unseen", MessageKey> = {
  platform: "catalogPicker.statusPlatform",
  workbook: "catalogPicker.statusWorkbook",
  typed: "catalogPicker.statusTyped",
  unseen: "catalogPicker.statusUnseen",
};

export function CatalogPicker({ state, pipeline }: { state: ImportState; pipeline: ImportActions }) {
  const companyId = state.check.choices.companyId;
  const catalogs = pipeline.catalogs;
  const [, changed] = useState(0);
  useEffect(() => catalogs.subscribe(() => changed((n) => n + 1)), [catalogs]);
  useEffect(() => {
    void catalogs.load(companyId);
  }, [catalogs, companyId]);

  const platform = catalogs.platform(companyId);
  const choices = catalogs.choices(companyId);
  const name = state.check.choices.catalogName;
  const status = catalogStatus(name, choices);
  const options = choices.map((c) => ({
    value: c.name,
    label: c.name,
    description: c.sources.map((s) => t(SOURCE_WORDS[s])).join(", "),
  }));
  return (
    <div class="fui-stack-s">
      <Combobox
        freeText
        required
        label={t("import.catalogName")}
        name="catalogName"
        value={name}
        options={options}
        onChange={(catalogName) => pipeline.setChoices({ catalogName })}
        noMatchText={t("catalogPicker.noMatch")}
        hint={options.length > 0 ? t("import.catalogHintEarlier") : t("import.catalogHint")}
        error={state.phase === "checked" && status === "empty" ? t("import.needCatalog") : null}
      />
      {/* Said before any check; "not seen" waits for the platform's list, which may hold the name. */}
      {status !== "empty" && platform.status !== "loading" && (
        <div data-testid="import-catalog-status" data-status={status}>
          {status === "unseen" || status === "typed" ? (
            // Worth a look before the check: drawn as a note, announced politely (not at each key).
            <MessageBar intent="info">{t(STATUS_WORDS[status], { name: name.trim() })}</MessageBar>
          ) : (
            <p class="fui-caption">{t(STATUS_WORDS[status], { name: name.trim() })}</p>
          )}
        </div>
      )}
      {platform.status === "loading" && (
        <p class="fui-caption" data-testid="import-catalog-loading">
          {t("catalogPicker.loading")}
        </p>
      )}
      {platform.status === "failed" && (
        <p class="fui-caption" data-testid="import-catalog-list-failed">
          {t("catalogPicker.loadFailed")}{" "}
          <Button appearance="link" name="loadCatalogs" onClick={() => void catalogs.load(companyId, true)}>
            {t("catalogPicker.loadAgain")}
          </Button>
        </p>
      )}
    </div>
  );
}
