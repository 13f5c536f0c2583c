// The test server of Microsoft's end-to-end pattern for Office add-ins (office-addin-test-server):
// the add-in, started with its test chunk, asks it where the test platform is, runs the journeys
// and posts its results back. The same small protocol (GET /ping, POST /results, plus GET /config)
// without the package: office-addin-test-server always serves HTTPS through office-addin-dev-certs
// 1.x, which installs a certificate (sudo on Linux) and would be a second, older copy beside the
// 3.0 this project uses; its helper puts the results in the query string and pulls in a fetch
// polyfill. Here: plain Node, HTTPS when given a certificate (Excel desktop), HTTP otherwise (the
// workbench on this computer).
const http = require("http");
const https = require("https");

const DEFAULT_PORT = 4201;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Starts the server. `config` is what the add-in gets from GET /config (the platform's addresses);
 * `tls` ({ key, cert }) makes it HTTPS. Resolves to { origin, results, close }, where `results`
 * resolves with the first report posted to /results.
 */
function startTestServer({ config, tls, port = 0, host = "127.0.0.1" }) {
  let deliver;
  const results = new Promise((resolve) => {
    deliver = resolve;
  });
  const handler = (request, response) => {
    const cors = {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Allow-Private-Network": "true",
      "Cache-Control": "no-store",
    };
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors);
      response.end();
    } else if (request.method === "GET" && pathname === "/ping") {
      response.writeHead(200, { ...cors, "Content-Type": "text/plain" });
      response.end(`BOQ Bridge test server on ${process.platform}`);
    } else if (request.method === "GET" && pathname === "/config") {
      response.writeHead(200, { ...cors, "Content-Type": "application/json" });
      response.end(JSON.stringify(config));
    } else if (request.method === "POST" && pathname === "/results") {
      const chunks = [];
      let size = 0;
      request.on("data", (chunk) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      request.on("end", () => {
        let report;
        try {
          report = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          response.writeHead(400, { ...cors, "Content-Type": "text/plain" });
          response.end("The results are not JSON.");
          return;
        }
        response.writeHead(200, { ...cors, "Content-Type": "text/plain" });
        response.end("ok");
        deliver(report);
      });
    } else {
      response.writeHead(404, { ...cors, "Content-Type": "text/plain" });
      response.end("Not found");
    }
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        origin: `${tls ? "https" : "http"}://localhost:${address.port}`,
        results,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

module.exports = { DEFAULT_PORT, startTestServer };
