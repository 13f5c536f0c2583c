// The README's Deploying section is what an administrator copies: its nginx lines must be the
// production headers the build writes for the other hosts, and its config.json example must be a
// preset the add-in accepts.
import { readFileSync } from "fs";
import path from "path";
import { fetchOrganisationConfig } from "../../src/api/organisation";

const REPO_ROOT = path.resolve(__dirname, "../..");
const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nginxLines } = require("../../deploy/headers.cjs") as { nginxLines(): string[] };

function section(title: string): string {
  const start = readme.indexOf(`### ${title}`);
  if (start < 0) throw new Error(`README has no section "${title}"`);
  const end = readme.indexOf("\n### ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe("README, Deploying", () => {
  it("gives nginx the production headers exactly", () => {
    const hosting = section("Hosting `dist/`");
    for (const line of nginxLines()) expect(hosting).toContain(line);
  });

  it("shows a config.json the add-in takes as the organisation's preset", async () => {
    const example = /```json\n([\s\S]*?)```/.exec(section("The organisation's preset (`config.json`)"))?.[1];
    expect(example).toBeDefined();
    const fetchFn = (async () => new Response(example ?? "")) as unknown as typeof fetch;
    const result = await fetchOrganisationConfig("https://addins.example.com/boq/taskpane.html", fetchFn);
    expect(result).toMatchObject({ kind: "preset", preset: { usersMayChange: false } });
  });

  it("covers hosting with headers, the platform's registration, centralized deployment and a store listing", () => {
    for (const title of [
      "Hosting `dist/`",
      "What the platform's company administrator registers",
      "Centralized deployment (Microsoft 365 admin center)",
      "A store listing (Microsoft Marketplace, formerly AppSource)",
    ]) {
      expect(section(title).length).toBeGreaterThan(300);
    }
    expect(section("What the platform's company administrator registers")).toContain("/signin.html");
  });
});
