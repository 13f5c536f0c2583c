// Reads the XML add-in manifest and the unified manifest (with its localization files) each on its
// own terms and lists where they disagree: id, version, pages, names, descriptions, ribbon labels
// and tooltips in every locale, the namespace, the requirement set, permissions and the
// authorization server's domains. Independent of deploy/manifests.cjs on purpose: a generator bug
// that wrote one manifest wrongly would otherwise agree with itself.
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";

/** What a user or Office reads from a manifest, per locale (lower-case language tags). */
export interface ManifestFacts {
  id: string;
  version: string;
  runtimePage: string;
  functionsScript: string;
  functionsMetadata: string;
  namespace: string;
  requirement: string;
  permission: string;
  /** Hosts of the authorization servers the sign-in dialog may navigate to (https only). */
  domains: string[];
  ribbonIcons: string[];
  /** locale -> key -> text */
  text: Record<string, Record<string, string>>;
}

const PERMISSIONS: Record<string, string> = {
  ReadWriteDocument: "Document.ReadWrite.User",
  ReadDocument: "Document.Read.User",
  Restricted: "Document.Restricted.User",
};

function first(name: string, within: Element[] | Element): Element | undefined {
  return DomUtils.getElementsByTagName(name, Array.isArray(within) ? within : [within], true)[0];
}

/** DefaultValue and each Override of an element, by lower-case locale. */
function localizedValues(element: Element | undefined, defaultLocale: string): Record<string, string> {
  if (!element) return {};
  const values: Record<string, string> = { [defaultLocale]: element.attribs.DefaultValue ?? "" };
  for (const override of DomUtils.getElementsByTagName(
    (name) => name === "Override" || name === "bt:Override",
    element.children,
    false,
  )) {
    values[(override.attribs.Locale ?? "").toLowerCase()] = override.attribs.Value ?? "";
  }
  return values;
}

export function xmlFacts(xml: string): ManifestFacts {
  const root = DomUtils.getElementsByTagName(
    "OfficeApp",
    parseDocument(xml, { xmlMode: true }).children,
    true,
  );
  const text = (name: string): string => DomUtils.textContent(first(name, root) ?? []).trim();
  const defaultLocale = text("DefaultLocale").toLowerCase();
  const resource = (id: string): Element | undefined =>
    DomUtils.findOne((element) => element.attribs.id === id && element.name.startsWith("bt:"), root) ??
    undefined;
  const url = (id: string): string => resource(id)?.attribs.DefaultValue ?? "";
  const byText: Record<string, Record<string, string>> = {};
  const add = (key: string, values: Record<string, string>): void => {
    for (const [locale, value] of Object.entries(values)) (byText[locale] ??= {})[key] = value;
  };
  add("name", localizedValues(first("DisplayName", root), defaultLocale));
  add("description", localizedValues(first("Description", root), defaultLocale));
  const resourceKeys: Record<string, string> = {
    "Group.Label": "groupLabel",
    "TaskpaneButton.Label": "taskpaneButton",
    "TaskpaneButton.Tooltip": "taskpaneTooltip",
    "RefreshButton.Label": "refreshButton",
    "RefreshButton.Tooltip": "refreshTooltip",
    "GetStarted.Title": "getStartedTitle",
    "GetStarted.Description": "getStartedDescription",
  };
  for (const [id, key] of Object.entries(resourceKeys))
    add(key, localizedValues(resource(id), defaultLocale));
  const sets = DomUtils.getElementsByTagName("Set", root, true);
  const runtime = first("Runtime", root);
  return {
    id: text("Id"),
    version: text("Version").replace(/\.0$/, ""),
    runtimePage: url(runtime?.attribs.resid ?? ""),
    functionsScript: url("Functions.Script.Url"),
    functionsMetadata: url("Functions.Metadata.Url"),
    namespace: resource("Functions.Namespace")?.attribs.DefaultValue ?? "",
    requirement: sets.map((set) => `${set.attribs.Name ?? ""} ${set.attribs.MinVersion ?? ""}`).join(", "),
    permission: PERMISSIONS[text("Permissions")] ?? `unknown ${text("Permissions")}`,
    domains: DomUtils.getElementsByTagName("AppDomain", root, true)
      .map((element) => DomUtils.textContent(element).trim())
      .filter((origin) => origin.startsWith("https:"))
      .map((origin) => new URL(origin).host)
      .sort(),
    ribbonIcons: ["Icon.16x16", "Icon.32x32", "Icon.80x80"].map(url),
    text: byText,
  };
}

interface UnifiedControl {
  label: string;
  supertip: { title: string; description: string };
  actionId: string;
}

interface UnifiedManifest {
  id: string;
  version: string;
  name: { short: string };
  description: { full: string };
  validDomains?: string[];
  localizationInfo: {
    defaultLanguageTag: string;
    additionalLanguages?: { languageTag: string; file: string }[];
  };
  authorization: { permissions: { resourceSpecific: { name: string }[] } };
  extensions: {
    requirements: { capabilities: { name: string; minVersion: string }[] };
    runtimes: {
      code: { page: string; script: string };
      actions: { id: string; displayName: string }[];
      customFunctions: { namespace: { id: string }; metadataUrl: string };
    }[];
    ribbons: {
      tabs: {
        groups: { label: string; icons: { size: number; url: string }[]; controls: UnifiedControl[] }[];
      }[];
    }[];
    getStartedMessages: { title: string; description: string }[];
  }[];
}

/**
 * The facts of a unified manifest; `localizations` maps each localization file name to its
 * content. A string a localization file leaves out is the default language's, as in Office.
 */
export function unifiedFacts(manifestJson: string, localizations: Record<string, string>): ManifestFacts {
  const manifest = JSON.parse(manifestJson) as UnifiedManifest;
  const extension = manifest.extensions[0]!;
  const runtime = extension.runtimes[0]!;
  const group = extension.ribbons[0]!.tabs[0]!.groups[0]!;
  const controlFor = (actionId: string): UnifiedControl | undefined =>
    group.controls.find((control) => control.actionId === actionId);
  const pane = controlFor(runtime.actions.find((action) => action.id !== "refreshBoq")?.id ?? "");
  const refresh = controlFor("refreshBoq");
  const defaults: Record<string, string> = {
    name: manifest.name.short,
    description: manifest.description.full,
    groupLabel: group.label,
    taskpaneButton: pane?.label ?? "",
    taskpaneTooltip: pane?.supertip.description ?? "",
    refreshButton: refresh?.label ?? "",
    refreshTooltip: refresh?.supertip.description ?? "",
    getStartedTitle: extension.getStartedMessages[0]?.title ?? "",
    getStartedDescription: extension.getStartedMessages[0]?.description ?? "",
  };
  const groupKey = "extensions[0].ribbons[0].tabs[0].groups[0]";
  const controlKey = (control: UnifiedControl | undefined): string =>
    `${groupKey}.controls[${control ? group.controls.indexOf(control) : -1}]`;
  const keys: Record<string, string> = {
    name: "name.short",
    description: "description.full",
    groupLabel: `${groupKey}.label`,
    taskpaneButton: `${controlKey(pane)}.label`,
    taskpaneTooltip: `${controlKey(pane)}.supertip.description`,
    refreshButton: `${controlKey(refresh)}.label`,
    refreshTooltip: `${controlKey(refresh)}.supertip.description`,
    getStartedTitle: "extensions[0].getStartedMessages[0].title",
    getStartedDescription: "extensions[0].getStartedMessages[0].description",
  };
  const text: Record<string, Record<string, string>> = {
    [manifest.localizationInfo.defaultLanguageTag.toLowerCase()]: defaults,
  };
  for (const language of manifest.localizationInfo.additionalLanguages ?? []) {
    const raw = localizations[language.file];
    if (raw === undefined) throw new Error(`The localization file ${language.file} is missing.`);
    const strings = JSON.parse(raw) as Record<string, string>;
    text[language.languageTag.toLowerCase()] = Object.fromEntries(
      Object.entries(keys).map(([key, path]) => [key, strings[path] ?? defaults[key] ?? ""]),
    );
  }
  return {
    id: manifest.id,
    version: manifest.version,
    runtimePage: runtime.code.page,
    functionsScript: runtime.code.script,
    functionsMetadata: runtime.customFunctions.metadataUrl,
    namespace: runtime.customFunctions.namespace.id,
    requirement: extension.requirements.capabilities
      .map((capability) => `${capability.name} ${capability.minVersion}`)
      .join(", "),
    permission: manifest.authorization.permissions.resourceSpecific[0]?.name ?? "",
    domains: [...(manifest.validDomains ?? [])].sort(),
    ribbonIcons: [16, 32, 80].map((size) => group.icons.find((icon) => icon.size === size)?.url ?? ""),
    text,
  };
}

/** Every difference between the two, as readable sentences (none when they agree). */
export function disagreements(xml: ManifestFacts, unified: ManifestFacts): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(xml) as (keyof ManifestFacts)[]) {
    if (key === "text") continue;
    const a = JSON.stringify(xml[key]);
    const b = JSON.stringify(unified[key]);
    if (a !== b) problems.push(`${key}: manifest.xml has ${a}, manifest.json has ${b}.`);
  }
  const locales = new Set([...Object.keys(xml.text), ...Object.keys(unified.text)]);
  for (const locale of locales) {
    const left = xml.text[locale] ?? {};
    const right = unified.text[locale] ?? {};
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (left[key] !== right[key]) {
        problems.push(
          `${key} (${locale}): manifest.xml has ${JSON.stringify(left[key])}, manifest.json has ${JSON.stringify(right[key])}.`,
        );
      }
    }
  }
  return problems;
}
