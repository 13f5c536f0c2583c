// The sign-in screen: interactive sign-in in the platform's own window (the sign-in dialog), or
// the password grant with an API client. Both offer "keep me signed in". The actions come in as
// props, so the screen itself never talks to the network.

import { useState } from "preact/hooks";
import type { PasswordSignInInput } from "../../session/session";
import { errorSentence } from "./errors";

export interface SignInScreenProps {
  /** The authorization server the user signs in at (shown, changed in Settings). */
  authUrl: string;
  /** Pre-filled, non-secret form values from the last sign-in. */
  defaults?: { clientId?: string; username?: string };
  /** Whether the Office host can open the sign-in window (Dialog API 1.1). */
  dialogSupported: boolean;
  /** Why the user sees this screen (e.g. "Your sign-in has ended..."). */
  notice?: string;
  signInWithPassword(input: PasswordSignInInput): Promise<unknown>;
  signInInteractively(keepSignedIn: boolean): Promise<unknown>;
  onOpenSettings(): void;
}

export const DIALOG_MISSING_TEXT =
  "This version of Office cannot open the sign-in window. Sign in with an API client below, or update Office.";

function missingFields(f: {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}): string | null {
  const missing: string[] = [];
  if (!f.clientId.trim()) missing.push("client id");
  if (!f.clientSecret) missing.push("client secret");
  if (!f.username.trim()) missing.push("user name");
  if (!f.password) missing.push("password");
  return missing.length === 0 ? null : `Enter the ${missing.join(", ")} to sign in.`;
}

export function SignInScreen(props: SignInScreenProps) {
  const [clientId, setClientId] = useState(props.defaults?.clientId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [username, setUsername] = useState(props.defaults?.username ?? "");
  const [password, setPassword] = useState("");
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [busy, setBusy] = useState<"password" | "interactive" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(kind: "password" | "interactive", action: () => Promise<unknown>) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorSentence(e));
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: Event) {
    event.preventDefault();
    const problem = missingFields({ clientId, clientSecret, username, password });
    if (problem) {
      setError(problem);
      return;
    }
    void run("password", () =>
      props.signInWithPassword({ clientId, clientSecret, username, password, keepSignedIn }),
    );
  }

  return (
    <section class="boq-signin" aria-labelledby="boq-signin-title">
      <h2 id="boq-signin-title">Sign in to the platform</h2>
      {props.notice && (
        <p class="boq-notice" role="status">
          {props.notice}
        </p>
      )}
      <p class="boq-muted">
        Server: <span data-testid="signin-auth-url">{props.authUrl}</span>{" "}
        <button type="button" class="boq-link" onClick={props.onOpenSettings}>
          Change
        </button>
      </p>

      <label class="boq-check">
        <input
          type="checkbox"
          name="keepSignedIn"
          checked={keepSignedIn}
          onChange={(e) => setKeepSignedIn((e.currentTarget as HTMLInputElement).checked)}
        />
        Keep me signed in on this computer
      </label>

      <div class="boq-block">
        <button
          type="button"
          class="boq-primary"
          name="signInInteractive"
          disabled={!props.dialogSupported || busy !== null}
          onClick={() => void run("interactive", () => props.signInInteractively(keepSignedIn))}
        >
          {busy === "interactive" ? "Waiting for the sign-in window…" : "Sign in with your platform account"}
        </button>
        {!props.dialogSupported && <p class="boq-muted">{DIALOG_MISSING_TEXT}</p>}
      </div>

      <form class="boq-form" onSubmit={onSubmit} autocomplete="off">
        <h3>Or sign in with an API client</h3>
        <TextField label="Client id" name="clientId" value={clientId} onChange={setClientId} />
        <TextField
          label="Client secret"
          name="clientSecret"
          secret
          autocomplete="off"
          value={clientSecret}
          onChange={setClientSecret}
        />
        <TextField
          label="User name"
          name="username"
          autocomplete="username"
          value={username}
          onChange={setUsername}
        />
        <TextField
          label="Password"
          name="password"
          secret
          autocomplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <button type="submit" name="signInPassword" disabled={busy !== null}>
          {busy === "password" ? "Signing in…" : "Sign in"}
        </button>
      </form>

      {error && (
        <p class="boq-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** A secret (client secret, password): the input masks what is typed. */
  secret?: boolean;
  autocomplete?: string;
}

/** A labelled text input of the password form. */
function TextField({ label, name, value, onChange, secret = false, autocomplete }: TextFieldProps) {
  // preact types <input> by its type, so the masked and the plain input are written apart.
  const attributes = {
    name,
    autocomplete,
    value,
    onInput: (e: Event) => onChange((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <label>
      {label}
      {secret ? <input type="password" {...attributes} /> : <input {...attributes} />}
    </label>
  );
}
