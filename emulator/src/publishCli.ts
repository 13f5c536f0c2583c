// `npm run emulator -- publish ...`: asks a running emulator (started with --admin) to publish a
// new version of an analysis through its admin endpoint (POST /versions, ./publish), and prints
// what changed. The emulator keeps published versions in memory until it stops.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { CLI_PORTS } from "./index";

export const PUBLISH_HELP = `Usage: npm run emulator -- publish --project <name> --model <name> --from <version> [options]

Publishes the next analysis version of the model version of --from (3.2 → 3.3) on an emulator
running with --admin, its BOQ (every scheme) with rows added, removed, moved and changed.

  --project <name>     the project, e.g. "O'Brien Tower"
  --model <name>       the model, e.g. "Tower AR"
  --from <version>     the version it comes from, e.g. 3.2
  --changes <file>     a JSON file of {add?, remove?, move?, change?} (emulator/README.md);
                       without it, a fixed recipe: one row each added, removed, moved and changed
  --in-place           run the analysis of --from again instead: its own BOQ changes, its version
                       stays (what Refresh BOQ and Refresh this BOQ sheet then show)
  --admin-port <n>     the emulator's admin port (default ${CLI_PORTS.admin})
  --help               this text
`;

const published = z.object({
  version: z.string(),
  analysisId: z.string(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  moved: z.array(z.string()),
  changed: z.array(z.string()),
});
const refused = z.object({ error: z.object({ message: z.string() }).passthrough() }).passthrough();

export async function publishCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      project: { type: "string" },
      model: { type: "string" },
      from: { type: "string" },
      changes: { type: "string" },
      "in-place": { type: "boolean" },
      "admin-port": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(PUBLISH_HELP);
    return;
  }
  if (!values.project || !values.model || !values.from) {
    throw new Error(`publish needs --project, --model and --from.\n\n${PUBLISH_HELP}`);
  }
  const port = values["admin-port"] === undefined ? CLI_PORTS.admin : Number(values["admin-port"]);
  if (!Number.isInteger(port) || port <= 0) throw new Error("--admin-port must be a port number.");
  const changes: unknown = values.changes ? JSON.parse(readFileSync(values.changes, "utf8")) : undefined;
  const body = {
    project: values.project,
    model: values.model,
    from: values.from,
    ...(values["in-place"] ? { inPlace: true } : {}),
    ...(changes ? { changes } : {}),
  };
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/versions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(`No emulator answered on 127.0.0.1:${port}: start it with npm run emulator -- --admin.`);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const said = refused.safeParse(answer);
    throw new Error(
      `The emulator refused (${response.status}): ${said.success ? said.data.error.message : "no reason given"}`,
    );
  }
  const result = published.parse(answer);
  const list = (codes: string[]): string => (codes.length > 0 ? codes.join(", ") : "none");
  console.log(
    [
      values["in-place"]
        ? `Ran ${values.model} ${result.version} again: its BOQ changed in place.`
        : `Published ${values.model} ${result.version} (from ${values.from}), analysis ${result.analysisId}.`,
      `  added    ${list(result.added)}`,
      `  removed  ${list(result.removed)}`,
      `  moved    ${list(result.moved)}`,
      `  changed  ${list(result.changed)}`,
    ].join("\n"),
  );
}
