// The container that ties the session screens to the runtime's session: it restores a kept
// sign-in at start, shows the sign-in screen while signed out, the settings on request, and the
// signed-in header above the feature screens (its children) once signed in. It re-renders on every
// session change, including a sign-out caused by the custom functions (a refused token).

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { isDialogSupported, signInInteractively } from "../../session/interactive";
import type { Session, SessionState } from "../../session/session";
import { SessionHeader } from "./SessionHeader";
import { SettingsScreen } from "./SettingsScreen";
import { SignInScreen } from "./SignInScreen";
import { installSessionStyles } from "./styles";

export interface SessionAreaProps {
  session: Session;
  /** The feature screens, shown only when signed in. */
  children?: ComponentChildren;
  /** Defaults to the global Office (tests and the workbench may pass their own). */
  office?: typeof Office;
}

export function SessionArea({ session, children, office }: SessionAreaProps) {
  const [state, setState] = useState<SessionState>(session.getState());
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<"main" | "settings">("main");
  const [settings, setSettings] = useState(session.settings.get());

  useEffect(() => {
    installSessionStyles(document);
    const offSession = session.subscribe(setState);
    const offSettings = session.settings.subscribe(setSettings);
    let alive = true;
    void session.init().finally(() => {
      if (!alive) return;
      setState(session.getState());
      setSettings(session.settings.get());
      setReady(true);
    });
    return () => {
      alive = false;
      offSession();
      offSettings();
    };
  }, [session]);

  if (!ready) {
    return (
      <p class="boq-muted" role="status">
        Checking your sign-in…
      </p>
    );
  }

  if (view === "settings") {
    return (
      <SettingsScreen
        settings={settings}
        onSave={(next) => session.saveSettings(next)}
        onDone={() => setView("main")}
      />
    );
  }

  if (state.status === "signed-out") {
    return (
      <SignInScreen
        key={settings.authUrl}
        authUrl={session.settings.urls().auth}
        defaults={{ clientId: settings.lastClientId, username: settings.lastUsername }}
        dialogSupported={isDialogSupported(office ?? globalThis.Office)}
        notice={state.message}
        signInWithPassword={(input) => session.signInWithPassword(input)}
        signInInteractively={(keepSignedIn) => signInInteractively(session, { keepSignedIn, office })}
        onOpenSettings={() => setView("settings")}
      />
    );
  }

  return (
    <div class="boq-signed-in">
      <SessionHeader
        user={state.user}
        company={state.company}
        companies={state.companies}
        onSelectCompany={(id) => session.selectCompany(id)}
        onSignOut={() => void session.signOut()}
        onOpenSettings={() => setView("settings")}
      />
      {children}
    </div>
  );
}
