// The container that ties the session screens to the runtime's session: it restores a kept
// sign-in at start, shows the sign-in screen while signed out, the settings on request, and the
// signed-in header above the feature screens (its children) once signed in. It re-renders on every
// session change, including a sign-out caused by the custom functions (a refused token). What the
// user typed in the sign-in form lives here, so a visit to Settings keeps it.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { fetchDemoAccount, type DemoAccount } from "../../api/demo";
import { asksToSignIn, lastRefreshOutcome, onRefreshOutcome, workbookHeaderSetting } from "../../boqsheet";
import { say, t } from "../../i18n";
import {
  isConfigured,
  isDialogSupported,
  isLocalAddress,
  signInInteractively,
  type Session,
  type SessionState,
  type SignedOutState,
} from "../../session";
import { createLogger } from "../../log/logger";
import { Spinner } from "../components";
import {
  chooseLanguage,
  loadLanguageChoice,
  officeDisplayLanguage,
  type LanguageChoice,
} from "../preferences";
import { SessionHeader } from "./SessionHeader";
import { SetupView } from "../setup/SetupView";
import { SettingsView } from "./SettingsView";
import { EMPTY_DRAFT, SignInScreen, type SignInDraft } from "./SignInScreen";
import { installSessionStyles } from "./styles";

const log = createLogger("taskpane");

export interface SessionAreaProps {
  session: Session;
  /** The feature screens, shown only when signed in. */
  children?: ComponentChildren;
  /** Defaults to the global Office (tests and the workbench may pass their own). */
  office?: typeof Office;
  /** Asks a local sign-in server for its demo account (default: the emulator's demo route). */
  findDemoAccount?: (authUrl: string) => Promise<DemoAccount | null>;
}

/** Why the sign-in screen is shown, in the user's language (null when it was their choice). */
function noticeOf(state: SignedOutState, configured: boolean): string | undefined {
  // What the reason alone does not say (what the user was doing, a sign-in not revoked).
  if (state.notice) return say(state.notice);
  if (state.reason === "never" && !configured) return t("session.noServerConfigured");
  switch (state.reason) {
    case "expired":
      return t("signin.noticeExpired");
    case "revoked":
      return t("signin.noticeRevoked");
    case "restore-failed":
      return t("signin.noticeRestoreFailed");
    case "user":
      return state.said ? t("signin.noticeServerChanged") : undefined;
    default:
      return undefined;
  }
}

export function SessionArea({
  session,
  children,
  office,
  findDemoAccount = fetchDemoAccount,
}: SessionAreaProps) {
  const [state, setState] = useState<SessionState>(session.getState());
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<"main" | "settings" | "setup" | "guide">("main");
  const [settings, setSettings] = useState(session.settings.get());
  const [draft, setDraft] = useState<SignInDraft>({
    ...EMPTY_DRAFT,
    clientId: settings.lastClientId ?? "",
    username: settings.lastUsername ?? "",
  });
  const [demo, setDemo] = useState<DemoAccount | null>(null);
  // Refresh BOQ (the ribbon's or the pane's) asked for a sign-in: said on the sign-in screen.
  const [refreshAsks, setRefreshAsks] = useState(() => asksToSignIn(lastRefreshOutcome()));
  useEffect(() => onRefreshOutcome((outcome) => setRefreshAsks(asksToSignIn(outcome))), []);
  useEffect(() => {
    if (state.status === "signed-in") setRefreshAsks(false);
  }, [state.status]);
  // Set once the user acts in the pane: from then on a new view takes the keyboard focus.
  const userActed = useRef(false);
  const authUrl = session.settings.urls().auth;
  const local = isLocalAddress(authUrl);

  useEffect(() => {
    installSessionStyles(document);
    const offSession = session.subscribe(setState);
    const offSettings = session.settings.subscribe(setSettings);
    let alive = true;
    void session.init().finally(() => {
      if (!alive) return;
      const loaded = session.settings.get();
      setState(session.getState());
      setSettings(loaded);
      setDraft((d) => ({
        ...d,
        clientId: d.clientId || (loaded.lastClientId ?? ""),
        username: d.username || (loaded.lastUsername ?? ""),
      }));
      setReady(true);
    });
    return () => {
      alive = false;
      offSession();
      offSettings();
    };
  }, [session]);

  // The demo account: asked of a server on this computer only, again when the server changes, and
  // only once the saved settings are loaded: until then the address is the build's default, which
  // may be another program on this computer (a developer's `npm start` beside a test's emulator).
  useEffect(() => {
    let alive = true;
    setDemo(null);
    if (ready && local) void findDemoAccount(authUrl).then((account) => alive && setDemo(account));
    return () => {
      alive = false;
    };
  }, [ready, authUrl, local, findDemoAccount]);

  if (!ready) return <Spinner label={t("shell.checkingSignIn")} />;

  const signedIn = state.status === "signed-in";
  if (view === "setup" && signedIn) {
    const toSettings = () => setView("settings");
    return (
      <SetupView
        view="setup"
        http={session.http}
        urls={session.settings.urls()}
        company={state.company}
        onDone={toSettings}
      />
    );
  }
  if (view === "guide" && !signedIn) return <SetupView view="guide" onDone={() => setView("main")} />;

  if (view === "settings") {
    return (
      <SettingsView
        settings={settings}
        language={loadLanguageChoice()}
        headers={workbookHeaderSetting()}
        onSave={(next) => {
          // Secrets typed for one server are not offered to another.
          if (next.authUrl !== settings.authUrl) setDraft((d) => ({ ...d, clientSecret: "", password: "" }));
          return session.saveSettings(next);
        }}
        onLanguage={(choice: LanguageChoice) =>
          chooseLanguage(choice, officeDisplayLanguage(office ?? globalThis.Office))
        }
        onDone={() => {
          userActed.current = true;
          setView("main");
        }}
        onSetUp={signedIn ? () => setView("setup") : undefined}
      />
    );
  }

  if (state.status === "signed-out") {
    return (
      <SignInScreen
        key={settings.authUrl}
        authUrl={authUrl}
        local={local}
        draft={draft}
        onDraftChange={setDraft}
        demo={demo}
        dialogSupported={isDialogSupported(office ?? globalThis.Office)}
        canKeepSignIn={session.keepsSignIn}
        notice={refreshAsks ? t("boq.refreshSignIn") : noticeOf(state, isConfigured(settings))}
        signInWithPassword={async (input) => {
          userActed.current = true;
          await session.signInWithPassword(input);
          setDraft((d) => ({ ...d, clientSecret: "", password: "" }));
        }}
        signInInteractively={(keepSignedIn, askFirst) => {
          userActed.current = true;
          return signInInteractively(session, { keepSignedIn, askFirst, office });
        }}
        onOpenSettings={() => setView("settings")}
        onNoClientId={() => setView("guide")}
      />
    );
  }

  return (
    <div class="boq-signed-in fui-stack">
      <SessionHeader
        user={state.user}
        company={state.company}
        companies={state.companies}
        companiesFailed={state.companiesFailed}
        onReloadCompanies={() => {
          // A failure stays visible in the header (companiesFailed); the reason goes to the log.
          session
            .reloadCompanies()
            .catch((e: unknown) => log.warn("the company list could not be loaded again", e));
        }}
        onSelectCompany={(id) => session.selectCompany(id)}
        onSignOut={() => void session.signOut()}
        onOpenSettings={() => setView("settings")}
        autoFocus={userActed.current}
        keepFailed={state.keepFailed === true}
      />
      {children}
    </div>
  );
}
