/**
 * The Office namespace of the emulation: onReady, document settings kept in the in-memory
 * workbook, requirement sets, the dialog API, ribbon actions and the add-in visibility API.
 */
import type { WorkbookModel } from "./model";

export const HostType = {
  Word: "Word",
  Excel: "Excel",
  PowerPoint: "PowerPoint",
  Outlook: "Outlook",
  OneNote: "OneNote",
  Project: "Project",
  Access: "Access",
} as const;

export const PlatformType = {
  PC: "PC",
  OfficeOnline: "OfficeOnline",
  Mac: "Mac",
  iOS: "iOS",
  Android: "Android",
  Universal: "Universal",
} as const;

export const EventType = {
  DialogMessageReceived: "dialogMessageReceived",
  DialogEventReceived: "dialogEventReceived",
  DialogParentMessageReceived: "dialogParentMessageReceived",
  SettingsChanged: "settingsChanged",
  DocumentSelectionChanged: "documentSelectionChanged",
  OfficeThemeChanged: "officeThemeChanged",
} as const;

/** Office's theme colours (Office.context.officeTheme) of the light and the dark Office theme. */
const OFFICE_THEMES = {
  light: {
    bodyBackgroundColor: "#FFFFFF",
    bodyForegroundColor: "#242424",
    controlBackgroundColor: "#FFFFFF",
    controlForegroundColor: "#242424",
    isDarkTheme: false,
    themeId: "White",
  },
  dark: {
    bodyBackgroundColor: "#292929",
    bodyForegroundColor: "#FFFFFF",
    controlBackgroundColor: "#1F1F1F",
    controlForegroundColor: "#FFFFFF",
    isDarkTheme: true,
    themeId: "Black",
  },
} as const;

export type OfficeThemeName = keyof typeof OFFICE_THEMES;

/**
 * What the host shows the add-in of itself: the display language and the Office theme. The theme
 * can change while the add-in runs (the user picks another Office theme); handlers registered with
 * Office.context.document.addHandlerAsync(OfficeThemeChanged) hear it.
 */
export class OfficeAppearance {
  private readonly themeHandlers = new Set<(args: { type: string }) => void>();
  constructor(
    public displayLanguage = "en-US",
    private themeName: OfficeThemeName = "light",
  ) {}

  get officeTheme() {
    return { ...OFFICE_THEMES[this.themeName] };
  }

  get theme(): OfficeThemeName {
    return this.themeName;
  }

  setTheme(name: OfficeThemeName): void {
    if (name === this.themeName) return;
    this.themeName = name;
    for (const handler of this.themeHandlers) handler({ type: EventType.OfficeThemeChanged });
  }

  addThemeHandler(handler: (args: { type: string }) => void): void {
    this.themeHandlers.add(handler);
  }
}

export const AsyncResultStatus = { Succeeded: "succeeded", Failed: "failed" } as const;

/**
 * The newest ExcelApi @types/office-js describes: Excel on the web is always the newest Excel
 * (Office versions and requirement sets). A member above the emulated host's version is refused
 * as Excel refuses it (api-sets.ts).
 */
export const NEWEST_EXCEL_API = "1.21";
/**
 * The ExcelApi version the manifests declare (deploy/manifest-source.cjs): the oldest Excel the
 * add-in runs in. The workbench suite runs here too (`?excelApi=1.10`, WORKBENCH_EXCEL_API).
 */
export const DECLARED_EXCEL_API = "1.10";

/** Requirement sets Excel on the web supports for this add-in by default. */
export const DEFAULT_REQUIREMENTS: Readonly<Record<string, string>> = {
  ExcelApi: NEWEST_EXCEL_API,
  SharedRuntime: "1.1",
  DialogApi: "1.2",
  DialogOrigin: "1.1",
  CustomFunctionsRuntime: "1.3",
  RibbonApi: "1.1",
  IdentityAPI: "1.3",
};

/** Dialog API error codes and the messages Office gives with them. */
export const DialogErrors = {
  invalidUrl: {
    code: 12002,
    message: "The URL passed to displayDialogAsync could not be loaded or is malformed.",
  },
  /**
   * The dialog's page went on to a page over plain HTTP: DialogEventReceived, the window left open
   * on Office's error ("Handle errors and events in the Office dialog box"; office.js
   * L_DialogRequireHTTPS).
   */
  navigatedToHttp: {
    code: 12003,
    message: "The dialog box was directed to a URL with the HTTP protocol. HTTPS is required.",
  },
  /**
   * The URL's domain is neither the add-in's (its source location, protocol and port included)
   * nor among the manifest's AppDomains: displayDialogAsync fails (the same article; office.js
   * L_DialogAddressNotTrusted).
   */
  untrustedDomain: {
    code: 12004,
    message:
      "The domain of the URL passed to displayDialogAsync isn't trusted. The domain must be the same domain as the host page (including protocol and port number).",
  },
  httpsRequired: {
    code: 12005,
    message: "The URL passed to displayDialogAsync uses the HTTP protocol. HTTPS is required.",
  },
  closedByUser: {
    code: 12006,
    message: "The dialog box was closed, usually because the user chose the X button.",
  },
  alreadyOpen: {
    code: 12007,
    message:
      "A dialog box is already opened from this host window. A host window, such as a task pane, can only have one dialog box open at a time.",
  },
  /** office.js ooeEndUserIgnore: the user chose Ignore in Office's "wants to display a new window" prompt. */
  userIgnored: {
    code: 12009,
    name: "Display Dialog Error",
    message: "The user chose to ignore the dialog box.",
  },
  /** office.js ooeCrossZone: window.open gave no window (a pop-up blocker; a security zone). */
  popupBlocked: {
    code: 12011,
    name: "Display Dialog Error",
    message:
      "Browser restrictions prevented us from creating the dialog box. The domain of dialog box and the domain of the add-in host are not in the same security zone.",
  },
} as const;

/**
 * How the browser and the user treat a dialog opened as a window in Excel on the web ("Handle
 * errors and events in the Office dialog box"; office.js excel-web-16.00 Dialog): `ignore-prompt`,
 * the user chooses Ignore in Office's "wants to display a new window" prompt (shown unless
 * promptBeforeOpen is false): 12009; `block-popups`, the browser gives no window (a pop-up blocker,
 * Safari set to block pop-ups, another security zone): 12011. Neither applies to a dialog shown in
 * an iframe (displayInIframe) nor in desktop Excel, where the dialog is not a browser window.
 */
export type DialogBlocking = "none" | "ignore-prompt" | "block-popups";

export interface AsyncResultError {
  code: number;
  name: string;
  message: string;
}

export interface AsyncResult<T> {
  status: "succeeded" | "failed";
  value: T;
  error: AsyncResultError | undefined;
  asyncContext: unknown;
}

function succeeded<T>(value: T, asyncContext?: unknown): AsyncResult<T> {
  return { status: "succeeded", value, error: undefined, asyncContext };
}

function failed<T>(
  error: { code: number; message: string; name?: string },
  value: T,
  asyncContext?: unknown,
): AsyncResult<T> {
  return { status: "failed", value, error: { name: "Error", ...error }, asyncContext };
}

type AsyncCallback<T> = (result: AsyncResult<T>) => void;

/** Office's `(options?, callback?)` argument pattern. */
function splitOptions<T>(
  a: unknown,
  b: unknown,
): { options: Record<string, unknown>; callback: AsyncCallback<T> | undefined } {
  if (typeof a === "function") return { options: {}, callback: a as AsyncCallback<T> };
  const options = a !== null && typeof a === "object" ? (a as Record<string, unknown>) : {};
  return { options, callback: typeof b === "function" ? (b as AsyncCallback<T>) : undefined };
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export class EmulatedRequirements {
  readonly sets: Map<string, string>;

  constructor(initial: Readonly<Record<string, string>> = DEFAULT_REQUIREMENTS) {
    this.sets = new Map(Object.entries(initial).map(([k, v]) => [k.toLowerCase(), v]));
  }

  isSetSupported(name: string, minVersion?: string | number): boolean {
    const version = this.sets.get(String(name).toLowerCase());
    if (version === undefined) return false;
    if (minVersion === undefined || minVersion === "") return true;
    return compareVersions(version, String(minVersion)) >= 0;
  }

  /** Changes what a test or the workbench claims to support (undefined removes the set). */
  set(name: string, version: string | undefined): void {
    if (version === undefined) this.sets.delete(name.toLowerCase());
    else this.sets.set(name.toLowerCase(), version);
  }
}

/**
 * The authors who have the document open, each with the add-in's own settings object. A model of
 * co-authoring, not Excel's implementation: Microsoft documents the outcome (each instance works
 * on "an in-memory copy of the settings loaded from the document at the time the user opened it";
 * saveAsync persists "all of that user's settings to the document"; Settings.refreshAsync) but not
 * how two saves combine. Here a save writes, key by key, every setting of the saving author's copy
 * and removes the keys that author removed; keys the author does not hold are left as they are.
 * So two authors writing the same key overwrite each other's whole value (last save wins), and an
 * author who saves without refreshAsync writes back the stale values of keys someone else changed.
 */
export class DocumentAuthors {
  readonly authors: EmulatedSettings[] = [];

  constructor(
    readonly model: WorkbookModel,
    /** settingsChanged fires "only in Excel on the web in coauthoring scenarios" (Office.Settings). */
    readonly raisesSettingsChanged: boolean,
  ) {}

  /** Settings as saved into the open document, parsed. */
  document(): Map<string, unknown> {
    return new Map([...this.model.documentSettings].map(([k, v]) => [k, JSON.parse(v) as unknown]));
  }
}

/**
 * Office.context.document.settings: an in-memory copy that the add-in changes with set/remove,
 * written into the open document (WorkbookModel.documentSettings, as JSON) by saveAsync. The
 * document reaches the file only when the workbook is saved ("the changes to the document file
 * itself are saved only when the user (or AutoRecover setting) saves the document to the file
 * system", Office.Settings.saveAsync): see OfficeEmulation.saveWorkbook.
 */
export class EmulatedSettings {
  private values = new Map<string, unknown>();
  /** Keys this author removed since the copy was loaded (their removal is saved). */
  private readonly removed = new Set<string>();
  private readonly handlers: Array<(event: { type: string; settings: EmulatedSettings }) => void> = [];

  private readonly session: DocumentAuthors;

  /** A WorkbookModel alone gives a document with this one author. */
  constructor(document: DocumentAuthors | WorkbookModel) {
    this.session = document instanceof DocumentAuthors ? document : new DocumentAuthors(document, false);
    this.session.authors.push(this);
    this.reload();
  }

  private reload(): void {
    this.values = this.session.document();
    this.removed.clear();
  }

  get(name: string): unknown {
    return this.values.has(name) ? structuredClone(this.values.get(name)) : null;
  }

  set(name: string, value: unknown): void {
    // Settings are stored as JSON in the document: refuse what JSON cannot carry.
    JSON.stringify(value);
    this.values.set(name, structuredClone(value));
    this.removed.delete(name);
  }

  remove(name: string): void {
    this.values.delete(name);
    this.removed.add(name);
  }

  saveAsync(a?: unknown, b?: unknown): void {
    const { options, callback } = splitOptions<void>(a, b);
    const model = this.session.model;
    const refusal = model.settingsSaveRefusal;
    if (refusal !== null) {
      queueMicrotask(() =>
        callback?.(failed({ code: 5001, message: refusal }, undefined, options["asyncContext"])),
      );
      return;
    }
    const document = model.documentSettings;
    const next = new Map(document);
    for (const [k, v] of this.values) next.set(k, JSON.stringify(v));
    for (const k of this.removed) next.delete(k);
    const bytes = new TextEncoder().encode(
      `{${[...next].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`,
    ).length;
    if (bytes > model.settingsLimitBytes) {
      queueMicrotask(() =>
        callback?.(
          failed(
            { code: 4001, name: "Save Settings Error", message: "The settings could not be saved." },
            undefined,
            options["asyncContext"],
          ),
        ),
      );
      return;
    }
    for (const [k, v] of this.values) document.set(k, JSON.stringify(v));
    for (const k of this.removed) document.delete(k);
    this.removed.clear();
    model.notifyChanged();
    queueMicrotask(() => {
      callback?.(succeeded(undefined, options["asyncContext"]));
      if (!this.session.raisesSettingsChanged) return;
      for (const other of this.session.authors) if (other !== this) other.raiseSettingsChanged();
    });
  }

  private raiseSettingsChanged(): void {
    for (const handler of this.handlers) handler({ type: EventType.SettingsChanged, settings: this });
  }

  refreshAsync(callback?: AsyncCallback<EmulatedSettings>): void {
    this.reload();
    queueMicrotask(() => callback?.(succeeded(this)));
  }

  addHandlerAsync(
    eventType: string,
    handler: (event: { type: string; settings: EmulatedSettings }) => void,
    a?: unknown,
    b?: unknown,
  ): void {
    const { callback } = splitOptions<void>(a, b);
    if (eventType === EventType.SettingsChanged) this.handlers.push(handler);
    queueMicrotask(() => callback?.(succeeded(undefined)));
  }
}

// ---------------------------------------------------------------------------------------------
// Dialogs

export interface DialogOptions {
  height?: number;
  width?: number;
  displayInIframe?: boolean;
  promptBeforeOpen?: boolean;
  asyncContext?: unknown;
}

/** What the dialog page side can do: message the task pane, or be closed by the user. */
export interface OpenDialogHandle {
  readonly url: string;
  readonly options: DialogOptions;
  /** The dialog page called Office.context.ui.messageParent(message). */
  messageParent(message: string, origin?: string): void;
  /** The user closed the dialog with its X button: the add-in gets DialogEventReceived 12006. */
  closeByUser(): void;
  /** Messages the add-in sent with dialog.messageChild, for a dialog page to receive. */
  onChildMessage(listener: (message: string) => void): void;
  /**
   * The dialog's window went on to `url` (a link, a redirect of the sign-in server): a page over
   * plain HTTP gives the add-in DialogEventReceived 12003, unless HTTP on localhost is allowed.
   */
  navigate(url: string): void;
}

/** Where the add-in is, for displayDialogAsync's domain check (12004). */
export interface AddinDomains {
  /** The add-in's origin (its source location), protocol and port included. */
  origin: string;
  /** The manifest's AppDomains: other origins a dialog may start on. */
  appDomains?: readonly string[];
}

/** Shows a dialog page somewhere (an iframe overlay or a window in the browser; nowhere in Node). */
export interface DialogOpener {
  open(handle: OpenDialogHandle): { close(): void };
}

type DialogHandler = (arg: { type: string; message?: string; origin?: string; error?: number }) => void;

export class DialogController {
  current: OpenDialogHandle | undefined;
  readonly history: Array<{ url: string; options: DialogOptions }> = [];
  private readonly openListeners = new Set<(handle: OpenDialogHandle) => void>();

  /** What the browser and the user do with a dialog window (Excel on the web only). */
  blocking: DialogBlocking = "none";

  constructor(
    public opener: DialogOpener | undefined,
    private readonly allowHttpLocalhost: boolean,
    private readonly web = true,
    /** The add-in's domains; undefined: no domain check (tests that do not say where the add-in is). */
    private readonly domains?: AddinDomains,
  ) {}

  /** HTTPS, or HTTP on localhost where allowed. */
  private secure(url: URL): boolean {
    const localhost = url.hostname === "localhost" || url.hostname === "127.0.0.1";
    return url.protocol === "https:" || (url.protocol === "http:" && localhost && this.allowHttpLocalhost);
  }

  /** The add-in's own origin, a subdomain of it, or one of the manifest's AppDomains. */
  private trusted(url: URL): boolean {
    if (!this.domains) return true;
    const own = new URL(this.domains.origin);
    if (url.origin === own.origin) return true;
    if (url.protocol === own.protocol && url.port === own.port && url.hostname.endsWith(`.${own.hostname}`)) {
      return true;
    }
    return (this.domains.appDomains ?? []).some((domain) => {
      try {
        return new URL(domain).origin === url.origin;
      } catch {
        return false;
      }
    });
  }

  /** Tests: be told when the add-in opens a dialog. */
  onOpen(listener: (handle: OpenDialogHandle) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  displayDialogAsync(url: string, a?: unknown, b?: unknown): void {
    const { options, callback } = splitOptions<EmulatedDialog | undefined>(a, b);
    const asyncContext = options["asyncContext"];
    const fail = (error: { code: number; message: string }): void =>
      queueMicrotask(() => callback?.(failed(error, undefined, asyncContext)));
    if (this.current) return fail(DialogErrors.alreadyOpen);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return fail(DialogErrors.invalidUrl);
    }
    if (!this.secure(parsed)) return fail(DialogErrors.httpsRequired);
    if (!this.trusted(parsed)) return fail(DialogErrors.untrustedDomain);
    if (this.web && options["displayInIframe"] !== true) {
      if (this.blocking === "ignore-prompt" && options["promptBeforeOpen"] !== false) {
        return fail(DialogErrors.userIgnored);
      }
      if (this.blocking === "block-popups") return fail(DialogErrors.popupBlocked);
    }
    const handlers = new Map<string, DialogHandler[]>();
    const childListeners: Array<(message: string) => void> = [];
    const emit = (type: string, arg: Parameters<DialogHandler>[0]): void => {
      for (const handler of handlers.get(type) ?? []) handler(arg);
    };
    let shown: { close(): void } | undefined;
    const handle: OpenDialogHandle = {
      url,
      options: options,
      messageParent: (message: string, origin?: string): void => {
        if (this.current !== handle) return;
        emit(EventType.DialogMessageReceived, {
          type: EventType.DialogMessageReceived,
          message: String(message),
          origin: origin ?? parsed.origin,
        });
      },
      closeByUser: (): void => {
        if (this.current !== handle) return;
        this.current = undefined;
        shown?.close();
        emit(EventType.DialogEventReceived, {
          type: EventType.DialogEventReceived,
          error: DialogErrors.closedByUser.code,
        });
      },
      onChildMessage: (listener: (message: string) => void): void => {
        childListeners.push(listener);
      },
      navigate: (to: string): void => {
        if (this.current !== handle) return;
        let next: URL;
        try {
          next = new URL(to, url);
        } catch {
          return;
        }
        if (next.protocol === "http:" && !this.secure(next)) {
          emit(EventType.DialogEventReceived, {
            type: EventType.DialogEventReceived,
            error: DialogErrors.navigatedToHttp.code,
          });
        }
      },
    };
    const dialog: EmulatedDialog = {
      addEventHandler(eventType: string, handler: DialogHandler): void {
        const list = handlers.get(eventType) ?? [];
        list.push(handler);
        handlers.set(eventType, list);
      },
      close: (): void => {
        if (this.current === handle) this.current = undefined;
        shown?.close();
      },
      messageChild(message: string): void {
        for (const listener of childListeners) listener(message);
      },
      sendMessage(message: string): void {
        for (const listener of childListeners) listener(message);
      },
    };
    this.current = handle;
    this.history.push({ url, options: options });
    queueMicrotask(() => {
      callback?.(succeeded(dialog, asyncContext));
      shown = this.opener?.open(handle);
      for (const listener of this.openListeners) listener(handle);
    });
  }
}

export interface EmulatedDialog {
  addEventHandler(eventType: string, handler: DialogHandler): void;
  close(): void;
  messageChild(message: string, options?: unknown): void;
  sendMessage(message: string): void;
}

// ---------------------------------------------------------------------------------------------
// Ribbon actions and task pane visibility

export interface ActionEvent {
  source: { id: string };
  completed(options?: unknown): void;
}

export class ActionRegistry {
  private readonly actions = new Map<string, (event: ActionEvent) => unknown>();
  private readonly listeners = new Set<() => void>();

  associate(name: string, fn: (event: ActionEvent) => unknown): void {
    this.actions.set(name, fn);
    for (const listener of this.listeners) listener();
  }

  names(): string[] {
    return [...this.actions.keys()];
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Runs an action as a ribbon button would; resolves when the action calls event.completed(). */
  invoke(name: string): Promise<void> {
    const fn = this.actions.get(name);
    if (!fn) return Promise.reject(new Error(`No action is associated with "${name}".`));
    return new Promise<void>((resolve, reject) => {
      try {
        const returned = fn({ source: { id: name }, completed: () => resolve() });
        if (returned && typeof (returned as Promise<unknown>).catch === "function") {
          (returned as Promise<unknown>).catch(reject);
        }
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}

export class AddinVisibility {
  visible = true;
  startupBehavior: "none" | "load" = "none";
  private readonly handlers = new Set<(args: { visibilityMode: string }) => void>();

  setVisible(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    for (const handler of this.handlers) handler({ visibilityMode: visible ? "Taskpane" : "Hidden" });
  }

  namespace(): Record<string, unknown> {
    return {
      showAsTaskpane: () => Promise.resolve(this.setVisible(true)),
      hide: () => Promise.resolve(this.setVisible(false)),
      onVisibilityModeChanged: (handler: (args: { visibilityMode: string }) => void) => {
        this.handlers.add(handler);
        return Promise.resolve(() => Promise.resolve(void this.handlers.delete(handler)));
      },
      setStartupBehavior: (behavior: "none" | "load") => {
        this.startupBehavior = behavior;
        return Promise.resolve();
      },
      getStartupBehavior: () => Promise.resolve(this.startupBehavior),
    };
  }
}

export interface OfficeNamespaceParts {
  settings: EmulatedSettings;
  requirements: EmulatedRequirements;
  dialogs: DialogController;
  actions: ActionRegistry;
  addin: AddinVisibility;
  platform: string;
  appearance?: OfficeAppearance;
  /** Office.context.document.url (default DEFAULT_DOCUMENT_URL). */
  documentUrl?: string;
}

/** Where the emulated workbook is, as Office.context.document.url gives it, unless told otherwise. */
export const DEFAULT_DOCUMENT_URL = "https://localhost/Book1.xlsx";

/** The Office global as the add-in's task pane, commands and functions see it. */
export function createOfficeNamespace(parts: OfficeNamespaceParts): Record<string, unknown> {
  const info = { host: HostType.Excel, platform: parts.platform };
  const appearance = parts.appearance ?? new OfficeAppearance();
  const office: Record<string, unknown> = {
    HostType,
    PlatformType,
    EventType,
    AsyncResultStatus,
    onReady(callback?: (i: typeof info) => void): Promise<typeof info> {
      return Promise.resolve().then(() => {
        callback?.(info);
        return info;
      });
    },
    context: {
      host: HostType.Excel,
      platform: parts.platform,
      get displayLanguage() {
        return appearance.displayLanguage;
      },
      contentLanguage: "en-US",
      get officeTheme() {
        return appearance.officeTheme;
      },
      diagnostics: { host: HostType.Excel, platform: parts.platform, version: "16.0.0.0" },
      document: {
        settings: parts.settings,
        mode: "readWrite",
        url: parts.documentUrl ?? DEFAULT_DOCUMENT_URL,
        addHandlerAsync: (
          type: string,
          handler: (args: { type: string }) => void,
          a?: unknown,
          b?: unknown,
        ) => {
          const { callback } = splitOptions<void>(a, b);
          if (type === EventType.OfficeThemeChanged) appearance.addThemeHandler(handler);
          queueMicrotask(() => callback?.(succeeded(undefined)));
        },
      },
      requirements: {
        isSetSupported: (name: string, v?: string) => parts.requirements.isSetSupported(name, v),
      },
      ui: {
        displayDialogAsync: (url: string, a?: unknown, b?: unknown) =>
          parts.dialogs.displayDialogAsync(url, a, b),
        messageParent: (): void => {
          throw new Error("Office.context.ui.messageParent is only available in a dialog page.");
        },
        addHandlerAsync: (_type: string, _handler: unknown, a?: unknown, b?: unknown): void => {
          const { callback } = splitOptions<void>(a, b);
          queueMicrotask(() => callback?.(succeeded(undefined)));
        },
      },
    },
    actions: {
      associate: (name: string, fn: (event: ActionEvent) => unknown) => parts.actions.associate(name, fn),
    },
    addin: parts.addin.namespace(),
  };
  // Office calls Office.initialize once it is ready; the emulation is ready at once, so an
  // initialize the add-in assigns later runs right after the assignment.
  let initialize: unknown;
  Object.defineProperty(office, "initialize", {
    enumerable: true,
    get: () => initialize,
    set: (fn: unknown) => {
      initialize = fn;
      if (typeof fn === "function") queueMicrotask(() => (fn as (reason: string) => void)("inserted"));
    },
  });
  return office;
}
