// The auth library belongs to the sign-in dialog page only: the shared runtime (task pane, custom
// functions, API client, session) must not pull it into its bundle.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");
const SHARED_RUNTIME_DIRS = ["src/api", "src/session", "src/taskpane", "src/functions", "src/commands"];
const AUTH_LIBRARIES =
  /from\s+["'](oidc-client-ts|@azure\/msal-[\w-]+)["']|import\(\s*["'](oidc-client-ts|@azure\/msal-[\w-]+)["']|["']\.\.?\/(\.\.\/)*dialog\/signin["']/;

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

it("no shared-runtime module imports the auth library or the dialog page", () => {
  const files = SHARED_RUNTIME_DIRS.flatMap((d) => sourceFiles(join(ROOT, d)));
  expect(files.length).toBeGreaterThan(10);
  const offenders = files.filter((f) => AUTH_LIBRARIES.test(readFileSync(f, "utf8")));
  expect(offenders).toEqual([]);
});

it("the dialog page does import it (so the check above looks for the right thing)", () => {
  expect(AUTH_LIBRARIES.test(readFileSync(join(ROOT, "src/dialog/signin.ts"), "utf8"))).toBe(true);
});
