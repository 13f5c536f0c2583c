// The feature tabs of the signed-in pane. The tab strip is part of the first screen; the screens
// behind the tabs (and the import pipeline, the catalog engine, the workbook's read and write they
// use) are the ./featureScreens chunk, loaded with import() as soon as the tabs mount. Until it
// arrives the panel shows a labelled spinner; if it fails to load, a message with a retry.
// A running import is picked up as soon as the chunk is there, whichever tab is open.
import { useEffect, useState } from "preact/hooks";
import { loadAllLanguages, t } from "../i18n";
import { createLogger } from "../log/logger";
import { Button, MessageBar, Spinner, Tabs, type TabItem } from "./components";
import type * as FeatureScreens from "./featureScreens";

export type FeatureId = "import" | "history" | "boq";
type Screens = typeof FeatureScreens;

const log = createLogger("pane");
let loaded: Screens | undefined;
let loading: Promise<Screens> | undefined;

/**
 * Loads the screens once, with every language's messages (they write words in the workbook's
 * header language, which may not be the pane's); a failed load is tried again by the next call.
 */
export function loadFeatureScreens(): Promise<Screens> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "feature-screens" */ "./featureScreens"),
    loadAllLanguages(),
  ]).then(
    ([screens]) => {
      loaded = screens;
      return screens;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function BoqIntro({ screens }: { screens: Screens }) {
  const { BoqTab } = screens;
  return (
    <div class="fui-stack-s">
      <p class="fui-text">{t("shell.boqIntro")}</p>
      <p class="fui-text">
        <code class="fui-code">{t("shell.boqExample")}</code>
      </p>
      <p class="fui-caption">{t("shell.boqRefresh")}</p>
      <BoqTab />
    </div>
  );
}

function screenOf(id: FeatureId, screens: Screens) {
  if (id === "import") return <screens.ImportTab />;
  if (id === "history") return <screens.HistoryTab />;
  return <BoqIntro screens={screens} />;
}

/** What a tab's panel shows while its screen is not loaded: a spinner, or the failure with a retry. */
export function ScreenPending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <MessageBar
        intent="error"
        title={t("shell.screenLoadFailedTitle")}
        actions={<Button onClick={onRetry}>{t("common.retry")}</Button>}
      >
        {t("shell.screenLoadFailed")}
      </MessageBar>
    );
  }
  return <Spinner label={t("shell.screenLoading")} />;
}

export function featureTabs(
  screens: Screens | undefined,
  pending: { failed: boolean; onRetry: () => void },
): TabItem[] {
  const panel = (id: FeatureId) => () =>
    screens ? screenOf(id, screens) : <ScreenPending failed={pending.failed} onRetry={pending.onRetry} />;
  return [
    { id: "import", label: t("shell.tabImport"), render: panel("import") },
    { id: "history", label: t("shell.tabHistory"), render: panel("history") },
    { id: "boq", label: t("shell.tabBoq"), render: panel("boq") },
  ];
}

/**
 * A chunk loaded with import() for a component: what `load` gave once it has, whether it failed
 * (logged), and a retry. `initial`: a chunk already there (no spinner at all).
 */
export function useChunk<T>(load: () => Promise<T>, what: string, initial?: T) {
  const [chunk, setChunk] = useState<T | undefined>(initial);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (loadedChunk) => {
        if (current) setChunk(() => loadedChunk);
      },
      (error: unknown) => {
        log.warn(`${what} could not be loaded`, error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
    // Loaded again only on a retry.
  }, [attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { chunk, failed, retry };
}

export function FeatureTabs({ initial = "import" }: { initial?: FeatureId }) {
  const [selected, setSelected] = useState<string>(initial);
  const {
    chunk: screens,
    failed,
    retry,
  } = useChunk(
    () =>
      loadFeatureScreens().then((loadedScreens) => {
        loadedScreens.pickUpRunningImport();
        loadedScreens.closePopoversOnSelectionChange();
        return loadedScreens;
      }),
    "the feature screens",
    loaded,
  );
  return (
    <Tabs
      label={t("shell.featuresLabel")}
      tabs={featureTabs(screens, { failed, onRetry: retry })}
      selected={selected}
      onSelect={setSelected}
    />
  );
}
