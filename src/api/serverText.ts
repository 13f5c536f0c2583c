// What a server said, made fit to show: the one function every server text passes before a user
// can read it (an ApiError's sentence and details, a cell's message, an import job's error). A
// server may answer with a 2 MB stack trace, or echo the request's Authorization header back; the
// user gets a bounded, redacted excerpt, never the whole body and never a credential.
//
// Redaction is the logger's (src/log): the values the session registered (tokens, the client
// secret, passwords), JWT-shaped strings, Bearer headers and secret-named form fields.

import { redact } from "../log/logger";

/** What a sentence keeps of a server's words (a pane message, a cell's #N/A message). */
export const MAIN_TEXT_CHARS = 300;
/** What the "Details" a user can copy keep at most, in UTF-8 bytes (4 KB). */
export const DETAILS_BYTES = 4096;
/**
 * Only this much more than the excerpt is redacted, so a 2 MB body costs no 2 MB regular
 * expressions; a credential starting inside the excerpt ends inside the margin (a JWT is a few KB).
 */
const REDACTION_MARGIN_CHARS = 16_384;
const ELLIPSIS = "…";

/** Control characters other than tab and line breaks: an answer's binary noise. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function utf8Bytes(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** The text cut to `limit` (code points, or UTF-8 bytes), an ellipsis included when it was cut. */
function cut(text: string, limit: number, unit: "chars" | "bytes"): string {
  const size = (cp: number) => (unit === "bytes" ? utf8Bytes(cp) : 1);
  let total = 0;
  for (const ch of text) total += size(ch.codePointAt(0) ?? 0);
  if (total <= limit) return text;
  const room = limit - (unit === "bytes" ? utf8Bytes(ELLIPSIS.codePointAt(0) ?? 0) : 1);
  let used = 0;
  let end = 0;
  // By code point, so a surrogate pair is never split.
  for (const ch of text) {
    const n = size(ch.codePointAt(0) ?? 0);
    if (used + n > room) break;
    used += n;
    end += ch.length;
  }
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

function redactedPrefix(text: string, keep: number): string {
  return redact(
    text.length > keep + REDACTION_MARGIN_CHARS ? text.slice(0, keep + REDACTION_MARGIN_CHARS) : text,
  );
}

/**
 * A server's words for a sentence: redacted, on one line (line breaks and runs of spaces become
 * one space), at most MAIN_TEXT_CHARS characters, "…" where it was cut.
 */
export function mainText(text: string): string {
  const oneLine = redactedPrefix(text, MAIN_TEXT_CHARS).replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  return cut(oneLine, MAIN_TEXT_CHARS, "chars");
}

/**
 * A server's words for the Details a user can copy: redacted, line breaks kept, at most 4 KB (or
 * `bytes`, when the Details hold more than these words).
 */
export function detailsText(text: string, bytes: number = DETAILS_BYTES): string {
  const clean = redactedPrefix(text, bytes).replace(CONTROL, " ").replace(/\r\n?/g, "\n").trim();
  return cut(clean, bytes, "bytes");
}
