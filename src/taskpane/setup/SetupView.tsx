// The pane's way into the set-up screens (./screens, a chunk of its own loaded on demand): the
// company set-up of Settings, or the guide for a user with no client id. Until the chunk arrives a
// labelled spinner; if it cannot be loaded, the failure with a retry.
import type { HttpClient, ServiceUrls } from "../../api/http";
import type { Company } from "../../api/schemas";
import { ScreenPending, useChunk } from "../features";
import type * as SetupScreens from "./screens";

type Screens = typeof SetupScreens;
let loading: Promise<Screens> | undefined;

function loadSetupScreens(): Promise<Screens> {
  loading ??= import(/* webpackChunkName: "setup-screens" */ "./screens").then(
    (screens) => {
      screens.installSetupStyles(document);
      return screens;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type SetupViewProps =
  | { view: "guide"; onDone: () => void }
  | { view: "setup"; http: HttpClient; urls: ServiceUrls; company: Company | null; onDone: () => void };

export function SetupView(props: SetupViewProps) {
  const { chunk: screens, failed, retry } = useChunk(loadSetupScreens, "the set-up screens");
  if (!screens) return <ScreenPending failed={failed} onRetry={retry} />;
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
