// The observable sign-in state: what the pane and the custom functions see of the session. One
// value at a time, every change told to every subscriber; a failing subscriber does not stop the
// others.

import type { Company } from "../api/schemas";
import type { Said } from "../i18n";
import type { Logger } from "../log/logger";

export type SignInMethod = "password" | "interactive";

export interface SessionUser {
  /** The `sub` claim. */
  id?: string;
  /** What the header shows: name, else user name, else e-mail. */
  displayName: string;
  email?: string;
}

export type SignedOutReason = "never" | "user" | "expired" | "revoked" | "restore-failed";

export interface SignedInState {
  status: "signed-in";
  method: SignInMethod;
  user: SessionUser;
  /**
   * The company the sign-in works in. When the company list could not be loaded it is the token's
   * company_id claim with an empty name (enough for an import, not for a BOQ: see ensureCompany).
   */
  company: Company | null;
  companies: Company[];
  /** The company list could not be loaded (a passing fault): the pane offers to load it again. */
  companiesFailed: boolean;
  /** Epoch ms, or null when the server gave no lifetime. */
  expiresAt: number | null;
  keepSignedIn: boolean;
  /**
   * "Keep me signed in" was chosen but this computer's storage refused the sign-in (full): it
   * lasts until Excel closes, and the pane says the user will sign in again next time.
   */
  keepFailed?: true;
}

export interface SignedOutState {
  status: "signed-out";
  reason: SignedOutReason;
  /** What to tell the user when the sign-out was not their choice (worded at the edge). */
  said?: Said;
  /**
   * What the pane's sign-in screen says where the reason alone does not say it (what the user was
   * doing; a sign-in that could not be revoked).
   */
  notice?: Said;
}

export type SessionState = SignedInState | SignedOutState;
export type SessionListener = (state: SessionState) => void;

export const SIGNED_OUT_NEVER: SignedOutState = { status: "signed-out", reason: "never" };

export class SessionStateStore {
  private state: SessionState = SIGNED_OUT_NEVER;
  private readonly listeners = new Set<SessionListener>();

  constructor(private readonly log: Logger) {}

  get(): SessionState {
    return this.state;
  }

  isSignedIn(): boolean {
    return this.state.status === "signed-in";
  }

  /** The listener is called on every change; returns unsubscribe. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  set(next: SessionState): void {
    this.state = next;
    for (const l of [...this.listeners]) {
      try {
        l(next);
      } catch (e) {
        this.log.error("a session listener failed", e);
      }
    }
  }

  /** Changes the signed-in state; does nothing when signed out. */
  update(change: (current: SignedInState) => SignedInState): void {
    if (this.state.status === "signed-in") this.set(change(this.state));
  }
}
