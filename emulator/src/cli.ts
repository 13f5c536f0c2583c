import { parseArgs } from "node:util";
import {
  CLI_PORTS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  startEmulator,
  type EmulatorOptions,
} from "./index";
import { DEFAULT_JOB_SPEED } from "./jobs";
import { isProfileName, type Variations } from "./variations";
import { publishCommand } from "./publishCli";

/** --vary names and the variation each turns on (variations.ts). */
const VARY: Record<string, Variations> = {
  "camel-case": { casing: "camel" },
  "pascal-case": { casing: "pascal" },
  "in-progress-status": { inProgressStatus: true },
  "dotnet-timestamps": { dotNetTimestamps: true },
  "extra-fields": { extraFields: true },
  "parent-only": { parentParameterOnly: true },
  "http-next-links": { httpNextLinks: true },
  "minimal-discovery": { minimalDiscovery: true },
  "ignored-reason": { ignoredReason: true },
  "missing-fields-reset": { missingFieldsReset: true },
  "analysis-current-scheme-names": { analysisSchemesCurrentNames: true },
};

const DEFAULT_DATA_DIR = ".emulator-data";

const HELP = `Usage: npm run emulator -- [options]

  --host <address>          interface to listen on (default 127.0.0.1)
  --auth-port <n>           authorization server port (default ${CLI_PORTS.auth})
  --value-port <n>          value service port (default ${CLI_PORTS.value})
  --platform-port <n>       platform service port (default ${CLI_PORTS.platform})
  --data-dir <dir>          where catalogs, jobs, logs and clients are kept (default ${DEFAULT_DATA_DIR})
  --in-memory               keep nothing on disk
  --demo-size <size>        small (default), large (100k-row BOQ and catalog) or a row count
  --job-speed <speed>       instant, or import progress percent per second (default ${DEFAULT_JOB_SPEED})
  --token-lifetime <sec>    access token lifetime (default ${DEFAULT_TOKEN_LIFETIME_SECONDS})
  --profile <name>          default, or strict: every variation below, 5-second tokens, 1000-row pages
  --vary <name>             one variation of the real platform (repeatable): ${Object.keys(VARY).join(", ")}
  --page-size <n>           OData rows per page before @odata.nextLink (default ${DEFAULT_PAGE_SIZE})
  --cors-origin <origin>    extra allowed origin for the demo clients (repeatable)
  --redirect-uri <uri>      extra redirect URI for the demo clients (repeatable)
  --http                    plain HTTP even when dev certificates exist
  --cert-dir <dir>          where localhost.crt/.key are (default ~/.office-addin-dev-certs)
  --admin                   enable the fault admin endpoint on 127.0.0.1
  --admin-port <n>          admin endpoint port (default ${CLI_PORTS.admin})
  --quiet                   no request log
  --help                    this text

       npm run emulator -- publish --project <name> --model <name> --from <version> [--changes <file>]

  asks the emulator running with --admin to publish a new version of an analysis (publish --help).
`;

function intOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number (got '${value}').`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: "string" },
      "auth-port": { type: "string" },
      "value-port": { type: "string" },
      "platform-port": { type: "string" },
      "admin-port": { type: "string" },
      "data-dir": { type: "string" },
      "in-memory": { type: "boolean" },
      "demo-size": { type: "string" },
      "job-speed": { type: "string" },
      "token-lifetime": { type: "string" },
      "page-size": { type: "string" },
      profile: { type: "string" },
      vary: { type: "string", multiple: true },
      "cors-origin": { type: "string", multiple: true },
      "redirect-uri": { type: "string", multiple: true },
      http: { type: "boolean" },
      "cert-dir": { type: "string" },
      admin: { type: "boolean" },
      quiet: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const size = values["demo-size"];
  let demoSize: EmulatorOptions["demoSize"] = "small";
  if (size === "large" || size === "small") demoSize = size;
  else if (size !== undefined) demoSize = intOption("demo-size", size);
  const speed = values["job-speed"];
  const jobSpeed =
    speed === undefined ? undefined : speed === "instant" ? "instant" : intOption("job-speed", speed);
  const tokenLifetime = intOption("token-lifetime", values["token-lifetime"]);
  const pageSize = intOption("page-size", values["page-size"]);
  const profile = values.profile;
  if (profile !== undefined && !isProfileName(profile)) {
    throw new Error(`--profile must be default or strict (got '${profile}').`);
  }
  let variations: Variations = {};
  for (const name of values.vary ?? []) {
    const v = VARY[name];
    if (!v) throw new Error(`--vary: unknown variation '${name}'; known: ${Object.keys(VARY).join(", ")}.`);
    variations = { ...variations, ...v };
  }

  const options: EmulatorOptions = {
    ports: {
      auth: intOption("auth-port", values["auth-port"]) ?? CLI_PORTS.auth,
      value: intOption("value-port", values["value-port"]) ?? CLI_PORTS.value,
      platform: intOption("platform-port", values["platform-port"]) ?? CLI_PORTS.platform,
      admin: intOption("admin-port", values["admin-port"]) ?? CLI_PORTS.admin,
    },
    dataDir: values["in-memory"] ? null : (values["data-dir"] ?? DEFAULT_DATA_DIR),
    demoSize,
    ...(values.host ? { host: values.host } : {}),
    ...(jobSpeed !== undefined ? { jobSpeed } : {}),
    ...(tokenLifetime !== undefined ? { tokenLifetimeSeconds: tokenLifetime } : {}),
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(profile !== undefined ? { profile } : {}),
    variations,
    ...(values.http ? { https: false } : {}),
    ...(values["cert-dir"] ? { certDir: values["cert-dir"] } : {}),
    extraCorsOrigins: values["cors-origin"] ?? [],
    extraRedirectUris: values["redirect-uri"] ?? [],
    admin: values.admin === true,
    ...(values.quiet ? {} : { log: (line: string) => console.log(`${new Date().toISOString()} ${line}`) }),
  };
  const emu = await startEmulator(options);
  const lines = [
    "Platform emulator is running.",
    `  auth_url      ${emu.authUrl}`,
    `  base_url      ${emu.baseUrl}`,
    `  platform_url  ${emu.platformUrl}`,
    ...(emu.adminUrl ? [`  admin         ${emu.adminUrl}  (faults; loopback only)`] : []),
    `  data          ${options.dataDir ?? "in memory"}`,
    "",
    "Demo users:",
    ...emu.demo.users.map((u) => {
      const admin = emu.demo.companies.filter((c) => u.adminOf.includes(c.id)).map((c) => c.name);
      const role = admin.length > 0 ? `administrator of ${admin.join(", ")}` : "not an administrator";
      return `  ${u.username} / ${u.password}  (${u.name}, ${u.email}; ${role})`;
    }),
    "",
    "Demo API clients:",
    `  password grant:  client_id ${emu.demo.passwordClient.clientId}  client_secret ${
      emu.demo.passwordClient.clientSecret || "(regenerated or deleted through the client API)"
    }`,
    `  code + PKCE:     client_id ${emu.demo.publicClient.clientId}  (public, no secret)`,
    `  allowed origin ${emu.demo.origin}, redirect URI ${emu.demo.redirectUri}`,
    "",
    "Companies:",
    ...emu.demo.companies.map(
      (c) =>
        `  ${c.name}${c.isPersonal ? " (personal)" : ""}  ${c.id}${c.apiClients ? "" : "  (API clients not enabled)"}`,
    ),
    "",
  ];
  console.log(lines.join("\n"));
  const shutdown = () => {
    emu.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

const command = process.argv[2] === "publish" ? publishCommand(process.argv.slice(3)) : main();
command.catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
