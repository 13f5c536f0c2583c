// Service addresses: the local emulator preset (default) or custom addresses, validated as the
// user types. Saving goes through the onSave prop (the session, which also ends a sign-in made at
// a different authorization server).

import { useState } from "preact/hooks";
import {
  emulatorSettings,
  URL_FIELD_LABELS,
  validateSettings,
  type Scheme,
  type ServiceSettings,
  type SettingsErrors,
  type UrlField,
} from "../../session/settings";
import { errorSentence } from "./errors";

export interface SettingsScreenProps {
  settings: ServiceSettings;
  onSave(next: ServiceSettings): Promise<SettingsErrors>;
  onDone(): void;
}

const URL_FIELDS: UrlField[] = ["authUrl", "valueUrl", "platformUrl"];

export function SettingsScreen(props: SettingsScreenProps) {
  const [draft, setDraft] = useState<ServiceSettings>(props.settings);
  const [touched, setTouched] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<SettingsErrors>({});
  const errors: SettingsErrors = touched ? { ...validateSettings(draft), ...serverErrors } : serverErrors;

  function update(patch: Partial<ServiceSettings>) {
    setTouched(true);
    setServerErrors({});
    setDraft((d) => ({ ...d, ...patch }));
  }

  function choosePreset(preset: "emulator" | "custom") {
    if (preset === "emulator") {
      update({
        ...emulatorSettings(draft.emulatorScheme),
        interactiveClientId: emulatorSettings().interactiveClientId,
      });
    } else {
      update({ preset: "custom" });
    }
  }

  async function save(event: Event) {
    event.preventDefault();
    setTouched(true);
    setSaveError(null);
    if (Object.keys(validateSettings(draft)).length > 0) return;
    try {
      const result = await props.onSave(draft);
      if (Object.keys(result).length > 0) setServerErrors(result);
      else props.onDone();
    } catch (e) {
      setSaveError(errorSentence(e));
    }
  }

  const custom = draft.preset === "custom";
  return (
    <section class="boq-settings" aria-labelledby="boq-settings-title">
      <h2 id="boq-settings-title">Settings</h2>
      <form class="boq-form" onSubmit={(e) => void save(e)}>
        <fieldset>
          <legend>Platform</legend>
          <label class="boq-check">
            <input
              type="radio"
              name="preset"
              value="emulator"
              checked={!custom}
              onChange={() => choosePreset("emulator")}
            />
            Local emulator (this computer)
          </label>
          <label class="boq-check">
            <input
              type="radio"
              name="preset"
              value="custom"
              checked={custom}
              onChange={() => choosePreset("custom")}
            />
            Custom addresses
          </label>
        </fieldset>
        {!custom && (
          <label>
            Emulator protocol
            <select
              name="emulatorScheme"
              value={draft.emulatorScheme}
              onChange={(e) =>
                update(emulatorSettings((e.currentTarget as HTMLSelectElement).value as Scheme))
              }
            >
              <option value="https">https (with development certificates)</option>
              <option value="http">http (without certificates)</option>
            </select>
          </label>
        )}
        {URL_FIELDS.map((field) => (
          <label key={field}>
            {URL_FIELD_LABELS[field]}
            <input
              name={field}
              type="url"
              value={draft[field]}
              readOnly={!custom}
              aria-invalid={errors[field] ? "true" : "false"}
              onInput={(e) => update({ [field]: (e.currentTarget as HTMLInputElement).value })}
            />
            {errors[field] && <span class="boq-error">{errors[field]}</span>}
          </label>
        ))}
        <label>
          Client id for the sign-in window
          <input
            name="interactiveClientId"
            value={draft.interactiveClientId}
            onInput={(e) => update({ interactiveClientId: (e.currentTarget as HTMLInputElement).value })}
          />
          {errors.interactiveClientId && <span class="boq-error">{errors.interactiveClientId}</span>}
        </label>
        <div class="boq-row">
          <button type="submit" name="saveSettings" class="boq-primary">
            Save
          </button>
          <button type="button" onClick={props.onDone}>
            Cancel
          </button>
        </div>
        {saveError && (
          <p class="boq-error" role="alert">
            {saveError}
          </p>
        )}
      </form>
    </section>
  );
}
