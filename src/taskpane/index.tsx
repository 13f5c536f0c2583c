// Entry of the task pane chunk. It waits for Office so the screens can use the Excel API from
// their first render, then mounts the shell into #app (the workbench page has #app too). The
// session is the runtime's one instance, shared with the custom functions. Outside Office (a
// browser tab, or office.js missing) it shows one sentence of how to open the add-in instead.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { loadLanguage, setLanguage, type Language } from "../i18n";
import { createLogger } from "../log/logger";
import { getSession } from "../session";
import { App, OutsideOffice } from "./App";
import { ErrorBoundary, reportUnexpected, StartFailure, watchUnhandled } from "./ErrorBoundary";
import type { ThemeName } from "./components";
import { FeatureTabs } from "./features";
import {
  effectiveLanguage,
  loadLanguageChoice,
  officeDisplayLanguage,
  officeThemeName,
  watchOfficeTheme,
} from "./preferences";
import { SessionArea } from "./session";
import { installStyles } from "./styles";

const MOUNT_ELEMENT_ID = "app";
/** Office.HostType.Excel; compared as text so the shell does not need the enum at runtime. */
const EXCEL_HOST = "Excel";
const DEV_WORKBENCH_PATH = "/workbench.html";
const log = createLogger("pane");

function Pane({ office }: { office: typeof Office }) {
  const [theme, setTheme] = useState<ThemeName>(officeThemeName(office));
  useEffect(() => watchOfficeTheme(office, setTheme), [office]);
  return (
    <App theme={theme}>
      <ErrorBoundary>
        <SessionArea session={getSession()}>
          <FeatureTabs />
        </SessionArea>
      </ErrorBoundary>
    </App>
  );
}

/** Outside Office there is no Office theme: follow the browser's light or dark preference. */
function browserTheme(): ThemeName {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

/**
 * Sets the pane's language once its messages are here: the first screen's scripts carry English,
 * another language is a chunk of its own (src/i18n/languages.ts), awaited so the first render is
 * not English first. If it cannot be loaded, the pane starts in English and says why in the log.
 */
async function applyLanguage(language: Language): Promise<void> {
  try {
    await loadLanguage(language);
    setLanguage(language);
  } catch (error) {
    log.warn(`the ${language} messages could not be loaded; the pane is in English`, error);
    setLanguage("en");
  }
}

/** The workbench address when the page comes from the local development server. */
function workbenchUrl(): string | undefined {
  const { hostname, origin } = location;
  return hostname === "localhost" || hostname === "127.0.0.1" ? `${origin}${DEV_WORKBENCH_PATH}` : undefined;
}

async function start(): Promise<void> {
  const mount = document.getElementById(MOUNT_ELEMENT_ID);
  if (!mount) {
    throw new Error(`The task pane page has no element with id "${MOUNT_ELEMENT_ID}" to render into.`);
  }
  installStyles(document);
  const office = typeof Office === "undefined" ? undefined : Office;
  if (!office || typeof office.onReady !== "function") {
    await applyLanguage(effectiveLanguage(loadLanguageChoice(), null));
    render(<OutsideOffice theme={browserTheme()} workbenchUrl={workbenchUrl()} />, mount);
    return;
  }
  const info = await office.onReady();
  await applyLanguage(effectiveLanguage(loadLanguageChoice(), officeDisplayLanguage(office)));
  if (info.host === null || String(info.host) !== EXCEL_HOST) {
    render(<OutsideOffice theme={browserTheme()} workbenchUrl={workbenchUrl()} />, mount);
    return;
  }
  render(<Pane office={office} />, mount);
}

/** Start failed: log it and say so in the pane (into #app, or the page body if #app is missing). */
function showStartFailure(error: unknown): void {
  reportUnexpected(error, "start");
  const mount = document.getElementById(MOUNT_ELEMENT_ID) ?? document.body;
  installStyles(document);
  render(<StartFailure theme="light" />, mount);
}

watchUnhandled(window);
void start().catch(showStartFailure);
