// The production build: what `ADDIN_BASE_URL=... npm run build` puts in dist/, and what it must
// never contain (the workbench and the Office emulation from dev/).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import webpack from "webpack";
import { checkManifest } from "../manifest/manifestCheck";

const REPO_ROOT = path.resolve(__dirname, "../..");
const BASE_URL = "https://addins.example.com/boq-bridge/";
const BUILD_TIMEOUT_MS = 180_000;

type ConfigFactory = ((env: { outputPath: string }, argv: { mode: string }) => webpack.Configuration) & {
  sourceMapDir(outputPath: string): string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const configFactory = require(path.join(REPO_ROOT, "webpack.config.js")) as ConfigFactory;

interface HtmlPluginLike {
  userOptions?: { filename?: string; chunks?: string[] };
}

function pages(config: webpack.Configuration): { filename?: string; chunks?: string[] }[] {
  return (config.plugins ?? [])
    .map((plugin) => (plugin as HtmlPluginLike).userOptions)
    .filter((options): options is { filename?: string; chunks?: string[] } => Boolean(options?.filename));
}

const savedBaseUrl = process.env.ADDIN_BASE_URL;

beforeAll(() => {
  process.env.ADDIN_BASE_URL = BASE_URL;
});

afterAll(() => {
  if (savedBaseUrl === undefined) delete process.env.ADDIN_BASE_URL;
  else process.env.ADDIN_BASE_URL = savedBaseUrl;
});

function configFor(mode: "production" | "development"): webpack.Configuration {
  return configFactory({ outputPath: path.join(tmpdir(), "unused") }, { mode });
}

describe("webpack pages", () => {
  it("loads the chunks functions, commands, taskpane in that order on the shared-runtime page", () => {
    const taskpane = pages(configFor("production")).find((page) => page.filename === "taskpane.html");
    expect(taskpane?.chunks).toEqual(["functions", "commands", "taskpane"]);
  });

  it("gives the sign-in dialog its own page with only its own chunk", () => {
    const signin = pages(configFor("production")).find((page) => page.filename === "signin.html");
    expect(signin?.chunks).toEqual(["signin"]);
  });

  it("adds the workbench, installing the emulated Office first, only to development builds", () => {
    const development = configFor("development");
    const workbench = pages(development).find((page) => page.filename === "workbench.html");
    expect(workbench?.chunks).toEqual(["workbench", "functions", "commands", "taskpane"]);
    expect(Object.keys(development.entry as object)).toContain("workbench");

    const production = configFor("production");
    expect(Object.keys(production.entry as object)).not.toContain("workbench");
    expect(pages(production).map((page) => page.filename)).not.toContain("workbench.html");
  });
});

describe("production build with ADDIN_BASE_URL", () => {
  let outputPath: string;
  let mapsPath: string;

  beforeAll(async () => {
    outputPath = mkdtempSync(path.join(tmpdir(), "boq-bridge-prod-"));
    mapsPath = configFactory.sourceMapDir(outputPath);
    const config = configFactory({ outputPath }, { mode: "production" });
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      webpack({ ...config, infrastructureLogging: { level: "error" } }, (error, result) =>
        error || !result ? reject(error ?? new Error("no build result")) : resolve(result),
      );
    });
    if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
  }, BUILD_TIMEOUT_MS);

  afterAll(() => {
    rmSync(outputPath, { recursive: true, force: true });
    rmSync(mapsPath, { recursive: true, force: true });
  });

  it("writes the shared-runtime page: the add-in chunks download beside office.js and run after it, in order", () => {
    const html = readFileSync(path.join(outputPath, "taskpane.html"), "utf8");
    const tags = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? "");
    const office = tags.findIndex((tag) =>
      /appsforoffice\.microsoft\.com\/lib\/1\/hosted\/office\.js/.test(tag),
    );
    expect(office).toBeGreaterThanOrEqual(0);
    // office.js is an ordinary script: it runs while the page is parsed, before any deferred one.
    expect(tags[office]).not.toMatch(/\b(defer|async|type="?module)/);
    const chunks = tags.filter((_, index) => index !== office);
    // Every add-in script is deferred (it runs once the page is parsed, so after office.js) and
    // comes before office.js in the page, so it downloads while office.js downloads and starts.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const tag of chunks) expect(tag).toMatch(/\bdefer\b/);
    expect(office).toBe(tags.length - 1);
    const order = [
      /src="?functions\.js/,
      /src="?commands\.[0-9a-f]{8}\.js/,
      /src="?taskpane\.[0-9a-f]{8}\.js/,
    ];
    const positions = order.map((pattern) => chunks.findIndex((tag) => pattern.test(tag)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("keeps the plain functions.js the manifest names and content-hashes every other script", () => {
    const scripts = readdirSync(outputPath).filter((file) => file.endsWith(".js"));
    expect(scripts).toContain("functions.js");
    for (const script of scripts.filter((file) => file !== "functions.js")) {
      expect(script).toMatch(/\.[0-9a-f]{8}\.js$/);
    }
  });

  it("writes functions.json listing every PLATFORM function with its parameters and descriptions", () => {
    const metadata = JSON.parse(readFileSync(path.join(outputPath, "functions.json"), "utf8")) as {
      functions: {
        id: string;
        description?: string;
        parameters?: { name: string; description?: string; optional?: boolean }[];
        options?: { cancelable?: boolean; stream?: boolean };
      }[];
    };
    const byId = new Map(metadata.functions.map((fn) => [fn.id, fn]));
    const expected: Record<string, string[]> = {
      VERSIONTAG: ["modelVersionIndex", "analysisVersion"],
      BOQ: ["company", "project", "model", "scheme", "version", "parents", "columns", "cards"],
      BOQDIFF: [
        "company",
        "project",
        "model",
        "scheme",
        "versionA",
        "versionB",
        "modelB",
        "columns",
        "showUnchanged",
      ],
      COMPANIES: [],
      PROJECTS: ["company"],
      MODELS: ["company", "project"],
      VERSIONS: ["company", "project", "model"],
      ANALYSES: ["company", "project", "model", "modelVersion"],
      IMPORTSTATUS: ["jobIdOrCatalog"],
    };
    expect([...byId.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [id, parameters] of Object.entries(expected)) {
      const fn = byId.get(id);
      expect(fn?.description?.length).toBeGreaterThan(20);
      expect((fn?.parameters ?? []).map((p) => p.name)).toEqual(parameters);
      for (const p of fn?.parameters ?? []) expect(p.description?.length).toBeGreaterThan(5);
    }
    // The version is taken as anything so that a number can be refused with a message.
    expect(byId.get("BOQ")?.parameters?.find((p) => p.name === "version")).toMatchObject({ type: "any" });
    expect(
      byId
        .get("BOQ")
        ?.parameters?.filter((p) => p.optional)
        .map((p) => p.name),
    ).toEqual(["parents", "columns", "cards"]);
    // Data types (formatted values, cards) reach cells only with this flag (CustomFunctionsRuntime 1.4).
    expect(
      (JSON.parse(readFileSync(path.join(outputPath, "functions.json"), "utf8")) as Record<string, unknown>)[
        "allowCustomDataForDataTypeAny"
      ],
    ).toBe(true);
    expect(byId.get("BOQ")?.options?.cancelable).toBe(true);
    expect(byId.get("IMPORTSTATUS")?.options?.stream).toBe(true);
  });

  it("registers the custom functions before loading zod, the session or the HTTP client (loaded on the first call)", () => {
    const html = readFileSync(path.join(outputPath, "taskpane.html"), "utf8");
    const scripts = [...html.matchAll(/<script[^>]*src="?([^"\s>]+\.js)/g)]
      .map((match) => match[1] ?? "")
      .filter((src) => !src.startsWith("http"));
    const upToFunctions = scripts.slice(0, scripts.indexOf("functions.js") + 1);
    expect(upToFunctions).toContain("functions.js");
    const sourcesOf = (script: string): string[] =>
      (JSON.parse(readFileSync(path.join(mapsPath, `${script}.map`), "utf8")) as { sources: string[] })
        .sources;
    const before = upToFunctions.flatMap(sourcesOf);
    expect(before.some((source) => source.includes("src/functions/functions.ts"))).toBe(true);
    expect(before.filter((source) => /node_modules\/zod|src\/session\/|src\/api\/http/.test(source))).toEqual(
      [],
    );
    const engine = readdirSync(outputPath).filter((file) => /^functions-engine\.[0-9a-f]{8}\.js$/.test(file));
    expect(engine).toHaveLength(1);
    expect(sourcesOf(engine[0] ?? "").some((source) => source.includes("src/functions/platform.ts"))).toBe(
      true,
    );
  });

  it("keeps the feature screens, the catalog engine and their messages out of the pane's first scripts", () => {
    const html = readFileSync(path.join(outputPath, "taskpane.html"), "utf8");
    const firstScripts = [...html.matchAll(/<script[^>]*src="?([^"\s>]+\.js)/g)]
      .map((match) => match[1] ?? "")
      .filter((src) => !src.startsWith("http"));
    const sourcesOf = (script: string): string[] =>
      (JSON.parse(readFileSync(path.join(mapsPath, `${script}.map`), "utf8")) as { sources: string[] })
        .sources;
    // What only the Import, History and BOQ screens use: it must come with them, after the first screen.
    const screensOnly =
      /src\/taskpane\/(import|boq)\/|src\/taskpane\/featureScreens|src\/import\/|src\/catalog\/(analyse|rows|checks|body|columns|cells|tree)\.ts|src\/workbook\/(read|write|importLog|boqSheet)\.ts|src\/i18n\/areas\/(import|problems)(\.en|\.ru)?\.ts|@tanstack\/virtual-core/;
    expect(firstScripts.flatMap(sourcesOf).filter((source) => screensOnly.test(source))).toEqual([]);

    const screens = readdirSync(outputPath).filter((file) => /^feature-screens\.[0-9a-f]{8}\.js$/.test(file));
    expect(screens).toHaveLength(1);
    const screenSources = sourcesOf(screens[0] ?? "");
    for (const source of [
      "src/taskpane/import/ImportScreens.tsx",
      "src/catalog/rows.ts",
      "src/import/pipeline.ts",
      "src/i18n/areas/problems.ts",
    ]) {
      expect(screenSources.some((s) => s.includes(source))).toBe(true);
    }
    // The custom functions and the ribbon commands never wait for the screens' chunk.
    expect(firstScripts.filter((file) => file.startsWith("feature-screens"))).toEqual([]);
  });

  it("writes the sign-in dialog page", () => {
    const html = readFileSync(path.join(outputPath, "signin.html"), "utf8");
    expect(html).toMatch(/src="?signin\.[0-9a-f]{8}\.js/);
    expect(html).not.toMatch(/taskpane\./);
  });

  it("writes both manifests with the production base URL, the XML one passing the manifest checks", () => {
    const manifest = readFileSync(path.join(outputPath, "manifest.xml"), "utf8");
    expect(manifest).not.toContain("localhost");
    expect(manifest).toContain(`<SourceLocation DefaultValue="${BASE_URL}taskpane.html"/>`);
    expect(checkManifest(manifest)).toEqual([]);
    const unified = readFileSync(path.join(outputPath, "manifest.json"), "utf8");
    expect(unified).not.toContain("localhost");
    expect(unified).toContain(`"page": "${BASE_URL}taskpane.html"`);
    expect(existsSync(path.join(outputPath, "manifest.ru.json"))).toBe(true);
    for (const icon of ["icon-80.png", "icon-192.png", "icon-outline-32.png"]) {
      expect(existsSync(path.join(outputPath, "assets", icon))).toBe(true);
    }
  });

  it("writes config.json with no organisation preset, for the administrator to fill in", () => {
    expect(JSON.parse(readFileSync(path.join(outputPath, "config.json"), "utf8"))).toEqual({
      platform: null,
    });
  });

  it("writes the source maps beside the output folder, not into it, and names no map in the scripts", () => {
    const served = readdirSync(outputPath, { recursive: true, encoding: "utf8" });
    expect(served.filter((file) => file.endsWith(".map"))).toEqual([]);
    const scripts = served.filter((file) => file.endsWith(".js"));
    const maps = readdirSync(mapsPath);
    expect(maps.sort()).toEqual(scripts.map((script) => `${script}.map`).sort());
    for (const script of scripts) {
      expect(readFileSync(path.join(outputPath, script), "utf8")).not.toContain("sourceMappingURL");
    }
  });

  it("ships the licence notices of every package in the scripts, with the full Apache-2.0 text", () => {
    const notices = readFileSync(path.join(outputPath, "THIRD-PARTY-NOTICES.txt"), "utf8");
    const bundledPackages = new Set(
      readdirSync(mapsPath).flatMap((map) =>
        (JSON.parse(readFileSync(path.join(mapsPath, map), "utf8")) as { sources: string[] }).sources
          .map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1])
          .filter((name): name is string => Boolean(name)),
      ),
    );
    expect(bundledPackages.size).toBeGreaterThan(3);
    for (const name of bundledPackages) expect(notices).toMatch(new RegExp(`^${name} \\d`, "m"));
    expect(notices).toMatch(/^oidc-client-ts [\d.]+\nLicense: Apache-2\.0$/m);
    expect(notices).toContain("Apache License");
    // Development tools never reach the notices: they are not in the scripts.
    expect(notices).not.toMatch(/^(hyperformula|jest|webpack) /m);
  });

  it("writes the security headers for common static hosts with the production policy", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { securityHeaders } = require(path.join(REPO_ROOT, "deploy/headers.cjs")) as {
      securityHeaders(options: { development: boolean }): Record<string, string>;
    };
    const headers = securityHeaders({ development: false });
    expect(headers["Content-Security-Policy"]).not.toContain("localhost");
    const netlify = readFileSync(path.join(outputPath, "_headers"), "utf8");
    const azure = JSON.parse(readFileSync(path.join(outputPath, "staticwebapp.config.json"), "utf8")) as {
      globalHeaders: Record<string, string>;
    };
    const iis = readFileSync(path.join(outputPath, "web.config"), "utf8");
    for (const [name, value] of Object.entries(headers)) {
      expect(netlify).toContain(`  ${name}: ${value}\n`);
      expect(azure.globalHeaders[name]).toBe(value);
      expect(iis).toContain(`<add name="${name}" value="${value}" />`);
    }
    for (const page of ["taskpane.html", "signin.html"]) {
      const html = readFileSync(path.join(outputPath, page), "utf8");
      expect(html).toContain(`content="${headers["Content-Security-Policy"]}"`);
      expect(html).toMatch(/<meta name="?referrer"? content="?no-referrer"?>/);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it("contains neither the workbench nor any code from dev/", () => {
    const files = readdirSync(outputPath);
    expect(files).not.toContain("workbench.html");
    expect(files).not.toContain("workbench.js");
    const maps = readdirSync(mapsPath).filter((file) => file.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(path.join(mapsPath, map), "utf8")) as {
        sources: string[];
      };
      expect(sources.filter((source) => /(^|\/)dev\//.test(source))).toEqual([]);
      // The workbench's formula engine (HyperFormula, GPLv3) is a development tool only.
      expect(sources.filter((source) => /hyperformula/i.test(source))).toEqual([]);
    }
  });
});
