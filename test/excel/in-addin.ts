// The add-in's test chunk (webpack --env excelTests puts it on the task pane and workbench pages):
// Microsoft's end-to-end pattern for Office add-ins. Once Office is ready it asks the test server
// (?excelTestServer=..., else https://localhost:4201 as office-addin-test-server) where the test
// platform is, runs the journeys in this runtime and posts the results with what Office reports of
// itself. Without a test server it does nothing, so the pane starts as usual.
import { runJourneys, type JourneyConfig } from "./journeys";

const DEFAULT_TEST_SERVER = "https://localhost:4201";

function isConfig(value: unknown): value is JourneyConfig {
  const v = value as Partial<Record<keyof JourneyConfig, unknown>> | null;
  return (
    typeof v?.authUrl === "string" && typeof v.valueUrl === "string" && typeof v.platformUrl === "string"
  );
}

async function main(): Promise<void> {
  const server = new URLSearchParams(location.search).get("excelTestServer") ?? DEFAULT_TEST_SERVER;
  const info = await Office.onReady();
  let config: unknown;
  try {
    const response = await fetch(`${server}/config`, { cache: "no-store" });
    if (!response.ok) return;
    config = await response.json();
  } catch {
    return; // no test server: an ordinary start
  }
  if (!isConfig(config)) throw new Error(`The test server at ${server} sent no platform addresses.`);
  const results = await runJourneys(config);
  const diagnostics = Office.context.diagnostics as Office.ContextInformation | undefined;
  await fetch(`${server}/results`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      office: {
        host: info.host,
        platform: info.platform,
        version: diagnostics?.version,
        language: Office.context.displayLanguage,
      },
      userAgent: navigator.userAgent,
      results,
    }),
  });
}

void main();
