// The observable sign-in state: every subscriber hears every change, a failing one is logged and
// does not stop the others, and an update while signed out changes nothing.
import type { Logger } from "../../src/log/logger";
import { SIGNED_OUT_NEVER, SessionStateStore, type SignedInState } from "../../src/session/state";

const SIGNED_IN: SignedInState = {
  status: "signed-in",
  method: "password",
  user: { displayName: "Ivan Petrov" },
  company: null,
  companies: [],
  companiesFailed: false,
  expiresAt: null,
  keepSignedIn: false,
};

function store() {
  const errors: string[] = [];
  const log: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (m) => errors.push(m),
  };
  return { state: new SessionStateStore(log), errors };
}

describe("the session state", () => {
  it("starts signed out, never signed in", () => {
    const { state } = store();
    expect(state.get()).toBe(SIGNED_OUT_NEVER);
    expect(state.isSignedIn()).toBe(false);
  });

  it("tells every subscriber, even after one of them fails, and logs the failure", () => {
    const { state, errors } = store();
    const heard: string[] = [];
    state.subscribe(() => {
      throw new Error("a broken screen");
    });
    state.subscribe((s) => heard.push(s.status));
    state.set(SIGNED_IN);
    expect(heard).toEqual(["signed-in"]);
    expect(errors).toEqual(["a session listener failed"]);
    expect(state.isSignedIn()).toBe(true);
  });

  it("stops telling a subscriber that unsubscribed", () => {
    const { state } = store();
    const heard: string[] = [];
    const stop = state.subscribe((s) => heard.push(s.status));
    state.set(SIGNED_IN);
    stop();
    state.set(SIGNED_OUT_NEVER);
    expect(heard).toEqual(["signed-in"]);
  });

  it("changes a signed-in state, and leaves a signed-out one alone", () => {
    const { state } = store();
    const heard: unknown[] = [];
    state.subscribe((s) => heard.push(s));
    state.update((s) => ({ ...s, companiesFailed: true }));
    expect(heard).toEqual([]);
    expect(state.get()).toBe(SIGNED_OUT_NEVER);
    state.set(SIGNED_IN);
    state.update((s) => ({ ...s, companiesFailed: true }));
    expect(state.get()).toMatchObject({ status: "signed-in", companiesFailed: true });
    expect(heard).toHaveLength(2);
  });
});
