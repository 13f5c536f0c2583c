// An answer's body read within bounds, before anything parses it (issue 40): every endpoint states
// how large its answer may be (ANSWER_BYTES; the import log's from the rows that were sent), the
// bytes are counted while the stream is read and the reading stops past the cap, the nesting of
// arrays and objects is counted on the same bytes (no recursion: a status nested 200,000 deep
// never reaches a parser or a schema), and JSON.parse drops the keys that would reach an object's
// prototype. What does not fit becomes the one ApiError of the HTTP layer, never a RangeError.

import { isUnsafeKey } from "./schemas/shape";

/** One mebibyte. */
const MB = 1024 * 1024;

/**
 * The most an answer may hold, in bytes, per kind of endpoint: each well above what the platform's
 * largest real answer of that kind would be, each far below what would end an Office webview
 * (a string of a few hundred MB).
 */
export const ANSWER_BYTES = {
  /** An answer no other line names: a token, the sign-in server's configuration (a few KB). */
  other: 1 * MB,
  /** The import POST's answer: a job id. */
  job: 64 * 1024,
  /** An import status: a few fields and the job's error. */
  status: 1 * MB,
  /** The user's companies: a few hundred bytes each. */
  companies: 4 * MB,
  /** The projects of a company (folders of model references), a model with its versions, analyses. */
  list: 32 * MB,
  /** One page of a BOQ: a server that does not page sends about 200,000 rows within it. */
  boqPage: 128 * MB,
  /** A refusal's body: the platform's error (validation errors of a large import), a proxy's page. */
  error: 4 * MB,
} as const;

/**
 * The import log: its fixed part (a deletion takes a subtree with it: about 200,000 deleted rows
 * fit) and what each row sent adds (an updated row says each field before and after, names
 * escaped as \uXXXX by .NET: 6 bytes a letter).
 */
export const LOG_BASE_BYTES = 64 * MB;
export const LOG_ROW_BYTES = 4 * 1024;
/** Rows a log is sized for when the rows sent are not known: a whole worksheet. */
export const WORKSHEET_ROWS = 1_048_576;

/** The cap of an import log, from the rows sent (positions and deletions); a whole sheet when not known. */
export function importLogBytes(rowsSent?: number): number {
  const rows = rowsSent === undefined || !Number.isFinite(rowsSent) ? WORKSHEET_ROWS : Math.max(0, rowsSent);
  return LOG_BASE_BYTES + Math.ceil(rows) * LOG_ROW_BYTES;
}

/**
 * Arrays and objects nested deeper than this make an answer invalid. The platform's deepest shape,
 * a project's folders, nests two levels a folder: 128 folders deep fit.
 */
export const MAX_JSON_DEPTH = 256;

export type BodyRead =
  | { text: string; refused?: undefined }
  /** The body was larger than its cap, or nested deeper than MAX_JSON_DEPTH: not read further. */
  | { text: ""; refused: "size" | "depth" };

/** Counts the nesting of JSON on its UTF-8 bytes (a quote or bracket byte is never inside a multibyte letter). */
class DepthCount {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limit: number) {}

  /** False once the bytes so far nest deeper than the limit. */
  add(bytes: Uint8Array): boolean {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c) this.escaped = true;
        else if (b === 0x22) this.inString = false;
      } else if (b === 0x22) {
        this.inString = true;
      } else if (b === 0x7b || b === 0x5b) {
        if (++this.depth > this.limit) return false;
      } else if (b === 0x7d || b === 0x5d) {
        this.depth--;
      }
    }
    return true;
  }
}

async function stop(body: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array> | null) {
  try {
    await body?.cancel();
  } catch {
    // Already closed or errored: nothing more will be read either way.
  }
}

/**
 * The body as text (UTF-8), read a chunk at a time: refused past `maxBytes` (a Content-Length
 * above it is refused before reading) or past MAX_JSON_DEPTH of nesting, the rest left unread.
 */
export async function readBody(response: Response, maxBytes: number): Promise<BodyRead> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await stop(response.body);
    return { text: "", refused: "size" };
  }
  if (response.body === null) return { text: "" };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const depth = new DepthCount(MAX_JSON_DEPTH);
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    const refused = bytes > maxBytes ? "size" : depth.add(value) ? null : "depth";
    if (refused !== null) {
      await stop(reader);
      return { text: "", refused };
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join("") };
}

function safeKeys(key: string, value: unknown): unknown {
  return isUnsafeKey(key) ? undefined : value;
}

/**
 * JSON.parse without the keys `__proto__`, `constructor` and `prototype` (at any depth). The
 * reviver, slower on large answers, runs only where such a key may be: the text names one, or
 * escapes a letter (`\u`) that could spell one.
 */
export function parseJson(text: string): unknown {
  const risky =
    text.includes("__proto__") ||
    text.includes("constructor") ||
    text.includes("prototype") ||
    text.includes("\\u");
  return risky ? JSON.parse(text, safeKeys) : JSON.parse(text);
}
