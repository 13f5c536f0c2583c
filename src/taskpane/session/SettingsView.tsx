// The pane's way into Settings (./SettingsScreen, a chunk of its own loaded on demand: the first
// screen is the sign-in or the signed-in header, and Settings opens on request). Until the chunk
// arrives a labelled spinner; if it cannot be loaded, the failure with a retry.
import { ScreenPending, useChunk } from "../features";
import type * as Settings from "./SettingsScreen";
import type { SettingsScreenProps } from "./SettingsScreen";

type SettingsModule = typeof Settings;
let loading: Promise<SettingsModule> | undefined;
let loaded: SettingsModule | undefined;

/** Loads the Settings screen once; a failed load is tried again by the next call. */
export function loadSettingsScreen(): Promise<SettingsModule> {
  loading ??= import(/* webpackChunkName: "settings-screen" */ "./SettingsScreen").then(
    (settings) => {
      loaded = settings;
      return settings;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function SettingsView(props: SettingsScreenProps) {
  const { chunk, failed, retry } = useChunk(loadSettingsScreen, "the settings screen", loaded);
  if (!chunk) return <ScreenPending failed={failed} onRetry={retry} />;
  return <chunk.SettingsScreen {...props} />;
}
