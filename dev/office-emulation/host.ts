/**
 * Which Excel the emulation stands for: Excel on the web or a desktop Excel (Windows, Mac). Some
 * sharp edges differ by host, and only those are switchable here: a stricter behaviour is never
 * made optional merely to keep a test green.
 */
import { DEFAULT_PAYLOAD_LIMIT_BYTES } from "./proxy";

export type HostKind = "web" | "desktop";

/**
 * When Excel never shows a custom function's result. The custom-functions runtime of office.js
 * (CustomFunctionProxy in excel-web-16.00.debug.js, the same code in excel-win32/mac) sends the
 * results of a batch in one request; a request refused for its size is sent again in slices of at
 * most `_maxResultSize` = 2,000,000 characters, measured as `JSON.stringify([id, true, value])
 * .length + 1`. A single result longer than a slice never fits one: it is retried whole until it
 * expires, and its cell keeps showing #BUSY! with no error anywhere.
 */
export interface CustomFunctionResultLimit {
  /**
   * Results measuring this many characters or more (the runtime's measure above) stay #BUSY!.
   * Excel on the web: 2,000,000, the runtime's slice size. office-js issue 2222 reports a result of
   * 20 columns x ~5,000 rows of GUIDs (~3.9 million characters) stuck on #BUSY! on the web while
   * 1,000 rows (~0.8 million) came back; 2786 and 6841 report the same symptom. Microsoft does
   * not publish the exact edge (6841: "depends on machine configs, workbook size"): the slice size
   * is the one figure the runtime itself states.
   */
  sliceCharacters?: number;
  /**
   * Results whose request (UTF-8 JSON) is larger than this stay #BUSY!. Microsoft states a 5 MB
   * payload limit for custom functions (office-js issue 4654); what Excel shows past it is not
   * documented: 4654's reporter describes workbooks "calculating forever", so the emulation keeps
   * #BUSY!, as for the web.
   */
  requestBytes?: number;
}

export interface HostProfile {
  kind: HostKind;
  /** Office.context.platform. */
  platform: "OfficeOnline" | "PC";
  /**
   * Largest request or response of one `context.sync()`: "Excel on the web has a payload size
   * limit for requests and responses of 5MB" (Office docs, Resource limits and performance
   * optimization). No such limit is documented for desktop Excel.
   */
  payloadLimitBytes: number;
  resultLimit: Required<CustomFunctionResultLimit>;
}

const NO_LIMIT = Number.POSITIVE_INFINITY;
/** office.js CustomFunctionProxy._maxResultSize. */
export const RUNTIME_RESULT_SLICE_CHARACTERS = 2_000_000;

export function hostProfile(kind: HostKind, limit?: CustomFunctionResultLimit): HostProfile {
  const web = kind === "web";
  return {
    kind,
    platform: web ? "OfficeOnline" : "PC",
    payloadLimitBytes: web ? DEFAULT_PAYLOAD_LIMIT_BYTES : NO_LIMIT,
    resultLimit: {
      sliceCharacters: limit?.sliceCharacters ?? (web ? RUNTIME_RESULT_SLICE_CHARACTERS : NO_LIMIT),
      requestBytes: limit?.requestBytes ?? DEFAULT_PAYLOAD_LIMIT_BYTES,
    },
  };
}
