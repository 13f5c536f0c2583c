/**
 * The rooms of the add-in (docs/architecture.md), checked on the TypeScript program itself: every
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
 * - src/catalog, src/boq and src/import/model (an inner room, below) are pure: none of the above,
 *   no DOM (window, document, navigator, storage, elements...), no clock (Date.now, new Date(),
 *   Date(), performance, timers). Their value imports: the pure rooms, src/i18n, the package zod,
 *   and modules of other rooms only when those are pure too, all the way down (src/api's schemas
 *   and error types are; its HTTP client is not). Type-only imports are erased and free.
 * - Nothing in src imports dev/, emulator/, test/ or the office.js package.
 *
 * The rooms among themselves (checked by checkRooms below):
 * - Every room stands on a floor of FLOORS; a room missing from the table fails, so a new room is
 *   placed on purpose. A room imports only rooms on lower floors: an import of a room on a higher
 *   floor or on its own floor fails. Type-only imports count too: a type imported from above ties
 *   the lower room to the shape of the higher one just as a value does, and the way out never
 *   needs a copy of the type (declare it in the lower room, which the higher one then fulfils).
 * - An import of another room goes through its door: its index.ts where the room has one, else
 *   the one file DOORS names (src/functions is entered by functions.ts, the functions' entry, and
 *   by nothing else: its error boundary, header words and bodies are its own). The deliberate
 *   deep entries are src/i18n's message files loaded apart (DEEP_ENTRIES). Files of one room import each other freely,
 *   but for its inner rooms (below). (src/taskpane/index.tsx is the pane's start-up script, not an
 *   index: no room imports the top floor anyway.)
 * - The pane renders and wires: src/taskpane imports no value of src/workbook but the effects it
 *   hands to the journeys (PANE_WORKBOOK_VALUES: the Excel runner, the document settings, the
 *   document's address, the selection event its popovers follow). Reading or writing the
 *   workbook is a journey's (src/boqsheet, src/import), which the pane calls through its props.
 * - A room may be split into inner rooms, its subfolders, standing on inner floors (INNER_FLOORS:
 *   src/import's model/ on 0, store/ and words/ on 1, jobs/ on 2); the files directly in the room
 *   stand on the floor above its highest inner room (src/import's pipeline.ts and index.ts on 3).
 *   An inner room imports only inner rooms of lower inner floors: an import of an inner room on
 *   its own inner floor or above, or of a file directly in the room, fails, type-only ones too;
 *   its own files import each other freely. A subfolder missing from the table fails, like a room
 *   missing from FLOORS. Other rooms still import the room through its index.ts only.
 * - No sentence in a pure room: a string of three or more words in src/catalog, src/boq or
 *   src/import/model fails outside comments and the arguments of Error constructors
 *   (`new Error(...)`, `new CatalogBlockedError(...)`, `super(...)` in a class derived from
 *   Error). A template literal counts by its literal text: `Row ${n} has no price` has four
 *   words, its placeholders none. Words a user reads come from src/i18n.
 * - No words below the pane: src/api, src/workbook and src/session import no value from src/i18n
 *   but LANGUAGES (the language codes), so they call no t() and word nothing. Their errors and
 *   states carry what is to be said as data (src/i18n's Said: a message key and values; a value is
 *   a Said of its own or text shown as it is, the platform's and Excel's words always the latter),
 *   and the edge words it (errorText, errorDetails, say: the pane, the functions' error boundary,
 *   the import journey). Types (MessageKey, Said) are free.
 * - dev/office-emulation imports nothing from src/: it is the oracle the add-in is tested against,
 *   so it implements what it emulates (column letters, sheet limits) on its own.
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
  /** Which rule between the rooms (checkRooms); absent for a room's own rules (checkFile). */
  kind?: RoomRule;
}

/** The rules between the rooms: placement on a floor, direction, index, sentences, the emulation. */
export type RoomRule = "room" | "floor" | "index" | "pane" | "sentence" | "words" | "emulation";

const PURE_ROOMS = ["src/catalog/", "src/boq/", "src/import/model/"];
/** Checked on their own as pure rooms; src/i18n is the message catalog (data and formatting). */
const PURE_IMPORTS_ALLOWED_DIRS = [...PURE_ROOMS, "src/i18n/"];
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

/**
 * The floors of src/, lowest first: a room imports rooms of lower floors only. Adding a room means
 * adding it here, on the floor above the highest room it imports (and below every room that will
 * import it); rooms on one floor do not import each other.
 */
export const FLOORS: readonly (readonly string[])[] = [
  // 0: the pure engine, the message catalog, the log: they import no other room.
  ["catalog", "i18n", "log"],
  // 1: the platform's services as typed clients (HTTP, schemas, errors).
  ["api"],
  // 2: the BOQ as pure data; the sign-in page.
  ["boq", "dialog"],
  // 3: the only code that touches Excel; the signed-in state of the runtime (it opens the dialog).
  ["workbook", "session"],
  // 4: the import journey; the BOQ data path (request layer, cache, name resolution over the session).
  ["import", "boqdata"],
  // 5: the custom functions and the BOQ sheet journey, both over the BOQ data path.
  ["functions", "boqsheet"],
  // 6: the screens and the ribbon commands.
  ["taskpane", "commands"],
];

/**
 * The inner floors of the rooms split into inner rooms (their subfolders), lowest first: an inner
 * room imports inner rooms of lower inner floors only; the files directly in the room stand on the
 * floor above its highest inner room. Adding an inner room means adding it here, like a room.
 */
export const INNER_FLOORS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  import: [
    // 0: the journey as plain data and its pure transitions, the predictions, the records the
    // history keeps, the log as tables (pure: PURE_ROOMS).
    ["model"],
    // 1: where the journey keeps things (document settings, notes outside the workbook, the
    // baselines' store); problems, reasons and the log in words.
    ["store", "words"],
    // 2: the effects, one file per job, over the shared journey.
    ["jobs"],
    // 3: the files directly in src/import: the pipeline the pane holds and index.ts, the door.
  ],
};

/**
 * The door of a room without an index.ts, where other rooms may enter it at all: src/functions is
 * its custom functions' entry (webpack's and custom-functions-metadata's), so no room reaches into
 * its boundary, headers or bodies.
 */
const DOORS: Readonly<Record<string, string>> = { functions: "src/functions/functions.ts" };
/** The pane: screens, components and the runtime's wiring. */
const PANE_DIR = "src/taskpane/";
/** The values of src/workbook the pane may import: the effects it wires into the journeys. */
const PANE_WORKBOOK_VALUES: ReadonlySet<string> = new Set([
  "runExcel",
  "documentSettings",
  "documentUrl",
  "onSelectionChanged",
]);
/**
 * Deliberate entries past a room's index.ts: i18n/deferred (and deferredSetup, deferredBoq) add
 * the screens' messages when loaded; i18n/languages, every language at once for the sign-in page.
 */
const DEEP_ENTRIES = [
  "src/i18n/deferred.ts",
  "src/i18n/deferredSetup.ts",
  "src/i18n/deferredBoq.ts",
  "src/i18n/languages.ts",
];
/** Rooms whose strings are checked for sentences (the pure rooms). */
const WORDLESS_ROOMS = PURE_ROOMS;
const SENTENCE_WORDS = 3;
/** Rooms below the pane that carry what is to be said as keys and values and word nothing. */
const KEYED_ROOMS = ["src/api/", "src/workbook/", "src/session/"];
/** The values of src/i18n a keyed room may import: the language codes, which are no words. */
const KEYED_I18N_VALUES: ReadonlySet<string> = new Set(["LANGUAGES"]);
/** Code that imports nothing from src/ (see the rules above). */
const EMULATION_DIR = "dev/office-emulation/";

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

/** A path relative to the repository root, with forward slashes. */
export function relative(fileName: string): string {
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
export function isTypeOnlyImport(specifier: ts.StringLiteralLike): boolean {
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

/** Every module a file names: imports, exports from, import() and require() calls, import types. */
export function moduleSpecifiers(sourceFile: ts.SourceFile): ts.StringLiteralLike[] {
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

const FLOOR_OF = new Map(FLOORS.flatMap((rooms, floor) => rooms.map((room) => [room, floor] as const)));

/** The room of a path under src/ ("src/api/http.ts" → "api"); undefined for a file directly in src/. */
function roomOf(file: string): string | undefined {
  const parts = file.split("/");
  return parts[0] === "src" && parts.length > 2 ? parts[1] : undefined;
}

/** The inner room of a path under a room ("src/import/model/state" → "model"); "" directly in the room. */
function innerRoomOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 3 ? (parts[2] as string) : "";
}

/**
 * An inner room's floor in its room's row of INNER_FLOORS ("": the files directly in the room, on
 * the floor above its inner rooms); undefined for an inner room missing from the row.
 */
function innerFloorOf(floors: readonly (readonly string[])[], innerRoom: string): number | undefined {
  if (innerRoom === "") return floors.length;
  const floor = floors.findIndex((rooms) => rooms.includes(innerRoom));
  return floor < 0 ? undefined : floor;
}

/** Checks one source file (src/ or dev/office-emulation/) against the rules between the rooms. */
export function checkRooms(program: ts.Program, sourceFile: ts.SourceFile): Violation[] {
  const file = relative(sourceFile.fileName);
  const violations: Violation[] = [];
  const report = (node: ts.Node, rule: string, kind: RoomRule): void => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    violations.push({ file, line: line + 1, rule, text: node.getText(sourceFile).slice(0, 80), kind });
  };
  const known = new Set(program.getSourceFiles().map((sf) => relative(sf.fileName)));

  if (file.startsWith(EMULATION_DIR)) {
    for (const specifier of moduleSpecifiers(sourceFile)) {
      if (!specifier.text.startsWith(".")) continue;
      const target = relative(path.resolve(path.dirname(sourceFile.fileName), specifier.text));
      if (`${target}/`.startsWith("src/")) {
        report(
          specifier,
          "dev/office-emulation imports src/, so it is no independent check of it",
          "emulation",
        );
      }
    }
    return violations;
  }

  const room = roomOf(file);
  const floor = room === undefined ? undefined : FLOOR_OF.get(room);
  if (floor === undefined) {
    const rule =
      room === undefined
        ? "a file directly in src/, outside every room"
        : `the room src/${room} is not on a floor (FLOORS in test/architecture/rooms.ts)`;
    violations.push({ file, line: 1, rule, text: file, kind: "room" });
    return violations;
  }
  const innerFloors = INNER_FLOORS[room ?? ""];
  const innerRoom = innerRoomOf(file);
  const innerFloor = innerFloors === undefined ? undefined : innerFloorOf(innerFloors, innerRoom);
  const innerName = (name: string): string =>
    name === "" ? `the files directly in src/${room}` : `src/${room}/${name}`;
  if (innerFloors !== undefined && innerFloor === undefined) {
    const rule = `the inner room ${innerName(innerRoom)} is not on an inner floor (INNER_FLOORS in test/architecture/rooms.ts)`;
    violations.push({ file, line: 1, rule, text: file, kind: "room" });
  }

  for (const specifier of moduleSpecifiers(sourceFile)) {
    if (!specifier.text.startsWith(".")) continue;
    const target = relative(path.resolve(path.dirname(sourceFile.fileName), specifier.text));
    const targetRoom = roomOf(`${target}/`);
    const kind = isTypeOnlyImport(specifier) ? "a type-only import" : "an import";
    if (targetRoom === room && innerFloors !== undefined && innerFloor !== undefined) {
      // Between the inner rooms of one room: lower inner floors only, the own inner room freely.
      const targetInner = innerRoomOf(target);
      const targetFloor = innerFloorOf(innerFloors, targetInner);
      const name = innerName(targetInner);
      if (targetInner === innerRoom) continue;
      if (targetFloor === undefined) {
        report(specifier, `${kind} of ${name}, which is not on an inner floor`, "room");
      } else if (targetFloor > innerFloor) {
        report(
          specifier,
          `${kind} of ${name} (inner floor ${targetFloor}) from inner floor ${innerFloor}: upward`,
          "floor",
        );
      } else if (targetFloor === innerFloor) {
        report(
          specifier,
          `${kind} of ${name} from ${innerName(innerRoom)}, inner rooms on the same inner floor ${innerFloor}`,
          "floor",
        );
      }
      continue;
    }
    if (targetRoom === undefined || targetRoom === room) continue;
    const targetFloor = FLOOR_OF.get(targetRoom);
    if (targetFloor === undefined) {
      report(specifier, `${kind} of src/${targetRoom}, which is not on a floor`, "room");
    } else if (targetFloor > floor) {
      report(
        specifier,
        `${kind} of src/${targetRoom} (floor ${targetFloor}) from floor ${floor}: upward`,
        "floor",
      );
    } else if (targetFloor === floor) {
      report(
        specifier,
        `${kind} of src/${targetRoom} from src/${room}, a room on the same floor ${floor}`,
        "floor",
      );
    }
    if (targetRoom === "workbook" && file.startsWith(PANE_DIR)) {
      for (const name of valuesImported(specifier)) {
        if (!PANE_WORKBOOK_VALUES.has(name)) {
          report(
            specifier,
            `${name} of src/workbook in src/taskpane, which renders and wires: Excel calls live in the journeys`,
            "pane",
          );
        }
      }
    }
    if (targetRoom === "i18n" && inAny(file, KEYED_ROOMS)) {
      for (const name of valuesImported(specifier)) {
        if (!KEYED_I18N_VALUES.has(name)) {
          report(
            specifier,
            `${name} of src/i18n in src/${room}, which carries keys and values: the edge words them`,
            "words",
          );
        }
      }
    }
    const index = `src/${targetRoom}/index.ts`;
    const entry = target.replace(/\/index$/, "");
    const door = DOORS[targetRoom];
    if (
      known.has(index) &&
      entry !== `src/${targetRoom}` &&
      !DEEP_ENTRIES.some((deep) => deep.replace(/\.ts$/, "") === entry)
    ) {
      report(specifier, `${kind} past the index.ts of src/${targetRoom}`, "index");
    } else if (door !== undefined && entry !== door.replace(/\.ts$/, "")) {
      report(specifier, `${kind} past the one door of src/${targetRoom}, ${path.basename(door)}`, "index");
    }
  }

  if (inAny(file, WORDLESS_ROOMS)) {
    const checker = program.getTypeChecker();
    const visit = (node: ts.Node): void => {
      if (isErrorConstruction(checker, node)) return;
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)
      ) {
        const text = ts.isTemplateExpression(node)
          ? // A placeholder is a value, not a word, and it does not split what surrounds it.
            [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("\u0000")
          : node.text;
        if (wordCount(text) >= SENTENCE_WORDS)
          report(node, "a sentence in a pure room (words come from src/i18n)", "sentence");
        if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return violations;
}

/**
 * The values an import of a room brings in, by the name they have there: none for a type-only
 * import; "*" for a namespace, "default", or the module itself for a side effect or import().
 */
function valuesImported(specifier: ts.StringLiteralLike): string[] {
  if (isTypeOnlyImport(specifier)) return [];
  const declaration = specifier.parent;
  if (ts.isImportDeclaration(declaration)) {
    const clause = declaration.importClause;
    if (!clause) return [`the module ${specifier.text}`];
    const names: string[] = clause.name ? ["default"] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
    else if (bindings) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
      }
    }
    return names;
  }
  if (ts.isExportDeclaration(declaration)) {
    const clause = declaration.exportClause;
    if (!clause || !ts.isNamedExports(clause)) return ["*"];
    return clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);
  }
  return [`the module ${specifier.text}`];
}

/**
 * Blank-separated pieces with a letter in them: "a formula divides by zero" has five, a regular
 * expression's source such as "[^\\p{L}\\p{N}]" one.
 */
function wordCount(text: string): number {
  return text.split(/\s+/u).filter((piece) => /\p{L}/u.test(piece)).length;
}

/** `new X(...)` or `super(...)` whose X (or class) is Error or derives from it: its arguments are free. */
function isErrorConstruction(checker: ts.TypeChecker, node: ts.Node): boolean {
  if (ts.isNewExpression(node)) return derivesFromError(checker, checker.getTypeAtLocation(node));
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
    const owner = ts.findAncestor(node, ts.isClassLike);
    return owner !== undefined && derivesFromError(checker, checker.getTypeAtLocation(owner));
  }
  return false;
}

function derivesFromError(checker: ts.TypeChecker, type: ts.Type, depth = 0): boolean {
  const symbol = type.getSymbol();
  if (symbol?.getName() === "Error" && isLibrarySymbol(symbol)) return true;
  if (depth > 10) return false;
  const target =
    type.flags & ts.TypeFlags.Object && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference
      ? (type as ts.TypeReference).target
      : type;
  if (!target.isClassOrInterface()) return false;
  return (checker.getBaseTypes(target) ?? []).some((base) => derivesFromError(checker, base, depth + 1));
}

/** The program of every source file under src/ and dev/office-emulation/, with the repository's compiler options. */
export function createSrcProgram(
  extraFiles: Record<string, string> = {},
  extraRoots: readonly string[] = [],
): ts.Program {
  const configPath = path.join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const extra = new Map(Object.entries(extraFiles).map(([name, text]) => [path.join(ROOT, name), text]));
  const srcFiles = parsed.fileNames.filter((f) => inAny(relative(f), ["src/", EMULATION_DIR]));
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

/** Every rule: a room's own (checkFile) and those between the rooms (checkRooms). */
export function checkFiles(program: ts.Program, files: readonly string[]): Violation[] {
  const wanted = new Set(files);
  return program
    .getSourceFiles()
    .filter((sf) => wanted.has(relative(sf.fileName)))
    .flatMap((sf) => [
      ...(relative(sf.fileName).startsWith("src/") ? checkFile(program, sf) : []),
      ...checkRooms(program, sf),
    ]);
}

/** The files of dev/office-emulation in the program. */
export function emulationFiles(program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .map((sf) => relative(sf.fileName))
    .filter((f) => f.startsWith(EMULATION_DIR));
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
