// Checks of manifest.xml that the XSD cannot express. Each returns readable problems instead of
// throwing, so a test can show that a broken manifest is reported.
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";

/** Which resource list a resid must come from, by the element that uses it. */
const RESOURCE_KIND_BY_ELEMENT: Record<string, ResourceKind> = {
  "bt:Image": "image",
  SourceLocation: "url",
  Runtime: "url",
  FunctionFile: "url",
  LearnMoreUrl: "url",
  Namespace: "shortString",
  Label: "shortString",
  Title: "shortString",
  Description: "longString",
};
const RESOURCE_LIST_KIND: Record<string, ResourceKind> = {
  "bt:Images": "image",
  "bt:Urls": "url",
  "bt:ShortStrings": "shortString",
  "bt:LongStrings": "longString",
};
const NAMESPACE_PATTERN = /^[A-Z][A-Z0-9_]*$/;

type ResourceKind = "image" | "url" | "shortString" | "longString";

export interface Resource {
  kind: ResourceKind;
  value: string;
}

export interface ParsedManifest {
  root: Element[];
  resources: Map<string, Resource>;
}

export function parseManifest(xml: string): ParsedManifest {
  const document = parseDocument(xml, { xmlMode: true });
  const root = DomUtils.getElementsByTagName("OfficeApp", document.children, true);
  const resources = new Map<string, Resource>();
  for (const [listName, kind] of Object.entries(RESOURCE_LIST_KIND)) {
    for (const list of DomUtils.getElementsByTagName(listName, root, true)) {
      for (const entry of DomUtils.getElementsByTagName(
        kind === "image" ? "bt:Image" : kind === "url" ? "bt:Url" : "bt:String",
        list.children,
        false,
      )) {
        const id = entry.attribs.id;
        if (id) resources.set(id, { kind, value: entry.attribs.DefaultValue ?? "" });
      }
    }
  }
  return { root, resources };
}

function elements(manifest: ParsedManifest, name: string): Element[] {
  return DomUtils.getElementsByTagName(name, manifest.root, true);
}

function byType(manifest: ParsedManifest, name: string, type: string): Element[] {
  return elements(manifest, name).filter((element) => element.attribs["xsi:type"] === type);
}

function resolveUrl(manifest: ParsedManifest, resid: string | undefined): string | undefined {
  if (!resid) return undefined;
  const resource = manifest.resources.get(resid);
  return resource?.kind === "url" ? resource.value : undefined;
}

/** Every resid used is defined, in the resource list its element needs. */
export function checkResids(manifest: ParsedManifest): string[] {
  const problems: string[] = [];
  const users = DomUtils.findAll((element) => element.attribs.resid !== undefined, manifest.root);
  for (const element of users) {
    const resid = element.attribs.resid ?? "";
    const resource = manifest.resources.get(resid);
    if (!resource) {
      problems.push(`<${element.name} resid="${resid}"> uses a resid that <Resources> does not define.`);
      continue;
    }
    const expected = RESOURCE_KIND_BY_ELEMENT[element.name];
    if (expected && resource.kind !== expected) {
      problems.push(
        `<${element.name} resid="${resid}"> needs a ${expected} resource but "${resid}" is a ${resource.kind}.`,
      );
    }
  }
  return problems;
}

/** The long-lived shared runtime, the custom-functions page and the task pane use one URL. */
export function checkSharedRuntime(manifest: ParsedManifest): string[] {
  const problems: string[] = [];
  const runtimes = elements(manifest, "Runtime");
  if (runtimes.length !== 1) problems.push(`Expected exactly one <Runtime>, found ${runtimes.length}.`);
  const runtime = runtimes[0];
  if (runtime && runtime.attribs.lifetime !== "long") {
    problems.push('<Runtime> must have lifetime="long" so the custom functions share the task pane runtime.');
  }
  const sharedRuntimeSet = elements(manifest, "Set").find((set) => set.attribs.Name === "SharedRuntime");
  if (!sharedRuntimeSet) problems.push("<Requirements> must ask for the SharedRuntime requirement set.");

  const urls = new Map<string, string | undefined>();
  urls.set("Runtime", resolveUrl(manifest, runtime?.attribs.resid));
  const customFunctions = byType(manifest, "ExtensionPoint", "CustomFunctions")[0];
  const page = customFunctions
    ? DomUtils.getElementsByTagName("Page", customFunctions.children, true)[0]
    : undefined;
  const pageSource = page
    ? DomUtils.getElementsByTagName("SourceLocation", page.children, true)[0]
    : undefined;
  urls.set("custom functions <Page>", resolveUrl(manifest, pageSource?.attribs.resid));
  for (const action of byType(manifest, "Action", "ShowTaskpane")) {
    const source = DomUtils.getElementsByTagName("SourceLocation", action.children, true)[0];
    urls.set(`ShowTaskpane action`, resolveUrl(manifest, source?.attribs.resid));
  }
  for (const functionFile of elements(manifest, "FunctionFile")) {
    urls.set("FunctionFile", resolveUrl(manifest, functionFile.attribs.resid));
  }
  const missing = [...urls].filter(([, url]) => !url).map(([where]) => where);
  for (const where of missing) problems.push(`${where} has no URL resource.`);
  const distinct = new Set([...urls.values()].filter((url): url is string => Boolean(url)));
  if (distinct.size > 1) {
    const listing = [...urls].map(([where, url]) => `${where}: ${url ?? "(none)"}`).join("; ");
    problems.push(`The shared runtime needs one page URL, but these differ: ${listing}.`);
  }
  return problems;
}

/** The custom functions declare a namespace (the PLATFORM in =PLATFORM.VERSIONTAG). */
export function checkNamespace(manifest: ParsedManifest): { namespace?: string; problems: string[] } {
  const customFunctions = byType(manifest, "ExtensionPoint", "CustomFunctions")[0];
  if (!customFunctions) return { problems: ["There is no CustomFunctions extension point."] };
  const namespace = DomUtils.getElementsByTagName("Namespace", customFunctions.children, true)[0];
  if (!namespace) return { problems: ["The CustomFunctions extension point has no <Namespace>."] };
  const value = manifest.resources.get(namespace.attribs.resid ?? "")?.value;
  if (!value || !NAMESPACE_PATTERN.test(value)) {
    return {
      problems: [`The custom functions namespace "${value ?? ""}" must be upper-case letters, digits or _.`],
    };
  }
  return { namespace: value, problems: [] };
}

/** Every URL the manifest names, for origin and file checks. */
export function allUrls(manifest: ParsedManifest, xml: string): string[] {
  const resourceUrls = [...manifest.resources.values()].filter(
    (r) => r.kind !== "longString" && r.kind !== "shortString",
  );
  const defaultValues = [...xml.matchAll(/DefaultValue="(https?:[^"]+)"/g)].map((match) => match[1] ?? "");
  return [...new Set([...resourceUrls.map((r) => r.value), ...defaultValues])];
}

export function executeFunctionNames(manifest: ParsedManifest): string[] {
  return byType(manifest, "Action", "ExecuteFunction").map((action) =>
    DomUtils.textContent(DomUtils.getElementsByTagName("FunctionName", action.children, true)).trim(),
  );
}

export function metadataUrl(manifest: ParsedManifest): string | undefined {
  const customFunctions = byType(manifest, "ExtensionPoint", "CustomFunctions")[0];
  const metadata = customFunctions
    ? DomUtils.getElementsByTagName("Metadata", customFunctions.children, true)[0]
    : undefined;
  const source = metadata
    ? DomUtils.getElementsByTagName("SourceLocation", metadata.children, true)[0]
    : undefined;
  return resolveUrl(manifest, source?.attribs.resid);
}

export function checkManifest(xml: string): string[] {
  const manifest = parseManifest(xml);
  if (manifest.root.length === 0) return ["The file has no <OfficeApp> root element."];
  return [...checkResids(manifest), ...checkSharedRuntime(manifest), ...checkNamespace(manifest).problems];
}

/** Task pane add-ins: IconUrl 32 x 32 px, HighResolutionIconUrl 64 x 64 px (the manifest reference). */
const TOP_LEVEL_ICON_SIZES: Record<string, number> = { IconUrl: 32, HighResolutionIconUrl: 64 };

/**
 * Every icon is as large as the place that shows it says: `<bt:Image size="16" resid="...">` in a
 * ribbon control, IconUrl 32 px, HighResolutionIconUrl 64 px. `widthOf` reads a PNG's width from
 * its URL (undefined when the file is missing).
 */
export function checkIconSizes(
  manifest: ParsedManifest,
  widthOf: (url: string) => number | undefined,
): string[] {
  const problems: string[] = [];
  const check = (where: string, url: string | undefined, size: number): void => {
    if (!url) return;
    const width = widthOf(url);
    if (width === undefined)
      problems.push(`${where} points at ${url}, which is not a PNG in the repository.`);
    else if (width !== size) problems.push(`${where} needs a ${size} px icon but ${url} is ${width} px.`);
  };
  for (const use of elements(manifest, "bt:Image").filter((image) => image.attribs.size !== undefined)) {
    const resid = use.attribs.resid ?? "";
    const resource = manifest.resources.get(resid);
    check(
      `<bt:Image size="${use.attribs.size}" resid="${resid}">`,
      resource?.value,
      Number(use.attribs.size),
    );
  }
  for (const [name, size] of Object.entries(TOP_LEVEL_ICON_SIZES)) {
    for (const element of elements(manifest, name)) check(`<${name}>`, element.attribs.DefaultValue, size);
  }
  return problems;
}
