// manifest.xml: the checks the XSD cannot make (resids, one shared-runtime URL, namespace, the
// functions behind functions.json), the XSD itself through xmllint, and the production manifest
// deploy/manifests.cjs writes for ADDIN_BASE_URL.
import { spawnSync } from "child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import path from "path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import {
  allUrls,
  checkIconSizes,
  checkManifest,
  checkNamespace,
  executeFunctionNames,
  metadataUrl,
  parseManifest,
} from "./manifestCheck";

const REPO_ROOT = path.resolve(__dirname, "../..");
const MANIFEST_PATH = path.join(REPO_ROOT, "manifest.xml");
const SCHEMA_DIR = path.resolve(REPO_ROOT, "../shared/manifest-schemas");
const SCHEMA_ENTRY = path.join(SCHEMA_DIR, "OfficeAppManifestV1_1.xsd");
const FUNCTIONS_SOURCE = path.join(REPO_ROOT, "src/functions/functions.ts");
const DEV_ORIGIN = "https://localhost:3000";
const PNG_WIDTH_OFFSET = 16;

const manifestXml = readFileSync(MANIFEST_PATH, "utf8");

interface ManifestGenerator {
  productionManifests(env: Record<string, string | undefined>): Record<string, string>;
  productionBaseUrl(raw: string | undefined): string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const generator = require("../../deploy/manifests.cjs") as ManifestGenerator;

/** The XML manifest a production build writes for these build variables. */
function productionXml(env: Record<string, string>): string {
  const xml = generator.productionManifests(env)["manifest.xml"];
  if (!xml) throw new Error("The generator wrote no manifest.xml");
  return xml;
}

function withoutLine(xml: string, fragment: string): string {
  const lines = xml.split("\n");
  const kept = lines.filter((line) => !line.includes(fragment));
  if (kept.length === lines.length) throw new Error(`manifest.xml has no line with ${fragment}`);
  return kept.join("\n");
}

/** Runs xmllint; without the schema folder it still checks that the XML is well-formed. */
function xmllint(file: string): { ok: boolean; output: string } {
  const schemaArgs = existsSync(SCHEMA_ENTRY) ? ["--schema", SCHEMA_ENTRY] : [];
  const result = spawnSync("xmllint", ["--noout", ...schemaArgs, file], { encoding: "utf8" });
  if (result.error) {
    throw new Error(
      `xmllint could not be run (${result.error.message}). Install it: apt-get install -y libxml2-utils`,
    );
  }
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function pngWidth(file: string): number {
  return readFileSync(file).readUInt32BE(PNG_WIDTH_OFFSET);
}

/** The width of the PNG a development URL points at, read from the repository. */
function widthOfRepositoryPng(url: string): number | undefined {
  if (!url.startsWith(`${DEV_ORIGIN}/`)) return undefined;
  const file = path.join(REPO_ROOT, new URL(url).pathname);
  return existsSync(file) && file.endsWith(".png") ? pngWidth(file) : undefined;
}

describe("manifest.xml", () => {
  it("passes the resid, shared-runtime and namespace checks", () => {
    expect(checkManifest(manifestXml)).toEqual([]);
  });

  it("names PLATFORM as the custom functions namespace", () => {
    expect(checkNamespace(parseManifest(manifestXml)).namespace).toBe("PLATFORM");
  });

  it("validates with xmllint against ../shared/manifest-schemas where that folder exists", () => {
    const result = xmllint(MANIFEST_PATH);
    expect(result.ok).toBe(true);
    // With the schemas xmllint reports "manifest.xml validates"; without them it only parses.
    if (existsSync(SCHEMA_ENTRY)) expect(result.output).toContain("validates");
  });

  it("uses only development URLs on https://localhost:3000 for the add-in's own files", () => {
    const manifest = parseManifest(manifestXml);
    const addinUrls = allUrls(manifest, manifestXml);
    expect(addinUrls.length).toBeGreaterThan(5);
    for (const url of addinUrls) expect(url.startsWith(`${DEV_ORIGIN}/`)).toBe(true);
  });

  it("points every icon at a PNG in assets/ of the size it is declared for", () => {
    const manifest = parseManifest(manifestXml);
    const images = [...manifest.resources].filter(([, resource]) => resource.kind === "image");
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const [id, image] of images) {
      const size = Number(/^Icon\.(\d+)x\1$/.exec(id)?.[1]);
      const file = path.join(REPO_ROOT, new URL(image.value).pathname);
      expect(pngWidth(file)).toBe(size);
    }
    expect(pngWidth(path.join(REPO_ROOT, "assets/icon-32.png"))).toBe(32);
    expect(pngWidth(path.join(REPO_ROOT, "assets/icon-64.png"))).toBe(64);
    expect(pngWidth(path.join(REPO_ROOT, "assets/icon-128.png"))).toBe(128);
  });

  it("shows every icon at the size of its file: ribbon images by their size attribute, IconUrl 32 px, HighResolutionIconUrl 64 px", () => {
    expect(checkIconSizes(parseManifest(manifestXml), widthOfRepositoryPng)).toEqual([]);
  });

  it("wires the Refresh BOQ button to the action the commands register", async () => {
    Object.assign(globalThis, { Office: { onReady: () => new Promise(() => undefined) } });
    const { REFRESH_BOQ_ACTION } = await import("../../src/commands/commands");
    Reflect.deleteProperty(globalThis, "Office");
    expect(executeFunctionNames(parseManifest(manifestXml))).toEqual([REFRESH_BOQ_ACTION]);
  });
});

describe("functions.json", () => {
  it("is generated without errors, lists real functions and is where the manifest looks", async () => {
    const result = await generateCustomFunctionsMetadata(FUNCTIONS_SOURCE, false);
    expect(result.errors).toEqual([]);
    const metadata = JSON.parse(result.metadataJson) as { functions: { id: string; name: string }[] };
    expect(metadata.functions.map((fn) => fn.id)).toContain("VERSIONTAG");
    expect(metadata.functions.map((fn) => fn.id)).toEqual(
      expect.arrayContaining(["BOQ", "BOQDIFF", "COMPANIES", "ANALYSES", "IMPORTSTATUS"]),
    );

    Object.assign(globalThis, { CustomFunctions: {} });
    const functionsModule = (await import("../../src/functions/functions")) as Record<string, unknown>;
    Reflect.deleteProperty(globalThis, "CustomFunctions");
    for (const association of result.associate) {
      expect(typeof functionsModule[association.functionName]).toBe("function");
      expect(metadata.functions.map((fn) => fn.id)).toContain(association.id);
    }
    expect(result.associate).toHaveLength(metadata.functions.length);

    expect(metadataUrl(parseManifest(manifestXml))).toBe(`${DEV_ORIGIN}/functions.json`);
  });
});

describe("the manifest checks report a broken copy", () => {
  it("reports a resid that is used but no longer defined", () => {
    const broken = withoutLine(manifestXml, '<bt:Url id="Taskpane.Url"');
    const problems = checkManifest(broken);
    expect(problems.some((problem) => problem.includes('resid="Taskpane.Url"'))).toBe(true);
  });

  it("reports a removed ribbon label", () => {
    const broken = withoutLine(manifestXml, '<bt:String id="RefreshButton.Label"');
    expect(checkManifest(broken)).toContainEqual(
      expect.stringContaining('<Label resid="RefreshButton.Label">'),
    );
  });

  it("reports a custom-functions page that differs from the task pane page", () => {
    const broken = manifestXml.replace(
      /(<Page>\s*<SourceLocation resid=")Taskpane\.Url/,
      "$1Functions.Script.Url",
    );
    expect(broken).not.toBe(manifestXml);
    expect(checkManifest(broken)).toContainEqual(expect.stringContaining("needs one page URL"));
  });

  it("reports a ribbon image whose file is not the size it is shown at", () => {
    const broken = manifestXml.replace(
      '<bt:Image size="80" resid="Icon.80x80"/>',
      '<bt:Image size="80" resid="Icon.32x32"/>',
    );
    expect(broken).not.toBe(manifestXml);
    expect(checkIconSizes(parseManifest(broken), widthOfRepositoryPng)).toContainEqual(
      expect.stringContaining("needs a 80 px icon but https://localhost:3000/assets/icon-32.png is 32 px"),
    );
  });

  it("reports a HighResolutionIconUrl that is not the 64 px icon", () => {
    const broken = manifestXml.replace(
      '<HighResolutionIconUrl DefaultValue="https://localhost:3000/assets/icon-64.png"/>',
      '<HighResolutionIconUrl DefaultValue="https://localhost:3000/assets/icon-80.png"/>',
    );
    expect(broken).not.toBe(manifestXml);
    expect(checkIconSizes(parseManifest(broken), widthOfRepositoryPng)).toEqual([
      "<HighResolutionIconUrl> needs a 64 px icon but https://localhost:3000/assets/icon-80.png is 80 px.",
    ]);
  });

  it("reports a runtime that is not long-lived", () => {
    const broken = manifestXml.replace('lifetime="long"', 'lifetime="short"');
    expect(checkManifest(broken)).toContainEqual(expect.stringContaining('lifetime="long"'));
  });

  it("reports a missing namespace", () => {
    const broken = withoutLine(manifestXml, "<Namespace ");
    expect(checkManifest(broken)).toContainEqual(expect.stringContaining("no <Namespace>"));
  });

  it("reports a resid that points at the wrong kind of resource", () => {
    const broken = manifestXml.replace('<Label resid="Group.Label"/>', '<Label resid="Taskpane.Url"/>');
    expect(checkManifest(broken)).toContainEqual(expect.stringContaining("needs a shortString resource"));
  });
});

describe("production manifest (ADDIN_BASE_URL)", () => {
  const BASE_URL = "https://addin.example.com/boq/";
  let workDir: string;

  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), "boq-manifest-"));
  });

  afterAll(() => {
    rmSync(workDir, { recursive: true, force: true });
  });

  it("moves every development URL to the base URL and keeps the manifest valid", () => {
    const production = productionXml({
      ADDIN_BASE_URL: "https://addin.example.com/boq",
      ADDIN_APP_DOMAINS: "https://auth.example.com",
    });
    expect(production).not.toContain("localhost");
    expect(checkManifest(production)).toEqual([]);
    const manifest = parseManifest(production);
    for (const url of allUrls(manifest, production)) expect(url.startsWith(BASE_URL)).toBe(true);
    expect(production).toContain("<AppDomain>https://auth.example.com</AppDomain>");

    const file = path.join(workDir, "manifest.xml");
    writeFileSync(file, production);
    expect(xmllint(file).ok).toBe(true);
  });

  it("drops the emulator's AppDomains and keeps a schema-valid manifest when no auth origin is given", () => {
    const production = productionXml({ ADDIN_BASE_URL: BASE_URL });
    expect(production).not.toContain("<AppDomains>");
    const file = path.join(workDir, "manifest-no-domains.xml");
    writeFileSync(file, production);
    expect(xmllint(file).ok).toBe(true);
  });

  it("refuses a base URL that is not https", () => {
    expect(() => generator.productionBaseUrl("http://addin.example.com")).toThrow(/must use https/);
    expect(() => generator.productionBaseUrl("not a url")).toThrow(/is not a URL/);
    expect(() =>
      productionXml({ ADDIN_BASE_URL: BASE_URL, ADDIN_APP_DOMAINS: "http://auth.example.com" }),
    ).toThrow(/must use https/);
  });

  it.each([
    ["a query", "https://addin.example.com/boq?v=2"],
    ["a fragment", "https://addin.example.com/boq#top"],
    ["a user name and password", "https://deploy:secret@addin.example.com/boq"],
  ])("refuses a base URL with %s, which would end up inside every file URL", (_label, raw) => {
    expect(() => generator.productionBaseUrl(raw)).toThrow(/query, fragment or user name/);
  });

  it("escapes a base URL with & so the production manifest stays well-formed XML", () => {
    const production = productionXml({ ADDIN_BASE_URL: "https://addin.example.com/r&d/boq" });
    const file = path.join(workDir, "manifest-ampersand.xml");
    writeFileSync(file, production);
    expect(xmllint(file).ok).toBe(true);
    expect(production).toContain('DefaultValue="https://addin.example.com/r&amp;d/boq/taskpane.html"');
  });
});

describe("xmllint against the schemas", () => {
  it("rejects a manifest whose structure is wrong", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "boq-manifest-"));
    try {
      const file = path.join(dir, "broken.xml");
      // Without the schema folder xmllint only sees well-formedness, so break that too.
      const broken = existsSync(SCHEMA_ENTRY)
        ? manifestXml.replace(
            "<Permissions>ReadWriteDocument</Permissions>",
            "<Permissions>Everything</Permissions>",
          )
        : manifestXml.replace("</OfficeApp>", "");
      writeFileSync(file, broken);
      expect(xmllint(file).ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
