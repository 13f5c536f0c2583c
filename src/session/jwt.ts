// Reads the claims of an access token without verifying it: the signature is the server's job,
// and the add-in only uses the claims for display (user name, company) and the expiry.

import { accessTokenClaimsSchema, type AccessTokenClaims } from "../api/schemas";

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT, or an empty object when the token is opaque or unreadable. */
export function decodeClaims(token: string): AccessTokenClaims {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return {};
  try {
    const parsed = accessTokenClaimsSchema.safeParse(JSON.parse(base64UrlDecode(parts[1])));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
