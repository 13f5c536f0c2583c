// The authorization server's answers (docs/interface.md 5): the token response, the OAuth error
// body, and the claims of the access token the add-in reads.

import { z } from "zod";
import { optNumber, optString } from "./shape";

// Section 5: token endpoint, OAuth error body; docs/interface.md 6: service error body

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  /** Seconds (the unit is not stated; the shown 31536000 is one year in seconds). */
  expires_in: z.coerce.number().nullish(),
  token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "token_type must be Bearer"),
  refresh_token: optString,
  scope: optString,
  id_token: optString,
});
export type TokenResponse = z.output<typeof tokenResponseSchema>;

export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: optString,
});
export type OAuthError = z.output<typeof oauthErrorSchema>;

/** Claims of the access token the add-in reads (decoded without verification: the server verifies). */
export const accessTokenClaimsSchema = z.object({
  sub: optString,
  exp: optNumber,
  iat: optNumber,
  name: optString,
  preferred_username: optString,
  email: optString,
  company_id: optString,
  client_id: optString,
  scope: z.union([z.string(), z.array(z.string())]).nullish(),
});
export type AccessTokenClaims = z.output<typeof accessTokenClaimsSchema>;
