// A second copy of the session module, as when the task pane's and the custom functions' bundles
// each carry one, finds the runtime's one session (the slot is a global symbol). A file of its
// own: it loads every module again inside a test, which the mutation run leaves out
// (stryker/jest.config.cjs), because module-level values would then look like the test's work.
import { getSession, resetSessionForTests } from "../../src/session/index";

afterEach(() => resetSessionForTests());

describe("the runtime's session", () => {
  it("is kept in a global slot, so a second copy of the module finds the same one", () => {
    resetSessionForTests();
    const session = getSession();
    let other: typeof import("../../src/session/index") | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import("../../src/session/index")>("../../src/session/index");
    });
    expect(other).toBeDefined();
    expect(other?.getSession()).toBe(session);
  });
});
