// Writes both add-in manifests from deploy/manifest-source.cjs: the XML add-in manifest (the one perpetual
// Office on Windows, Office on Mac and every sideload path take) and the unified manifest for
// Microsoft 365 with its Russian localization file. `npm run build` calls generateManifests with
// the production address (webpack.config.js); `npm run manifests` (this file run by node) writes
// the development copies at the repository root, which test/manifest checks against this output.
const fs = require("fs");
const path = require("path");
const source = require("./manifest-source.cjs");

const DEV_BASE_URL = "https://localhost:3000/";
/**
 * The unified manifest's schema version. 1.23 is the first in @microsoft/app-manifest whose runtimes
 * take `customFunctions`; Microsoft's page on converting custom functions to the unified manifest
 * asks for 1.30, the newest the package ships (README, "Which manifest").
 */
const UNIFIED_VERSION = "1.30";
const SCHEMA_BASE = `https://developer.microsoft.com/json-schemas/teams/v${UNIFIED_VERSION}`;
const LOCALIZATION_FILES = { "ru-RU": "manifest.ru.json" };

// --- the deployment address --------------------------------------------------------------------

/** Turns the build-time base URL into the prefix of every file URL (always with a trailing /). */
function productionBaseUrl(raw) {
  if (!raw) return DEV_BASE_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `ADDIN_BASE_URL "${raw}" is not a URL; give the https address the add-in is served from.`,
    );
  }
  if (url.protocol !== "https:") {
    throw new Error(`ADDIN_BASE_URL "${raw}" must use https: Office only loads add-ins over HTTPS.`);
  }
  // The base is a prefix of every file URL: a query or fragment would swallow the file names, and
  // credentials would be published in the manifest (the message leaves the URL out for that reason).
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(
      "ADDIN_BASE_URL must be a plain https address (scheme, host, optional path) without a query, fragment or user name.",
    );
  }
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

/** The origins of ADDIN_APP_DOMAINS (comma separated), each https. */
function parseAppDomains(raw) {
  if (!raw) return [];
  return raw
    .split(",")
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0)
    .map((origin) => {
      const url = new URL(origin);
      if (url.protocol !== "https:") throw new Error(`ADDIN_APP_DOMAINS entry "${origin}" must use https.`);
      return url.origin;
    });
}

/** An optional https page address given at build time (support, privacy, terms of use). */
function pageUrl(name, raw, fallback) {
  if (!raw) return fallback;
  const url = new URL(raw);
  if (url.protocol !== "https:") throw new Error(`${name} "${raw}" must use https.`);
  return url.href;
}

// --- XML ------------------------------------------------------------------------------------

function xmlAttr(value) {
  return String(value)
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

const otherLocales = () => Object.keys(source.text).filter((locale) => locale !== source.defaultLocale);
const textOf = (key, locale = source.defaultLocale) => source.text[locale][key];

/** An element with DefaultValue and one Override per further locale (`prefix` "bt:" in Resources). */
function localized(indent, element, key, prefix = "", attributes = "") {
  const overrides = otherLocales().map(
    (locale) => `${indent}  <${prefix}Override Locale="${locale}" Value="${xmlAttr(textOf(key, locale))}"/>`,
  );
  return [
    `${indent}<${element}${attributes} DefaultValue="${xmlAttr(textOf(key))}">`,
    ...overrides,
    `${indent}</${element.split(" ")[0]}>`,
  ].join("\n");
}

function ribbonIcons(indent) {
  return [
    `${indent}<Icon>`,
    ...[16, 32, 80].map((size) => `${indent}  <bt:Image size="${size}" resid="Icon.${size}x${size}"/>`),
    `${indent}</Icon>`,
  ].join("\n");
}

function xmlManifest({ baseUrl, appDomains, supportUrl }) {
  const url = (file) => xmlAttr(`${baseUrl}${file}`);
  const { ids, pages, icons } = source;
  const [major, minor, patch] = source.version.split(".");
  const domains =
    appDomains.length === 0
      ? ""
      : [
          "  <!-- Origins the sign-in dialog navigates to: the platform's authorization server. -->",
          "  <AppDomains>",
          ...appDomains.map((origin) => `    <AppDomain>${xmlAttr(origin)}</AppDomain>`),
          "  </AppDomains>",
          "",
        ].join("\n");
  const shortStrings = ["groupLabel", "taskpaneButton", "refreshButton", "getStartedTitle"];
  const resourceIds = {
    groupLabel: "Group.Label",
    taskpaneButton: "TaskpaneButton.Label",
    refreshButton: "RefreshButton.Label",
    getStartedTitle: "GetStarted.Title",
    getStartedDescription: "GetStarted.Description",
    taskpaneTooltip: "TaskpaneButton.Tooltip",
    refreshTooltip: "RefreshButton.Tooltip",
  };
  const longStrings = ["getStartedDescription", "taskpaneTooltip", "refreshTooltip"];
  const strings = (keys) =>
    keys.map((key) => localized("        ", `bt:String id="${resourceIds[key]}"`, key, "bt:")).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- BOQ Bridge add-in manifest (XML) for Excel, written by deploy/manifests.cjs from
     deploy/manifest-source.cjs (edit those, then run npm run manifests). The task pane, the custom
     functions and the ribbon commands share one runtime: one page (Taskpane.Url) serves all three.
     The file in the repository has the development server's URLs; a production build
     (ADDIN_BASE_URL=https://host/path npm run build) writes dist/manifest.xml with that base and
     the authorization server(s) of ADDIN_APP_DOMAINS (see README, "Deploying"). -->
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
           xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"
           xmlns:ov="http://schemas.microsoft.com/office/taskpaneappversionoverrides"
           xsi:type="TaskPaneApp">
  <Id>${source.id}</Id>
  <Version>${major}.${minor}.${patch}.0</Version>
  <ProviderName>${xmlAttr(source.provider)}</ProviderName>
  <DefaultLocale>${source.defaultLocale}</DefaultLocale>
${localized("  ", "DisplayName", "displayName")}
${localized("  ", "Description", "description")}
  <IconUrl DefaultValue="${url(icons[32])}"/>
  <HighResolutionIconUrl DefaultValue="${url(icons[64])}"/>
  <SupportUrl DefaultValue="${xmlAttr(supportUrl)}"/>
${domains}  <Hosts>
    <Host Name="${source.host.xml}"/>
  </Hosts>
  <Requirements>
    <Sets DefaultMinVersion="1.1">
${source.requirements.map((set) => `      <Set Name="${set.name}" MinVersion="${set.minVersion}"/>\n`).join("")}    </Sets>
  </Requirements>
  <DefaultSettings>
    <SourceLocation DefaultValue="${url(pages.runtime)}"/>
  </DefaultSettings>
  <Permissions>${source.permission.xml}</Permissions>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Hosts>
      <Host xsi:type="${source.host.xml}">
        <Runtimes>
          <Runtime resid="Taskpane.Url" lifetime="long"/>
        </Runtimes>
        <AllFormFactors>
          <ExtensionPoint xsi:type="CustomFunctions">
            <!-- In a shared runtime Office loads the Page; Script names the functions chunk on it. -->
            <Script>
              <SourceLocation resid="Functions.Script.Url"/>
            </Script>
            <Page>
              <SourceLocation resid="Taskpane.Url"/>
            </Page>
            <Metadata>
              <SourceLocation resid="Functions.Metadata.Url"/>
            </Metadata>
            <Namespace resid="Functions.Namespace"/>
          </ExtensionPoint>
        </AllFormFactors>
        <DesktopFormFactor>
          <GetStarted>
            <Title resid="GetStarted.Title"/>
            <Description resid="GetStarted.Description"/>
            <LearnMoreUrl resid="GetStarted.LearnMoreUrl"/>
          </GetStarted>
          <FunctionFile resid="Taskpane.Url"/>
          <ExtensionPoint xsi:type="PrimaryCommandSurface">
            <OfficeTab id="${ids.homeTab}">
              <Group id="${ids.group}">
                <Label resid="Group.Label"/>
${ribbonIcons("                ")}
                <Control xsi:type="Button" id="${ids.taskpaneButton}">
                  <Label resid="TaskpaneButton.Label"/>
                  <Supertip>
                    <Title resid="TaskpaneButton.Label"/>
                    <Description resid="TaskpaneButton.Tooltip"/>
                  </Supertip>
${ribbonIcons("                  ")}
                  <Action xsi:type="ShowTaskpane">
                    <TaskpaneId>${ids.taskpane}</TaskpaneId>
                    <SourceLocation resid="Taskpane.Url"/>
                  </Action>
                </Control>
                <Control xsi:type="Button" id="${ids.refreshButton}">
                  <Label resid="RefreshButton.Label"/>
                  <Supertip>
                    <Title resid="RefreshButton.Label"/>
                    <Description resid="RefreshButton.Tooltip"/>
                  </Supertip>
${ribbonIcons("                  ")}
                  <Action xsi:type="ExecuteFunction">
                    <FunctionName>${ids.refreshAction}</FunctionName>
                  </Action>
                </Control>
              </Group>
            </OfficeTab>
          </ExtensionPoint>
        </DesktopFormFactor>
      </Host>
    </Hosts>
    <Resources>
      <bt:Images>
${[16, 32, 80].map((size) => `        <bt:Image id="Icon.${size}x${size}" DefaultValue="${url(icons[size])}"/>`).join("\n")}
      </bt:Images>
      <bt:Urls>
        <bt:Url id="Taskpane.Url" DefaultValue="${url(pages.runtime)}"/>
        <bt:Url id="Functions.Script.Url" DefaultValue="${url(pages.functionsScript)}"/>
        <bt:Url id="Functions.Metadata.Url" DefaultValue="${url(pages.functionsMetadata)}"/>
        <bt:Url id="GetStarted.LearnMoreUrl" DefaultValue="${url(pages.learnMore)}"/>
      </bt:Urls>
      <bt:ShortStrings>
        <bt:String id="Functions.Namespace" DefaultValue="${source.namespace}"/>
${strings(shortStrings)}
      </bt:ShortStrings>
      <bt:LongStrings>
${strings(longStrings)}
      </bt:LongStrings>
    </Resources>
  </VersionOverrides>
</OfficeApp>
`;
}

// --- unified manifest -----------------------------------------------------------------------------

/** The localizable strings of the unified manifest, by their key in a localization file. */
function unifiedStrings(locale) {
  const t = (key) => textOf(key, locale);
  const group = "extensions[0].ribbons[0].tabs[0].groups[0]";
  return {
    "name.short": t("displayName"),
    "name.full": t("fullName"),
    "description.short": t("shortDescription"),
    "description.full": t("description"),
    [`${group}.label`]: t("groupLabel"),
    [`${group}.controls[0].label`]: t("taskpaneButton"),
    [`${group}.controls[0].supertip.title`]: t("taskpaneButton"),
    [`${group}.controls[0].supertip.description`]: t("taskpaneTooltip"),
    [`${group}.controls[1].label`]: t("refreshButton"),
    [`${group}.controls[1].supertip.title`]: t("refreshButton"),
    [`${group}.controls[1].supertip.description`]: t("refreshTooltip"),
    "extensions[0].runtimes[0].actions[0].displayName": t("taskpaneButton"),
    "extensions[0].runtimes[0].actions[1].displayName": t("refreshButton"),
    "extensions[0].getStartedMessages[0].title": t("getStartedTitle"),
    "extensions[0].getStartedMessages[0].description": t("getStartedDescription"),
  };
}

function unifiedManifest({ baseUrl, appDomains, supportUrl, privacyUrl, termsUrl }) {
  const url = (file) => `${baseUrl}${file}`;
  const t = (key) => textOf(key);
  const { ids, pages, icons } = source;
  const ribbonIconList = [16, 32, 80].map((size) => ({ size, url: url(icons[size]) }));
  const control = (id, label, tooltip, actionId) => ({
    id,
    type: "button",
    label: t(label),
    icons: ribbonIconList,
    supertip: { title: t(label), description: t(tooltip) },
    actionId,
  });
  const manifest = {
    $schema: `${SCHEMA_BASE}/MicrosoftTeams.schema.json`,
    manifestVersion: UNIFIED_VERSION,
    id: source.id,
    version: source.version,
    name: { short: t("displayName"), full: t("fullName") },
    description: { short: t("shortDescription"), full: t("description") },
    developer: { name: source.provider, websiteUrl: supportUrl, privacyUrl, termsOfUseUrl: termsUrl },
    icons: { color: icons.color, outline: icons.outline },
    accentColor: source.accentColor,
    localizationInfo: {
      defaultLanguageTag: source.defaultLocale.toLowerCase(),
      additionalLanguages: otherLocales().map((locale) => ({
        languageTag: locale.toLowerCase(),
        file: LOCALIZATION_FILES[locale],
      })),
    },
    validDomains: appDomains.map((origin) => new URL(origin).host),
    authorization: {
      permissions: { resourceSpecific: [{ name: source.permission.unified, type: "Delegated" }] },
    },
    extensions: [
      {
        requirements: {
          scopes: [source.host.unified],
          capabilities: source.requirements.map((set) => ({ name: set.name, minVersion: set.minVersion })),
        },
        runtimes: [
          {
            id: ids.runtime,
            type: "general",
            code: { page: url(pages.runtime), script: url(pages.functionsScript) },
            lifetime: "long",
            actions: [
              { id: ids.taskpane, type: "openPage", view: ids.taskpane, displayName: t("taskpaneButton") },
              { id: ids.refreshAction, type: "executeFunction", displayName: t("refreshButton") },
            ],
            customFunctions: {
              namespace: { id: source.namespace, name: source.namespace },
              metadataUrl: url(pages.functionsMetadata),
            },
          },
        ],
        ribbons: [
          {
            contexts: ["default"],
            tabs: [
              {
                builtInTabId: ids.homeTab,
                groups: [
                  {
                    id: ids.group,
                    label: t("groupLabel"),
                    icons: ribbonIconList,
                    controls: [
                      control(ids.taskpaneButton, "taskpaneButton", "taskpaneTooltip", ids.taskpane),
                      control(ids.refreshButton, "refreshButton", "refreshTooltip", ids.refreshAction),
                    ],
                  },
                ],
              },
            ],
          },
        ],
        getStartedMessages: [
          {
            title: t("getStartedTitle"),
            description: t("getStartedDescription"),
            learnMoreUrl: url(pages.learnMore),
          },
        ],
        // With these the Microsoft 365 admin center can make an XML manifest for the Office
        // versions that do not read the unified one.
        alternates: [
          {
            alternateIcons: {
              icon: { size: 32, url: url(icons[32]) },
              highResolutionIcon: { size: 64, url: url(icons[64]) },
            },
          },
        ],
      },
    ],
  };
  const localizations = Object.fromEntries(
    otherLocales().map((locale) => [
      LOCALIZATION_FILES[locale],
      { $schema: `${SCHEMA_BASE}/MicrosoftTeams.Localization.schema.json`, ...unifiedStrings(locale) },
    ]),
  );
  return { manifest, localizations };
}

// --- both -----------------------------------------------------------------------------------------

/**
 * Both manifests for one deployment, by file name. Without options: the development copies
 * (https://localhost:3000/, the local emulator's authorization server).
 */
function generateManifests(options = {}) {
  const baseUrl = options.baseUrl ?? DEV_BASE_URL;
  const appDomains = options.appDomains ?? source.developmentAppDomains;
  const fallback = `${baseUrl}${source.pages.learnMore}`;
  const supportUrl = options.supportUrl ?? fallback;
  const privacyUrl = options.privacyUrl ?? fallback;
  const termsUrl = options.termsUrl ?? fallback;
  // The unified manifest has no plain-http domain: the emulator's http origin is the same host.
  const unifiedDomains = appDomains.filter((origin) => origin.startsWith("https:"));
  const { manifest, localizations } = unifiedManifest({
    baseUrl,
    appDomains: unifiedDomains,
    supportUrl,
    privacyUrl,
    termsUrl,
  });
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "manifest.xml": xmlManifest({ baseUrl, appDomains, supportUrl }),
    "manifest.json": json(manifest),
    ...Object.fromEntries(Object.entries(localizations).map(([file, value]) => [file, json(value)])),
  };
}

/** The manifests of a production build from the environment `npm run build` sees. */
function productionManifests(env) {
  const baseUrl = productionBaseUrl(env.ADDIN_BASE_URL);
  return generateManifests({
    baseUrl,
    appDomains: parseAppDomains(env.ADDIN_APP_DOMAINS),
    supportUrl: pageUrl("ADDIN_SUPPORT_URL", env.ADDIN_SUPPORT_URL, undefined),
    privacyUrl: pageUrl("ADDIN_PRIVACY_URL", env.ADDIN_PRIVACY_URL, undefined),
    termsUrl: pageUrl("ADDIN_TERMS_URL", env.ADDIN_TERMS_URL, undefined),
  });
}

module.exports = {
  DEV_BASE_URL,
  UNIFIED_VERSION,
  generateManifests,
  productionManifests,
  productionBaseUrl,
  parseAppDomains,
  unifiedStrings,
};

if (require.main === module) {
  const root = path.resolve(__dirname, "..");
  for (const [file, content] of Object.entries(generateManifests())) {
    fs.writeFileSync(path.join(root, file), content);
    console.log(`wrote ${file}`);
  }
}
