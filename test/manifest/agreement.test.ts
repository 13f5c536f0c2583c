// The two manifests from one source: the committed files are what deploy/manifests.cjs writes,
// manifest.json and its localization file pass the unified manifest's JSON schema offline, both
// manifests say the same things in English and Russian, and a copy where they differ is caught.
import { readFileSync } from "fs";
import path from "path";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { disagreements, unifiedFacts, xmlFacts } from "./agreement";
import { t } from "../../src/i18n";

const REPO_ROOT = path.resolve(__dirname, "../..");
const SCHEMA_ROOT = path.join(REPO_ROOT, "node_modules/@microsoft/app-manifest/build/json-schemas/teams");

interface Generator {
  UNIFIED_VERSION: string;
  generateManifests(options?: object): Record<string, string>;
  productionManifests(env: Record<string, string | undefined>): Record<string, string>;
}
interface Source {
  text: Record<string, Record<string, string>>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const generator = require("../../deploy/manifests.cjs") as Generator;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const source = require("../../deploy/manifest-source.cjs") as Source;

const committed = (file: string): string => readFileSync(path.join(REPO_ROOT, file), "utf8");
const COMMITTED_FILES = ["manifest.xml", "manifest.json", "manifest.ru.json"];

function file(files: Record<string, string>, name: string): string {
  const content = files[name];
  if (content === undefined) throw new Error(`no ${name} among ${Object.keys(files).join(", ")}`);
  return content;
}

function problemsOf(files: Record<string, string>): string[] {
  const { "manifest.xml": xml, "manifest.json": json, ...localizations } = files;
  return disagreements(xmlFacts(xml ?? ""), unifiedFacts(json ?? "", localizations));
}

/** The schema's patterns are written for JavaScript without the u flag (one has a lone "]"). */
const regExp = Object.assign(
  (pattern: string, flags: string) => new RegExp(pattern, flags.replace("u", "")),
  {
    code: "new RegExp",
  },
);

function validator(schemaFile: string) {
  const ajv = new Ajv({ allErrors: true, strict: false, code: { regExp } });
  addFormats(ajv);
  const schemaPath = path.join(SCHEMA_ROOT, `v${generator.UNIFIED_VERSION}`, schemaFile);
  return ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")) as object);
}
const validateManifest = validator("MicrosoftTeams.schema.json");
const validateLocalization = validator("MicrosoftTeams.Localization.schema.json");

describe("the manifests in the repository", () => {
  it.each(COMMITTED_FILES)(
    "%s is exactly what deploy/manifests.cjs writes (run npm run manifests)",
    (name) => {
      expect(committed(name)).toBe(file(generator.generateManifests(), name));
    },
  );

  it("agree on id, version, pages, namespace, requirement, permission, domains, icons and every text", () => {
    const files = Object.fromEntries(COMMITTED_FILES.map((name) => [name, committed(name)]));
    expect(problemsOf(files)).toEqual([]);
  });

  it("carry the Russian display name, description and ribbon labels in both formats", () => {
    const xml = xmlFacts(committed("manifest.xml"));
    const unified = unifiedFacts(committed("manifest.json"), {
      "manifest.ru.json": committed("manifest.ru.json"),
    });
    const russian = source.text["ru-RU"]!;
    for (const facts of [xml, unified]) {
      expect(facts.text["ru-ru"]).toMatchObject({
        name: russian.displayName,
        description: russian.description,
        groupLabel: russian.groupLabel,
        taskpaneButton: russian.taskpaneButton,
        refreshButton: russian.refreshButton,
        refreshTooltip: russian.refreshTooltip,
      });
    }
    // The translatable texts really are translated, not copies of the English ones.
    const english = source.text["en-US"]!;
    for (const key of [
      "description",
      "refreshButton",
      "refreshTooltip",
      "taskpaneTooltip",
      "getStartedTitle",
    ]) {
      expect(russian[key]).not.toBe(english[key]);
      expect(russian[key]).toMatch(/[а-яё]/i);
    }
    expect(committed("manifest.xml")).toContain('<Override Locale="ru-RU" Value="BOQ Bridge"/>');
  });

  it("name the ribbon button by the words the pane uses in each language", () => {
    expect(t("shell.boqRefresh", {}, "en")).toContain(source.text["en-US"]!.refreshButton);
    expect(t("shell.boqRefresh", {}, "ru")).toContain(`«${source.text["ru-RU"]!.refreshButton}»`);
  });
});

describe("the unified manifest against its JSON schema (offline)", () => {
  it(`validates manifest.json against schema ${generator.UNIFIED_VERSION}, whose runtimes take customFunctions`, () => {
    const manifest = JSON.parse(committed("manifest.json")) as {
      manifestVersion: string;
      extensions: { runtimes: { customFunctions?: { namespace: { id: string } } }[] }[];
    };
    expect(validateManifest(manifest)).toBe(true);
    expect(validateManifest.errors ?? []).toEqual([]);
    expect(manifest.manifestVersion).toBe(generator.UNIFIED_VERSION);
    expect(manifest.extensions[0]?.runtimes[0]?.customFunctions?.namespace.id).toBe("PLATFORM");
  });

  it("validates the Russian localization file", () => {
    expect(validateLocalization(JSON.parse(committed("manifest.ru.json")))).toBe(true);
  });

  it("refuses a manifest the schema does not allow", () => {
    const broken = JSON.parse(committed("manifest.json")) as { extensions: { runtimes: object[] }[] };
    Object.assign(broken.extensions[0]!.runtimes[0]!, { customFunctions: { namespace: { id: "1BAD" } } });
    expect(validateManifest(broken)).toBe(false);
    const localization = JSON.parse(committed("manifest.ru.json")) as Record<string, string>;
    localization["name.short"] = "A name far longer than the thirty characters allowed";
    expect(validateLocalization(localization)).toBe(false);
  });
});

describe("a production pair", () => {
  const env = {
    ADDIN_BASE_URL: "https://addins.example.com/boq",
    ADDIN_APP_DOMAINS: "https://auth.example.com",
    ADDIN_PRIVACY_URL: "https://example.com/privacy",
  };

  it("agrees, validates and uses only the production address", () => {
    const files = generator.productionManifests(env);
    expect(problemsOf(files)).toEqual([]);
    const json = file(files, "manifest.json");
    expect(validateManifest(JSON.parse(json))).toBe(true);
    for (const content of Object.values(files)) expect(content).not.toContain("localhost");
    expect(JSON.parse(json)).toMatchObject({
      validDomains: ["auth.example.com"],
      developer: { privacyUrl: "https://example.com/privacy" },
    });
    expect(xmlFacts(file(files, "manifest.xml")).runtimePage).toBe(
      "https://addins.example.com/boq/taskpane.html",
    );
  });
});

describe("the comparison reports manifests that disagree", () => {
  const files = (): Record<string, string> => generator.generateManifests();

  it("reports another version in manifest.json", () => {
    const changed = files();
    changed["manifest.json"] = file(changed, "manifest.json").replace(
      '"version": "0.1.0"',
      '"version": "0.2.0"',
    );
    expect(problemsOf(changed)).toEqual(['version: manifest.xml has "0.1.0", manifest.json has "0.2.0".']);
  });

  it("reports another id in manifest.xml", () => {
    const changed = files();
    changed["manifest.xml"] = file(changed, "manifest.xml").replace(
      /<Id>[^<]+<\/Id>/,
      "<Id>00000000-0000-0000-0000-000000000000</Id>",
    );
    expect(problemsOf(changed)).toHaveLength(1);
    expect(problemsOf(changed)[0]).toMatch(/^id: /);
  });

  it("reports a Russian ribbon label that only one manifest changed", () => {
    const changed = files();
    changed["manifest.ru.json"] = file(changed, "manifest.ru.json").replace("Обновить ВОР", "Обновить");
    expect(problemsOf(changed)).toEqual([
      'refreshButton (ru-ru): manifest.xml has "Обновить ВОР", manifest.json has "Обновить".',
    ]);
  });

  it("reports a Russian display name missing from the XML manifest", () => {
    const changed = files();
    changed["manifest.xml"] = file(changed, "manifest.xml").replace(
      /<DisplayName DefaultValue="BOQ Bridge">\s*<Override[^>]*\/>\s*<\/DisplayName>/,
      '<DisplayName DefaultValue="BOQ Bridge"/>',
    );
    expect(problemsOf(changed)).toEqual([
      'name (ru-ru): manifest.xml has undefined, manifest.json has "BOQ Bridge".',
    ]);
  });

  it("reports another page and another permission", () => {
    const changed = files();
    changed["manifest.json"] = file(changed, "manifest.json")
      .replace(
        '"page": "https://localhost:3000/taskpane.html"',
        '"page": "https://localhost:3000/other.html"',
      )
      .replace("Document.ReadWrite.User", "Document.Read.User");
    const problems = problemsOf(changed);
    expect(problems.some((p) => p.startsWith("runtimePage:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("permission:"))).toBe(true);
  });
});
