// The pane's way into the set-up screens (./screens, a chunk of its own loaded on demand): the
// company set-up of Settings, or the guide for a user with no client id. Until the chunk arrives a
// labelled spinner; if it cannot be loaded, the failure with a retry.
import { useEffect, useState } from "preact/hooks";
import type { HttpClient, ServiceUrls } from "../../api/http";
import type { Company } from "../../api/schemas";
import { t } from "../../i18n";
import { createLogger } from "../../log/logger";
import { Button, MessageBar, Spinner } from "../components";
import type * as SetupScreens from "./screens";

type Screens = typeof SetupScreens;
const log = createLogger("pane");
let loading: Promise<Screens> | undefined;

function loadSetupScreens(): Promise<Screens> {
  loading ??= import(/* webpackChunkName: "setup-screens" */ "./screens").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export type SetupViewProps =
  | { view: "guide"; onDone: () => void }
  | { view: "setup"; http: HttpClient; urls: ServiceUrls; company: Company | null; onDone: () => void };

export function SetupView(props: SetupViewProps) {
  const [screens, setScreens] = useState<Screens | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    loadSetupScreens().then(
      (loaded) => {
        loaded.installSetupStyles(document);
        if (alive) setScreens(() => loaded);
      },
      (error: unknown) => {
        log.warn("the set-up screens could not be loaded", error);
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt]);
  if (!screens) {
    return failed ? (
      <MessageBar
        intent="error"
        title={t("shell.screenLoadFailedTitle")}
        actions={
          <Button
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t("common.retry")}
          </Button>
        }
      >
        {t("shell.screenLoadFailed")}
      </MessageBar>
    ) : (
      <Spinner label={t("shell.screenLoading")} />
    );
  }
  const address = screens.addinAddress(location.href);
  if (props.view === "guide") return <screens.NoClientGuide address={address} onBack={props.onDone} />;
  return (
    <screens.SetupScreen
      api={screens.setupApi(props.http)}
      company={props.company}
      urls={props.urls}
      address={address}
      onDone={props.onDone}
    />
  );
}
