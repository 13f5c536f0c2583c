/**
 * Shows the add-in's dialog pages in the browser and connects them to the emulated dialog API.
 *
 * How a dialog page reaches `Office.context.ui.messageParent` without office.js:
 * 1. The dialog opens in an iframe overlay (default) or a popup window on the add-in's origin.
 *    While it is open, the emulation watches the frame every few milliseconds and, as soon as a
 *    same-origin document is there (usually while office.js is still downloading), defines
 *    `window.Office` on it as the dialog-side emulation. The property ignores assignments and
 *    the object ignores writes, so the real office.js, if the page loads it, cannot replace it;
 *    if office.js got there first (a non-configurable `var Office`), the emulation assigns over
 *    it. Code that calls messageParent after an await (sign-in callbacks) therefore finds it.
 *    Chromium does not keep the Window of an iframe's initial about:blank document, so nothing
 *    can be put there before the page's first script runs.
 * 2. Deterministic alternative, for tests: serve DIALOG_SHIM_SCRIPT in place of office.js to the
 *    dialog page (e.g. Playwright `route.fulfill` for the CDN URL when the request's frame is
 *    not the workbench's main frame). The shim posts `{ type: DIALOG_MESSAGE_TYPE, message }` to
 *    the opener or parent window, which the emulation turns into DialogMessageReceived.
 */
import {
  AsyncResultStatus,
  EventType,
  HostType,
  PlatformType,
  type DialogOpener,
  type OpenDialogHandle,
} from "./office";

export const DIALOG_MESSAGE_TYPE = "office-emulation:messageParent";
export const DIALOG_CHILD_MESSAGE_TYPE = "office-emulation:messageChild";
const DEFAULT_DIALOG_PERCENT = 60;
const CLOSED_POLL_MS = 500;

/** A self-contained stand-in for office.js in a dialog page, speaking the postMessage protocol. */
export const DIALOG_SHIM_SCRIPT = `(function () {
  var info = { host: "Excel", platform: "OfficeOnline" };
  var target = window.opener || window.parent;
  var origin = location.origin && location.origin !== "null" ? location.origin : "*";
  var office = {
    HostType: { Excel: "Excel" }, PlatformType: { OfficeOnline: "OfficeOnline" },
    EventType: { DialogParentMessageReceived: "dialogParentMessageReceived" },
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    onReady: function (cb) { if (cb) cb(info); return Promise.resolve(info); },
    context: {
      host: "Excel", platform: "OfficeOnline",
      requirements: { isSetSupported: function () { return true; } },
      ui: {
        messageParent: function (message) {
          target.postMessage({ type: "${DIALOG_MESSAGE_TYPE}", message: String(message) }, origin);
        },
        addHandlerAsync: function (type, handler, a, b) {
          window.addEventListener("message", function (e) {
            if (e.data && e.data.type === "${DIALOG_CHILD_MESSAGE_TYPE}") handler({ type: type, message: e.data.message });
          });
          var cb = typeof a === "function" ? a : b;
          if (cb) cb({ status: "succeeded" });
        }
      }
    }
  };
  window.Office = office;
})();`;

const EMULATED_MARK = "__officeEmulationDialog";

/**
 * Wraps an object so that writes are ignored without an error, even from strict-mode code: the
 * real office.js, when a dialog page loads it, tries to extend `Office` and must not replace or
 * break the emulated members.
 */
function guard<T extends object>(target: T): T {
  return new Proxy(target, {
    set: () => true,
    defineProperty: () => true,
    deleteProperty: () => true,
    get: (obj, key) => (key === EMULATED_MARK ? true : Reflect.get(obj, key)),
  });
}

function isEmulated(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && (value as Record<string, unknown>)[EMULATED_MARK] === true
  );
}

/** The Office object a dialog page sees: onReady, messageParent, parent messages. */
export function createDialogOffice(handle: OpenDialogHandle, dialogWindow: Window): Record<string, unknown> {
  const info = { host: HostType.Excel, platform: PlatformType.OfficeOnline };
  const ui = guard({
    messageParent(message: unknown): void {
      handle.messageParent(String(message), dialogWindow.location.origin);
    },
    addHandlerAsync(
      type: string,
      handler: (arg: { type: string; message: string }) => void,
      a?: unknown,
      b?: unknown,
    ): void {
      if (type === EventType.DialogParentMessageReceived) {
        handle.onChildMessage((message) => handler({ type, message }));
      }
      const cb = typeof a === "function" ? a : b;
      if (typeof cb === "function")
        (cb as (r: { status: string }) => void)({ status: AsyncResultStatus.Succeeded });
    },
  });
  return guard({
    Promise,
    HostType,
    PlatformType,
    EventType,
    AsyncResultStatus,
    onReady(callback?: (i: typeof info) => void): Promise<typeof info> {
      callback?.(info);
      return Promise.resolve(info);
    },
    context: guard({
      host: HostType.Excel,
      platform: PlatformType.OfficeOnline,
      requirements: guard({ isSetSupported: () => true }),
      ui,
    }),
  });
}

const WATCH_INTERVAL_MS = 5;

function defineOffice(win: Window, office: Record<string, unknown>): void {
  try {
    Object.defineProperty(win, "Office", { configurable: true, get: () => office, set: () => undefined });
  } catch {
    try {
      // office.js declared `var Office` first: not configurable, but writable.
      (win as unknown as { Office: unknown }).Office = office;
    } catch {
      // A cross-origin page (e.g. the sign-in server): it cannot call messageParent anyway.
    }
  }
}

function sameOrigin(win: Window): boolean {
  try {
    return win.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

export type DialogMode = "iframe" | "window";

export function createBrowserDialogOpener(doc: Document, mode: DialogMode = "iframe"): DialogOpener {
  const host = doc.defaultView;
  if (!host) throw new Error("The dialog opener needs a document with a window.");
  return {
    open(handle: OpenDialogHandle) {
      const widthPercent = handle.options.width ?? DEFAULT_DIALOG_PERCENT;
      const heightPercent = handle.options.height ?? DEFAULT_DIALOG_PERCENT;
      let dialogWindow: Window | null = null;
      // An iframe's contentWindow changes with each navigation: compare with the live one.
      let currentWindow = (): Window | null => dialogWindow;
      const install = (win: Window): void => {
        try {
          if (!sameOrigin(win) || isEmulated((win as unknown as { Office?: unknown }).Office)) return;
        } catch {
          return;
        }
        defineOffice(win, createDialogOffice(handle, win));
        // A new page of the add-in's origin in the dialog: Office's HTTPS rule applies (12003).
        // Pages of other origins cannot be seen from here.
        handle.navigate(win.location.href);
      };
      const onMessage = (event: MessageEvent): void => {
        const data: unknown = event.data;
        if (event.source !== currentWindow() || typeof data !== "object" || data === null) return;
        const record = data as { type?: unknown; message?: unknown };
        if (record.type === DIALOG_MESSAGE_TYPE) handle.messageParent(String(record.message), event.origin);
      };
      host.addEventListener("message", onMessage);
      handle.onChildMessage((message) => {
        currentWindow()?.postMessage({ type: DIALOG_CHILD_MESSAGE_TYPE, message }, host.location.origin);
      });

      if (mode === "window") {
        const width = Math.round((host.screen.availWidth * widthPercent) / 100);
        const height = Math.round((host.screen.availHeight * heightPercent) / 100);
        dialogWindow = host.open("", "office-emulation-dialog", `popup,width=${width},height=${height}`);
        if (!dialogWindow) {
          host.removeEventListener("message", onMessage);
          queueMicrotask(() => handle.closeByUser());
          return { close: () => undefined };
        }
        dialogWindow.location.href = handle.url;
        const popup = dialogWindow;
        const watch = host.setInterval(() => install(popup), WATCH_INTERVAL_MS);
        const timer = host.setInterval(() => {
          if (popup.closed) {
            host.clearInterval(watch);
            host.clearInterval(timer);
            host.removeEventListener("message", onMessage);
            handle.closeByUser();
          }
        }, CLOSED_POLL_MS);
        return {
          close: () => {
            host.clearInterval(timer);
            host.clearInterval(watch);
            host.removeEventListener("message", onMessage);
            popup.close();
          },
        };
      }

      const backdrop = doc.createElement("div");
      backdrop.className = "oe-dialog-backdrop";
      backdrop.setAttribute(
        "style",
        "position:fixed;inset:0;background:rgba(0,0,0,.35);z-index:10000;display:flex;align-items:center;justify-content:center",
      );
      const panel = doc.createElement("div");
      panel.className = "oe-dialog";
      panel.setAttribute("role", "dialog");
      panel.setAttribute(
        "style",
        `width:${widthPercent}%;height:${heightPercent}%;min-width:320px;min-height:240px;background:#fff;` +
          "box-shadow:0 8px 32px rgba(0,0,0,.3);display:flex;flex-direction:column;border-radius:4px;overflow:hidden",
      );
      const bar = doc.createElement("div");
      bar.setAttribute(
        "style",
        "display:flex;align-items:center;justify-content:space-between;padding:6px 10px;background:#f3f2f1;" +
          "font:12px 'Segoe UI',system-ui,sans-serif;color:#323130;border-bottom:1px solid #e1dfdd",
      );
      const title = doc.createElement("span");
      title.textContent = new URL(handle.url).host;
      const closeButton = doc.createElement("button");
      closeButton.type = "button";
      closeButton.textContent = "\u2715";
      closeButton.setAttribute("aria-label", "Close dialog");
      closeButton.className = "oe-dialog-close";
      closeButton.setAttribute(
        "style",
        "border:none;background:none;font-size:14px;cursor:pointer;padding:2px 6px",
      );
      closeButton.addEventListener("click", () => handle.closeByUser());
      bar.append(title, closeButton);
      const frame = doc.createElement("iframe");
      frame.name = "office-emulation-dialog";
      frame.className = "oe-dialog-frame";
      frame.setAttribute("style", "flex:1;border:none;width:100%");
      panel.append(bar, frame);
      backdrop.append(panel);
      doc.body.append(backdrop);
      currentWindow = () => frame.contentWindow;
      panel.setAttribute("aria-modal", "true");
      panel.setAttribute("aria-label", title.textContent ?? "Dialog");
      // As Office's dialog: it takes the keyboard when it opens, and Escape closes it like its X
      // (12006), in the frame bar and inside the page alike (the page is on the add-in's origin).
      const onEscape = (event: KeyboardEvent): void => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        handle.closeByUser();
      };
      panel.addEventListener("keydown", onEscape);
      frame.addEventListener("load", () => {
        frame.focus();
        try {
          if (frame.contentWindow && sameOrigin(frame.contentWindow)) {
            frame.contentWindow.addEventListener("keydown", onEscape);
          }
        } catch {
          // another origin (the platform's sign-in page): Escape works from the frame bar
        }
      });
      frame.src = handle.url;
      closeButton.focus();
      const watch = host.setInterval(() => {
        const win = frame.contentWindow;
        if (win) install(win);
      }, WATCH_INTERVAL_MS);
      return {
        close: () => {
          host.clearInterval(watch);
          host.removeEventListener("message", onMessage);
          backdrop.remove();
        },
      };
    },
  };
}
