// Reading a GUID written in any of the usual ways.

import { cleanText } from "./cells";
import { GUID_PATTERN } from "./guid";

const UUID_HEX = /^[0-9a-f]{32}$/;
const URN_PREFIX = "urn:uuid:";

/**
 * Canonical lower-case 8-4-4-4-12 form of a GUID written in any usual way: with or without
 * dashes, braces or parentheses, a "urn:uuid:" prefix, any case. Null if it is not a GUID.
 */
export function normaliseGuid(text: string): string | null {
  if (GUID_PATTERN.test(text)) return text;
  let s = cleanText(text).toLowerCase();
  if (s.startsWith(URN_PREFIX)) s = s.slice(URN_PREFIX.length);
  if ((s.startsWith("{") && s.endsWith("}")) || (s.startsWith("(") && s.endsWith(")"))) s = s.slice(1, -1);
  const hex = GUID_PATTERN.test(s) ? s.replace(/-/g, "") : s;
  if (!UUID_HEX.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
