// The pane's one import pipeline, over the runtime's session, Excel.run and the workbook's
// document settings. Built here, outside the components, so the screens only render its state
// and send it events. Kept above the tabs: switching tabs or closing a screen loses nothing.
import { ImportPipeline, yieldToPage } from "../../import";
import { createLogger } from "../../log/logger";
import { getSession, hostStores, indexedDbStore, type Session } from "../../session";
import { documentSettings, documentUrl, runExcel } from "../../workbook";

const log = createLogger("import");
let pipeline: ImportPipeline | null = null;
/** The IndexedDB database of the import's baselines (src/import/store/baselines.ts). */
const BASELINE_DB = "boq-bridge-import";

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function whenSignedIn(session: Session) {
  return (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (session.isSignedIn()) return resolve();
      const stop = session.subscribe((s) => {
        if (s.status === "signed-in") {
          stop();
          resolve();
        }
      });
      signal.addEventListener(
        "abort",
        () => {
          stop();
          reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
        },
        { once: true },
      );
    });
}

export function getImportPipeline(): ImportPipeline {
  if (pipeline) return pipeline;
  const session = getSession();
  pipeline = new ImportPipeline({
    excel: runExcel,
    api: session.api,
    listProjects: (companyId) => session.api.listProjects(companyId),
    settings: documentSettings(),
    // The running job noted outside the workbook too (OfficeRuntime.storage where the host has it).
    keep: hostStores().settings,
    // What each import sent and got back, for the next preview's prediction: IndexedDB, since a
    // baseline of 300k positions fits neither the document settings nor OfficeRuntime.storage.
    baselines: indexedDbStore(BASELINE_DB, "baselines") ?? undefined,
    documentUrl,
    now: Date.now,
    // The check and the preview's build run in slices of about 10 ms: the pane never freezes.
    pause: yieldToPage,
    sliceClock: () => performance.now(),
    sleep,
    // The lease on an import being sent is renewed on this timer while the pane is open.
    every: (ms, tick) => {
      const timer = setInterval(() => void tick(), ms);
      return () => clearInterval(timer);
    },
    whenSignedIn: whenSignedIn(session),
    userName: () => {
      const s = session.getState();
      return s.status === "signed-in" ? s.user.displayName : "";
    },
    onError: (message, error) => log.warn(message, error),
  });
  // The pane closes (the page goes): the import it was sending is let go, so another window of the
  // workbook may offer it at once (where the storage writes in time; else its lease lapses).
  const closing = pipeline;
  addEventListener("pagehide", () => void closing.dispose(), { once: true });
  return pipeline;
}
