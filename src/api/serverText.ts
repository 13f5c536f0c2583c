// What a server said, made fit to show: the one policy every server text passes before a user can
// read it or a cell keeps it (an ApiError's sentence and details, validation errors, an OAuth
// error's description, an import job's error, the Reasons of an import log). A server may answer
// with a 2 MB stack trace, echo the request's Authorization header or cookies back, or hide text
// behind bidirectional controls; the user gets a bounded, redacted, visible excerpt, never the
// whole body and never a credential.
//
// Redaction is the logger's (src/log): the values the session registered (tokens, the client
// secret, passwords), JWT-shaped strings, Bearer and Basic credentials, secret-named fields of
// forms, query strings and JSON texts (token, secret, password, code…), Cookie and Set-Cookie
// headers and cookies named like a session or a sign-in.
//
// What is not the server's own words is not this policy's: the user's data the platform echoes
// (a log row's Code, Name, Unit) is written as it is, as text.

import { redact } from "../log/logger";

/** What a sentence keeps of a server's words (a pane message, a cell's #N/A message). */
export const MAIN_TEXT_CHARS = 300;
/** What a worksheet cell keeps of a server's words (an ignored row's Reason in a log sheet). */
export const CELL_TEXT_CHARS = 1000;
/** What the "Details" a user can copy keep at most, in UTF-8 bytes (4 KB). */
export const DETAILS_BYTES = 4096;
/**
 * Only this much more than the excerpt is redacted, so a 2 MB body costs no 2 MB regular
 * expressions; a credential starting inside the excerpt ends inside the margin (a JWT is a few KB).
 */
const REDACTION_MARGIN_CHARS = 16_384;
const ELLIPSIS = "…";
/**
 * Where an invisible control character was: the replacement character, seen in every font, so
 * text that a right-to-left override would show reversed, or a zero-width space would hide in,
 * shows where it was tampered with.
 */
export const INVISIBLE_MARK = "\ufffd";

/**
 * Control and format characters a reader cannot see, other than tab and line breaks: C0 and C1
 * controls (an answer's binary noise), the bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069), zero-width and invisible characters (U+200B, U+2060–U+2064,
 * U+206A–U+206F, U+FEFF, U+180E, U+FFF9–U+FFFB) and the tag characters (U+E0000–U+E007F). The
 * joiners U+200C and U+200D stay: Persian, Indic scripts and emoji need them.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/** The text with every invisible control shown as INVISIBLE_MARK. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, INVISIBLE_MARK);
}

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

/** A long text's start, invisible controls marked, then redacted (a mark may not hide a token). */
function fitPrefix(text: string, keep: number): string {
  return redact(
    visible(
      text.length > keep + REDACTION_MARGIN_CHARS ? text.slice(0, keep + REDACTION_MARGIN_CHARS) : text,
    ),
  );
}

/** A server's words on one line, redacted and marked, at most `chars` characters, "…" where cut. */
function oneLine(text: string, chars: number): string {
  return cut(fitPrefix(text, chars).replace(/\s+/g, " ").trim(), chars, "chars");
}

/**
 * A server's words for a sentence: redacted, on one line (line breaks and runs of spaces become
 * one space), at most MAIN_TEXT_CHARS characters, "…" where it was cut.
 */
export function mainText(text: string): string {
  return oneLine(text, MAIN_TEXT_CHARS);
}

/** A server's words for a worksheet cell: as mainText, at most CELL_TEXT_CHARS characters. */
export function cellText(text: string): string {
  return oneLine(text, CELL_TEXT_CHARS);
}

/**
 * A server's words for the Details a user can copy: redacted, line breaks kept, at most 4 KB (or
 * `bytes`, when the Details hold more than these words).
 */
export function detailsText(text: string, bytes: number = DETAILS_BYTES): string {
  const clean = fitPrefix(text.replace(/\r\n?|[\u2028\u2029]/g, "\n"), bytes).trim();
  return cut(clean, bytes, "bytes");
}
