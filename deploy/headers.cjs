// The HTTP headers the add-in's pages are served with, in one place: webpack.config.js puts the
// policy into each page as a <meta> tag and writes the host configuration files into dist/
// (_headers for Netlify and Cloudflare Pages, staticwebapp.config.json for Azure Static Web Apps,
// web.config for IIS); the README gives the same lines for nginx, and a test checks that it does.
//
// The policy, directive by directive (README, "Deploying" says the same for an administrator):
// - script-src: the add-in's own origin and Office's script host only. No inline script, no eval:
//   the pages are plain <script src> tags written by html-webpack-plugin, and development builds
//   use a source-map style without eval so they run under the same rule.
// - style-src 'self' 'unsafe-inline': the pane puts its Fluent tokens and component styles into
//   <style> elements at run time (src/taskpane/components/styles.ts), both pages have a <style>
//   in their HTML, and Office's own host script applies inline styles in Excel on the web
//   (office-js issue 1687). Hashes would change with every style edit and break a host's pasted
//   header at the next release; styles cannot run code, and img-src/font-src below keep injected
//   CSS from reaching any other server.
// - connect-src 'self' https:: the platform's services are wherever the organisation runs them,
//   so any HTTPS origin (the add-in itself reads config.json from its own origin). Development
//   builds add this computer over plain http and the dev server's live-reload socket.
// - img-src 'self' data:: the icons, and data: images some components draw.
// - frame-src: office.js's own logging frame (OSF.Logger's ULS proxy, telemetryservice...
//   telemetryproxy.html), which it opens in Excel on Windows and outside Office; blocked, it
//   fills the console with errors.
// - frame-ancestors is not set: Excel on the web frames the pane from origins Microsoft does not
//   list (office-js-docs-pr issue 4911), and a pane framed outside Office only says to open it in
//   Excel. A <meta> tag could not carry it anyway.
const OFFICE_SCRIPT_HOST = "https://appsforoffice.microsoft.com";
const OFFICE_TELEMETRY_FRAME = "https://telemetryservice.firstpartyapps.oaspapps.com";
const DEVELOPMENT_CONNECT = [
  "http://localhost:*",
  "http://127.0.0.1:*",
  "ws://localhost:*",
  "wss://localhost:*",
];
/** The pages the headers matter for; every other file gets them too, which does no harm. */
const PAGES = ["taskpane.html", "signin.html"];

/** The Content-Security-Policy directives, in order. */
function cspDirectives({ development = false } = {}) {
  return [
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", OFFICE_SCRIPT_HOST]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", "https:", ...(development ? DEVELOPMENT_CONNECT : [])]],
    ["frame-src", [OFFICE_TELEMETRY_FRAME]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'none'"]],
    ["object-src", ["'none'"]],
  ];
}

function contentSecurityPolicy(options) {
  return cspDirectives(options)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** Every header, by name, as a host sends it. */
function securityHeaders(options) {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
}

function xmlAttr(value) {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/** The configuration files of common static hosts, by file name, for a production build. */
function hostConfigurationFiles() {
  const headers = securityHeaders({ development: false });
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  const netlify = `# Netlify and Cloudflare Pages: the add-in's security headers (see README, "Deploying").\n/*\n${lines.join("\n")}\n`;
  const azure = {
    globalHeaders: headers,
    // config.json is the organisation's to edit: never a stale copy from a cache.
    routes: [{ route: "/config.json", headers: { "Cache-Control": "no-cache" } }],
  };
  const iis = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- IIS: the add-in\'s security headers (see README, "Deploying"). -->',
    "<configuration>",
    "  <system.webServer>",
    "    <httpProtocol>",
    "      <customHeaders>",
    ...Object.entries(headers).map(
      ([name, value]) => `        <add name="${name}" value="${xmlAttr(value)}" />`,
    ),
    "      </customHeaders>",
    "    </httpProtocol>",
    "  </system.webServer>",
    "</configuration>",
    "",
  ].join("\n");
  return {
    _headers: netlify,
    "staticwebapp.config.json": `${JSON.stringify(azure, null, 2)}\n`,
    "web.config": iis,
  };
}

/** nginx lines for the server block that serves dist/ (the README quotes them). */
function nginxLines() {
  return Object.entries(securityHeaders({ development: false })).map(
    ([name, value]) => `add_header ${name} "${value}" always;`,
  );
}

module.exports = {
  OFFICE_SCRIPT_HOST,
  PAGES,
  cspDirectives,
  contentSecurityPolicy,
  securityHeaders,
  hostConfigurationFiles,
  nginxLines,
};
