/**
 * The rooms of the add-in (GUIDE.md "The shape"), checked on the TypeScript program itself: every
 * identifier is resolved by the type checker, so comments, strings, property names and local
 * variables that happen to be called `document` or `fetch` do not count, while `globalThis.fetch`,
 * a type such as `Excel.Range` or a member reached through a variable typed by office-js do.
 *
 * The rules:
 * - Excel and OfficeExtension (the Excel API and its runtime; values, types and members of their
 *   objects): src/workbook only. Other rooms call functions of src/workbook.
 * - What Office stores in the document (`Office.context.document.settings`, custom XML parts,
 *   bindings, the file): src/workbook only; what is stored in the workbook is workbook content.
 *   (Events of the document, such as the theme change the pane watches, are not content.)
 * - Other Office values: only where the host shell must be reached directly. src/workbook
 *   (requirement sets), src/session (the sign-in dialog), src/commands and src/functions
 *   (registering ribbon actions and functions), src/dialog (the dialog page) and
 *   src/taskpane/index.tsx (Office.onReady at start-up). Office *types* may be named anywhere
 *   outside the pure rooms.
 * - OfficeRuntime (storage outside the workbook): src/session only. CustomFunctions: src/functions.
 * - The network (fetch, XMLHttpRequest, WebSocket, EventSource, navigator.sendBeacon, Node's
 *   http/https/net, HTTP client packages): src/api only; the sign-in page src/dialog may import the
 *   auth library oidc-client-ts (it does its own HTTP there, in its own bundle).
 * - src/catalog and src/boq are pure: none of the above, no DOM (window, document, navigator,
 *   storage, elements...), no clock (Date.now, new Date(), Date(), performance, timers). Their
 *   value imports: src/catalog, src/boq, src/i18n, the package zod, and modules of other rooms
 *   only when those are pure too, all the way down (src/api's schemas and error types are; its
 *   HTTP client is not). Type-only imports are erased and free.
 * - Nothing in src imports dev/, emulator/, test/ or the office.js package.
 */
import * as path from "node:path";
import ts from "typescript";

export const ROOT = path.join(__dirname, "../..");

export interface Violation {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  line: number;
  rule: string;
  text: string;
}

const PURE_ROOMS = ["src/catalog/", "src/boq/"];
/** Checked on their own as pure rooms; src/i18n is the message catalog (data and formatting). */
const PURE_IMPORTS_ALLOWED_DIRS = ["src/catalog/", "src/boq/", "src/i18n/"];
const PURE_IMPORTS_ALLOWED_PACKAGES = ["zod"];
const OFFICE_VALUE_ALLOWED = [
  "src/workbook/",
  "src/session/",
  "src/commands/",
  "src/functions/",
  "src/dialog/",
  "src/taskpane/index.tsx",
];
const NETWORK_PACKAGES =
  /^(node:)?(http|https|http2|net|tls|dgram)$|^(axios|undici|ws|got|ky|node-fetch|cross-fetch|superagent|@azure\/msal-[\w-]+|oidc-client-ts)$/;
/** The auth library of the sign-in page (see test/session/bundling.test.ts). */
const DIALOG_NETWORK_PACKAGES = /^oidc-client-ts$/;
const FORBIDDEN_IMPORT_DIRS = ["dev/", "emulator/", "test/"];

const NETWORK_GLOBALS = new Set(["fetch", "XMLHttpRequest", "WebSocket", "EventSource"]);
const CLOCK_GLOBALS = new Set([
  "performance",
  "setTimeout",
  "setInterval",
  "setImmediate",
  "clearTimeout",
  "clearInterval",
  "clearImmediate",
  "requestAnimationFrame",
  "requestIdleCallback",
]);
const DOM_GLOBALS = new Set([
  "window",
  "document",
  "navigator",
  "location",
  "history",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "alert",
  "confirm",
  "prompt",
  "customElements",
  "getComputedStyle",
  "matchMedia",
  "MutationObserver",
  "ResizeObserver",
  "IntersectionObserver",
  "Element",
  "Node",
  "DOMParser",
]);
const DOM_GLOBAL_PATTERN = /^(HTML|SVG)\w*Element$/;
/** Names under which the global object itself is reachable. */
const GLOBAL_OBJECTS = new Set(["globalThis", "window", "self"]);

/**
 * What is stored in the document through Office: settings, custom XML parts, bindings, the file
 * and its selection. (Office.context.document also carries events such as the theme change, which
 * the pane may watch.)
 */
const DOCUMENT_CONTENT =
  /^Office\.(Document\.(settings|customXmlParts|bindings|getFileAsync|getFilePropertiesAsync|getSelectedDataAsync|setSelectedDataAsync)|Settings|CustomXmlPart|Binding)/;

const OFFICE_DECLARATIONS = /node_modules\/@types\/(office-js|custom-functions-runtime|office-runtime)\//;

function relative(fileName: string): string {
  return path.relative(ROOT, fileName).split(path.sep).join("/");
}

function inAny(file: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p));
}

/** True when every declaration of the symbol is in a library declaration file (a global). */
function isLibrarySymbol(symbol: ts.Symbol | undefined): boolean {
  const declarations = symbol?.declarations ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getSourceFile().isDeclarationFile);
}

function isOfficeSymbol(symbol: ts.Symbol | undefined): boolean {
  return (symbol?.declarations ?? []).some((d) =>
    OFFICE_DECLARATIONS.test(d.getSourceFile().fileName.split(path.sep).join("/")),
  );
}

/** Identifiers that name something being declared, or a property key, rather than a reference. */
function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false; // checked below
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  return (
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    (ts.isPropertyDeclaration(parent) && parent.name === node) ||
    (ts.isPropertySignature(parent) && parent.name === node) ||
    (ts.isMethodDeclaration(parent) && parent.name === node) ||
    (ts.isMethodSignature(parent) && parent.name === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node) ||
    (ts.isVariableDeclaration(parent) && parent.name === node) ||
    (ts.isParameter(parent) && parent.name === node) ||
    (ts.isFunctionDeclaration(parent) && parent.name === node) ||
    (ts.isClassDeclaration(parent) && parent.name === node) ||
    (ts.isInterfaceDeclaration(parent) && parent.name === node) ||
    (ts.isTypeAliasDeclaration(parent) && parent.name === node) ||
    (ts.isEnumMember(parent) && parent.name === node) ||
    (ts.isImportSpecifier(parent) && parent.propertyName === node) ||
    (ts.isExportSpecifier(parent) && parent.propertyName === node) ||
    ts.isJsxAttribute(parent) ||
    ts.isLabeledStatement(parent)
  );
}

/** The Office namespace a symbol belongs to ("Excel", "Office", ...) and its qualified name. */
function officeName(checker: ts.TypeChecker, symbol: ts.Symbol): { root: string; name: string } {
  const name = checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, "");
  return { root: name.split(".")[0] ?? name, name };
}

/** `import type ...`, `export type ... from` or an import whose every name is a type: erased. */
function isTypeOnlyImport(specifier: ts.StringLiteralLike): boolean {
  const declaration = specifier.parent;
  if (ts.isImportDeclaration(declaration)) {
    const clause = declaration.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      clause.name === undefined &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((element) => element.isTypeOnly)
    );
  }
  if (ts.isExportDeclaration(declaration)) return declaration.isTypeOnly;
  return ts.isLiteralTypeNode(declaration); // import("...") in a type
}

function moduleSpecifiers(sourceFile: ts.SourceFile): ts.StringLiteralLike[] {
  const out: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if ((isImport || isRequire) && first && ts.isStringLiteralLike(first)) out.push(first);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteralLike(argument.literal))
        out.push(argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return out;
}

/** Checks one source file of the program against the rules. */
export function checkFile(
  program: ts.Program,
  sourceFile: ts.SourceFile,
  asPure = false,
  inProgress: Set<string> = new Set(),
): Violation[] {
  const checker = program.getTypeChecker();
  const file = relative(sourceFile.fileName);
  const pure = asPure || inAny(file, PURE_ROOMS);
  inProgress.add(file);
  const violations: Violation[] = [];
  const report = (node: ts.Node, rule: string): void => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    violations.push({ file, line: line + 1, rule, text: node.getText(sourceFile).slice(0, 80) });
  };

  for (const specifier of moduleSpecifiers(sourceFile)) {
    const name = specifier.text;
    if (name.startsWith(".")) {
      const target = relative(path.resolve(path.dirname(sourceFile.fileName), name));
      if (FORBIDDEN_IMPORT_DIRS.some((dir) => `${target}/`.startsWith(dir))) {
        report(specifier, `src imports ${target.split("/")[0]}/, which never ships`);
      } else if (
        pure &&
        !isTypeOnlyImport(specifier) &&
        !PURE_IMPORTS_ALLOWED_DIRS.some((d) => target.startsWith(d))
      ) {
        // A module of another room is fine for a pure room only if it is pure itself, all the way down.
        const resolved = ts.resolveModuleName(name, sourceFile.fileName, program.getCompilerOptions(), ts.sys)
          .resolvedModule?.resolvedFileName;
        const targetFile = resolved ? program.getSourceFile(resolved) : undefined;
        const targetName = targetFile ? relative(targetFile.fileName) : target;
        if (!targetFile) report(specifier, `a pure room imports ${targetName}, which cannot be resolved`);
        else if (!inProgress.has(targetName)) {
          const [first] = checkFile(program, targetFile, true, inProgress);
          if (first) {
            report(
              specifier,
              `a pure room imports ${targetName}, which is not pure (${first.file}:${first.line} ${first.rule})`,
            );
          }
        }
      }
      continue;
    }
    if (name === "@microsoft/office-js") report(specifier, "office.js is loaded by the host, not imported");
    else if (NETWORK_PACKAGES.test(name)) {
      const dialogAuth = file.startsWith("src/dialog/") && DIALOG_NETWORK_PACKAGES.test(name);
      if (!file.startsWith("src/api/") && !dialogAuth) report(specifier, "network package outside src/api");
    } else if (pure && !isTypeOnlyImport(specifier) && !PURE_IMPORTS_ALLOWED_PACKAGES.includes(name)) {
      report(specifier, `a pure room imports the package ${name}`);
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && !isDeclarationName(node)) checkIdentifier(node);
    ts.forEachChild(node, visit);
  };

  const checkIdentifier = (node: ts.Identifier): void => {
    const parent = node.parent;
    const isMemberName =
      (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
      (ts.isQualifiedName(parent) && parent.right === node);
    const symbol = checker.getSymbolAtLocation(node);
    if (!symbol) return;

    if (isOfficeSymbol(symbol)) {
      // Report a chain (Excel.run, range.values.length) once, at its first Office part.
      const owner = isMemberName ? parent : undefined;
      const ownerLeft = owner
        ? ts.isPropertyAccessExpression(owner)
          ? owner.expression
          : owner.left
        : undefined;
      const leftSymbol = ownerLeft
        ? checker.getSymbolAtLocation(ts.isPropertyAccessExpression(ownerLeft) ? ownerLeft.name : ownerLeft)
        : undefined;
      const leftIsOffice = ownerLeft !== undefined && isOfficeSymbol(leftSymbol);
      const { root, name } = officeName(checker, symbol);
      const isType = inTypePosition(node);
      if (root === "Excel" || root === "OfficeExtension") {
        if (!file.startsWith("src/workbook/") && !leftIsOffice) report(node, `${root} outside src/workbook`);
      } else if (DOCUMENT_CONTENT.test(name)) {
        if (!file.startsWith("src/workbook/"))
          report(node, "the document (Office.context.document) outside src/workbook");
      } else if (pure && !leftIsOffice) {
        report(node, `${root} in a pure room`);
      } else if (root === "Office" && !isType && !isMemberName && !inAny(file, OFFICE_VALUE_ALLOWED)) {
        report(node, "Office outside the rooms that reach the host");
      } else if (root === "OfficeRuntime" && !isType && !isMemberName && !file.startsWith("src/session/")) {
        report(node, "OfficeRuntime outside src/session");
      } else if (
        root === "CustomFunctions" &&
        !isType &&
        !isMemberName &&
        !file.startsWith("src/functions/")
      ) {
        report(node, "CustomFunctions outside src/functions");
      }
      return;
    }

    if (!isLibrarySymbol(symbol)) return;
    // A global reached as a member of the global object (globalThis.fetch) counts as the global;
    // any other member (response.headers, x.document) is not one.
    if (isMemberName) {
      if (!ts.isPropertyAccessExpression(parent)) return;
      const left = parent.expression;
      if (!ts.isIdentifier(left) || !GLOBAL_OBJECTS.has(left.text)) return;
      const leftSymbol = checker.getSymbolAtLocation(left);
      // globalThis is a symbol of the checker's own, without declarations.
      if (leftSymbol?.getName() !== "globalThis" && !isLibrarySymbol(leftSymbol)) return;
    }
    const name = node.text;
    if (NETWORK_GLOBALS.has(name) || (name === "navigator" && isSendBeacon(node))) {
      if (pure) report(node, "network in a pure room");
      else if (!file.startsWith("src/api/")) report(node, "network outside src/api");
      return;
    }
    if (!pure) return;
    if (CLOCK_GLOBALS.has(name) || (name === "Date" && readsTheClock(node)))
      report(node, "clock in a pure room");
    else if (DOM_GLOBALS.has(name) || DOM_GLOBAL_PATTERN.test(name)) report(node, "DOM in a pure room");
  };

  visit(sourceFile);
  return violations;
}

/** A name inside a type (Office.HostType in `host: Office.HostType | null`), not a value. */
function inTypePosition(node: ts.Identifier): boolean {
  let top: ts.Node = node;
  while (ts.isQualifiedName(top.parent)) top = top.parent;
  return ts.isPartOfTypeNode(top) || ts.isTypeReferenceNode(top.parent) || ts.isTypeQueryNode(top.parent);
}

function isSendBeacon(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ts.isPropertyAccessExpression(parent) && parent.expression === node && parent.name.text === "sendBeacon"
  );
}

/** Date.now(), new Date() and Date() read the clock; new Date(value) and instanceof Date do not. */
function readsTheClock(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) return parent.name.text === "now";
  if (ts.isNewExpression(parent) && parent.expression === node) return (parent.arguments ?? []).length === 0;
  if (ts.isCallExpression(parent) && parent.expression === node) return true;
  return false;
}

/** The program of every source file under src/, with the repository's compiler options. */
export function createSrcProgram(
  extraFiles: Record<string, string> = {},
  extraRoots: readonly string[] = [],
): ts.Program {
  const configPath = path.join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const extra = new Map(Object.entries(extraFiles).map(([name, text]) => [path.join(ROOT, name), text]));
  const srcFiles = parsed.fileNames.filter((f) => relative(f).startsWith("src/"));
  const host = ts.createCompilerHost(parsed.options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = extra.get(path.resolve(fileName));
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    return getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => extra.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => extra.get(path.resolve(fileName)) ?? readFile(fileName);
  return ts.createProgram({
    rootNames: [...srcFiles, ...extraRoots.map((f) => path.join(ROOT, f)), ...extra.keys()],
    options: { ...parsed.options, noEmit: true },
    host,
  });
}

export function checkFiles(program: ts.Program, files: readonly string[]): Violation[] {
  const wanted = new Set(files);
  return program
    .getSourceFiles()
    .filter((sf) => wanted.has(relative(sf.fileName)))
    .flatMap((sf) => checkFile(program, sf));
}

export function srcFiles(program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .map((sf) => relative(sf.fileName))
    .filter((f) => f.startsWith("src/"));
}

/**
 * Every Office API symbol the given files refer to, by qualified name ("Excel.Range.values",
 * "Excel.run", "OfficeExtension.ClientRequestContext.sync"), with the first place it is used.
 */
export function officeSymbolsUsed(program: ts.Program, files: readonly string[]): Map<string, string> {
  const checker = program.getTypeChecker();
  const wanted = new Set(files);
  const used = new Map<string, string>();
  for (const sourceFile of program.getSourceFiles()) {
    const file = relative(sourceFile.fileName);
    if (!wanted.has(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const symbol = checker.getSymbolAtLocation(node);
        if (symbol && isOfficeSymbol(symbol)) {
          const { name } = officeName(checker, symbol);
          if (!used.has(name)) {
            const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
            used.set(name, `${file}:${line + 1}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return used;
}
