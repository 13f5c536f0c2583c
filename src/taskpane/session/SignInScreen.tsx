// The sign-in screen: interactive sign-in in the platform's own window (the sign-in dialog), or
// the password grant with an API client. Both offer "keep me signed in". The actions come in as
// props, so the screen itself never talks to the network. What is typed lives in the parent
// (SessionArea), so a visit to Settings does not lose it.

import { useRef, useState } from "preact/hooks";
import { t } from "../../i18n";
import type { PasswordSignInInput } from "../../session";
import { Button, Checkbox, MessageBar, TextField } from "../components";
import { describeError, type ErrorText } from "./errors";

export interface SignInDraft {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  keepSignedIn: boolean;
}

export const EMPTY_DRAFT: SignInDraft = {
  clientId: "",
  clientSecret: "",
  username: "",
  password: "",
  keepSignedIn: false,
};

/** The demo sign-in of the test platform on this computer (offered only for a local server). */
export interface DemoAccount {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export interface SignInScreenProps {
  /** The authorization server the user signs in at (shown, changed in Settings). */
  authUrl: string;
  /** The server is the test platform on this computer. */
  local: boolean;
  draft: SignInDraft;
  onDraftChange: (next: SignInDraft) => void;
  /** Whether the Office host can open the sign-in window (Dialog API 1.1). */
  dialogSupported: boolean;
  /** Whether a sign-in can be kept on this computer (the host has OfficeRuntime.storage). */
  canKeepSignIn: boolean;
  /** Why the user sees this screen (e.g. their sign-in ended). */
  notice?: string;
  /** The local test platform's demo account, when it offers one. */
  demo?: DemoAccount | null;
  signInWithPassword(input: PasswordSignInInput): Promise<unknown>;
  /** `askFirst`: let Office ask before it opens the window (after the browser blocked it once). */
  signInInteractively(keepSignedIn: boolean, askFirst: boolean): Promise<unknown>;
  onOpenSettings: () => void;
  /** Opens the guide for a user with no client id. */
  onNoClientId?: () => void;
}

type Field = "clientId" | "clientSecret" | "username" | "password";
const FIELDS: readonly Field[] = ["clientId", "clientSecret", "username", "password"];
const MISSING = {
  clientId: "signin.missingClientId",
  clientSecret: "signin.missingClientSecret",
  username: "signin.missingUsername",
  password: "signin.missingPassword",
} as const;

function missingFields(d: SignInDraft): Field[] {
  return FIELDS.filter((f) => (f === "clientSecret" || f === "password" ? d[f] === "" : d[f].trim() === ""));
}

export function SignInScreen(props: SignInScreenProps) {
  const { draft } = props;
  const [busy, setBusy] = useState<"password" | "interactive" | null>(null);
  // Shown beside the action that failed, so a narrow pane shows it where the user looks.
  const [error, setError] = useState<(ErrorText & { source: "password" | "interactive" }) | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [demoFilled, setDemoFilled] = useState(false);
  // Once the window was blocked or not allowed, every later attempt lets Office ask first: its
  // Allow button is a click the browser lets open a window.
  const [askFirst, setAskFirst] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const missing = submitted ? missingFields(draft) : [];

  const set = (patch: Partial<SignInDraft>) => props.onDraftChange({ ...draft, ...patch });

  async function run(kind: "password" | "interactive", action: () => Promise<unknown>) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (e) {
      const described = describeError(e, { local: props.local });
      if (described.retryAskingFirst) setAskFirst(true);
      setError({ ...described, source: kind });
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: Event) {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    const empty = missingFields(draft);
    if (empty.length > 0) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${empty[0]}"]`)?.focus();
      return;
    }
    void run("password", () => props.signInWithPassword({ ...draft }));
  }

  function signInWithWindow() {
    if (busy !== null) return;
    const ask = askFirst || error?.retryAskingFirst === true;
    void run("interactive", () => props.signInInteractively(draft.keepSignedIn, ask));
  }

  function useDemo(demo: DemoAccount) {
    props.onDraftChange({ ...draft, ...demo });
    setDemoFilled(true);
    setSubmitted(false);
    formRef.current?.querySelector<HTMLButtonElement>('button[name="signInPassword"]')?.focus();
  }

  return (
    <section class="fui-stack boq-signin" aria-labelledby="boq-signin-title">
      <h2 id="boq-signin-title" class="fui-title">
        {t("signin.title")}
      </h2>
      {props.notice && <MessageBar intent="warning">{props.notice}</MessageBar>}
      <div class="fui-row">
        <span class="fui-caption">
          {t("signin.serverLabel")} <span data-testid="signin-auth-url">{props.authUrl}</span>
        </span>
        <Button appearance="link" name="changeServer" onClick={props.onOpenSettings}>
          {t("signin.changeServer")}
        </Button>
      </div>

      {props.demo && (
        <MessageBar
          intent="info"
          title={t("signin.demoTitle")}
          actions={
            <Button size="small" name="useDemo" onClick={() => props.demo && useDemo(props.demo)}>
              {t("signin.demoUse")}
            </Button>
          }
        >
          {demoFilled ? t("signin.demoFilled") : t("signin.demoText", { username: props.demo.username })}
        </MessageBar>
      )}

      <Checkbox
        name="keepSignedIn"
        label={t("signin.keepSignedIn")}
        checked={props.canKeepSignIn && draft.keepSignedIn}
        disabled={!props.canKeepSignIn}
        hint={t(props.canKeepSignIn ? "signin.keepSignedInWhere" : "signin.keepSignedInUnavailable")}
        onChange={(keepSignedIn) => set({ keepSignedIn })}
      />

      <div class="fui-stack-s">
        <Button
          appearance="primary"
          block
          name="signInInteractive"
          disabled={!props.dialogSupported}
          busy={busy === "interactive"}
          onClick={signInWithWindow}
        >
          {busy === "interactive" ? t("signin.waitingForWindow") : t("signin.withAccount")}
        </Button>
        {!props.dialogSupported && <p class="fui-caption">{t("signin.dialogMissing")}</p>}
        {error?.source === "interactive" && (
          <SignInError error={error} onRetry={error.retryAskingFirst ? signInWithWindow : undefined} />
        )}
      </div>

      <hr class="fui-divider" />

      <form ref={formRef} class="fui-stack" onSubmit={onSubmit} autocomplete="off" noValidate>
        <div class="fui-stack-s">
          <h3 class="fui-subtitle">{t("signin.orApiClient")}</h3>
          <p class="fui-caption">{t("signin.apiClientHint")}</p>
          {props.onNoClientId && (
            <Button appearance="link" name="noClientId" onClick={props.onNoClientId}>
              {t("signin.noClientId")}
            </Button>
          )}
        </div>
        <TextField
          label={t("signin.clientId")}
          name="clientId"
          required
          value={draft.clientId}
          error={missing.includes("clientId") ? t(MISSING.clientId) : null}
          onChange={(clientId) => set({ clientId })}
        />
        <TextField
          label={t("signin.clientSecret")}
          name="clientSecret"
          secret
          required
          autocomplete="off"
          value={draft.clientSecret}
          error={missing.includes("clientSecret") ? t(MISSING.clientSecret) : null}
          onChange={(clientSecret) => set({ clientSecret })}
        />
        <TextField
          label={t("signin.username")}
          name="username"
          required
          autocomplete="username"
          value={draft.username}
          error={missing.includes("username") ? t(MISSING.username) : null}
          onChange={(username) => set({ username })}
        />
        <TextField
          label={t("signin.password")}
          name="password"
          secret
          required
          autocomplete="current-password"
          value={draft.password}
          error={missing.includes("password") ? t(MISSING.password) : null}
          onChange={(password) => set({ password })}
        />
        {error?.source === "password" && <SignInError error={error} />}
        <Button type="submit" block name="signInPassword" busy={busy === "password"}>
          {busy === "password" ? t("signin.signingIn") : t("signin.signIn")}
        </Button>
      </form>
    </section>
  );
}

function SignInError({ error, onRetry }: { error: ErrorText; onRetry?: () => void }) {
  return (
    <MessageBar
      intent="error"
      title={error.title ?? t("signin.failedTitle")}
      details={error.details}
      actions={
        onRetry && (
          <Button size="small" name="retrySignInWindow" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        )
      }
    >
      {error.text}
    </MessageBar>
  );
}
