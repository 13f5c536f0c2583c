// `npm test` beside `npm start`: the browser tests must not depend on what listens on this
// computer. Before the pane loads, this test takes the ports `npm start` uses (its emulator's and
// the dev server's, DEFAULT_PORTS) with a listener that answers every request wrongly (500, no
// CORS headers). Where a port is taken already (a developer's running `npm start`), whatever holds
// it stays: the point is that it does not matter. The pane still starts on the test's own
// emulator, offers its demo account and signs in, and nothing reaches those ports.
import { createServer, type Server } from "http";
import { connect } from "net";
import { DEFAULT_PORTS, openWorkbench, type WorkbenchSession } from "./harness";

const BROWSER_TIMEOUT_MS = 120_000;

/** Ports this test holds, with the requests each received. */
const held = new Map<number, { server: Server; hits: string[] }>();
let wb: WorkbenchSession | undefined;

/** Listens on the port with a listener that answers everything wrongly; false if it is taken. */
function hold(port: number): Promise<boolean> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(500, { "Content-Type": "text/plain" });
    response.end("Not the test's emulator.");
  });
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(false) : reject(error),
    );
    server.listen(port, "127.0.0.1", () => {
      held.set(port, { server, hits });
      resolve(true);
    });
  });
}

/** Whether something accepts connections on the port of this computer. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

beforeAll(async () => {
  for (const port of DEFAULT_PORTS) await hold(port);
}, BROWSER_TIMEOUT_MS);

afterAll(async () => {
  try {
    await wb?.close();
  } finally {
    // Let go of the ports whatever happened: a browser's kept-alive connections would hold them.
    await Promise.all(
      [...held.values()].map(
        ({ server }) =>
          new Promise((resolve) => {
            server.closeAllConnections();
            server.close(resolve);
          }),
      ),
    );
  }
}, BROWSER_TIMEOUT_MS);

it(
  "starts on its own emulator, offers its demo account and signs in while other programs hold the default ports",
  async () => {
    // Every default port is taken before the pane loads: by this test's listener or by another program.
    for (const port of DEFAULT_PORTS) expect(await answers(port)).toBe(true);

    wb = await openWorkbench();
    const app = wb.page.locator("#app");
    await app.getByTestId("signin-auth-url").filter({ hasText: wb.emulator.authUrl }).waitFor();
    // The demo account comes from the test's emulator: fill the form with it and sign in.
    await app.locator('button[name="useDemo"]').click();
    await app.locator('button[name="signInPassword"]').click();
    await app
      .getByTestId("session-user")
      .filter({ hasText: wb.emulator.demo.users[0]?.name ?? "?" })
      .waitFor();

    expect(wb.pageErrors).toEqual([]);
    expect(wb.strayRequests).toEqual([]);
    for (const [port, { hits }] of held) expect({ port, hits }).toEqual({ port, hits: [] });

    // The check itself can fail: a request to a default port is seen (and our listener answers it).
    const [port] = DEFAULT_PORTS;
    await wb.page.evaluate((p) => fetch(`http://localhost:${p}/probe`).catch(() => undefined), port);
    expect(wb.strayRequests).toEqual([`GET http://localhost:${port}/probe`]);
    if (port !== undefined && held.has(port)) expect(held.get(port)?.hits).toEqual(["GET /probe"]);
    // That request was this test's own: the session closes without complaint.
    wb.strayRequests.length = 0;
  },
  BROWSER_TIMEOUT_MS,
);
