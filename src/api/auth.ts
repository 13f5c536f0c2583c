// The authorization server: token endpoint (docs/interface.md 5; endpoint 5), OpenID discovery, token
// revocation and end-session. Token requests are never retried: they carry credentials, and a
// refresh token may be single-use (rotated), so a blind second send could burn it.

import { z } from "zod";
import type { HttpClient } from "./http";
import { tokenResponseSchema, type TokenResponse } from "./schemas";

export const TOKEN_PATH = "/connect/token";
export const DISCOVERY_PATH = "/.well-known/openid-configuration";
/** Scopes for an interactive sign-in (docs/interface.md 5), with a refresh token. */
export const INTERACTIVE_SCOPES =
  "openid email profile role IdentityServerApi Platform.Server offline_access";

export interface PasswordGrantInput {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export interface RefreshGrantInput {
  clientId: string;
  /** Confidential clients (password grant) send their secret; the public PKCE client has none. */
  clientSecret?: string;
  refreshToken: string;
}

// 5: grant_type=password
export function passwordGrant(
  http: HttpClient,
  input: PasswordGrantInput,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  return http.request({
    endpoint: "token",
    method: "POST",
    service: "auth",
    path: TOKEN_PATH,
    form: {
      client_id: input.clientId,
      client_secret: input.clientSecret,
      grant_type: "password",
      username: input.username,
      password: input.password,
    },
    schema: tokenResponseSchema,
    auth: false,
    oauth: true,
    retry: false,
    signal,
  });
}

// 5: grant_type=refresh_token (not shown in the interface; standard OAuth 2.0, section 6)
export function refreshGrant(
  http: HttpClient,
  input: RefreshGrantInput,
  signal?: AbortSignal,
): Promise<TokenResponse> {
  const form: Record<string, string> = {
    client_id: input.clientId,
    grant_type: "refresh_token",
    refresh_token: input.refreshToken,
  };
  if (input.clientSecret) form.client_secret = input.clientSecret;
  return http.request({
    endpoint: "token",
    method: "POST",
    service: "auth",
    path: TOKEN_PATH,
    form,
    schema: tokenResponseSchema,
    auth: false,
    oauth: true,
    retry: false,
    signal,
  });
}

/** A field of the discovery document: read when it is a string, else as absent (never fatal). */
const optionalEndpoint = z.string().nullish().catch(undefined);

/**
 * Lenient: the add-in reads only the two sign-out endpoints from it, so a provider whose document
 * lacks (or misspells) the others must not stop the sign-out from revoking the refresh token.
 */
export const discoverySchema = z.object({
  issuer: optionalEndpoint,
  authorization_endpoint: optionalEndpoint,
  token_endpoint: optionalEndpoint,
  end_session_endpoint: optionalEndpoint,
  revocation_endpoint: optionalEndpoint,
  jwks_uri: optionalEndpoint,
  userinfo_endpoint: optionalEndpoint,
});
export type Discovery = z.output<typeof discoverySchema>;

export function fetchDiscovery(http: HttpClient, signal?: AbortSignal): Promise<Discovery> {
  return http.request({
    endpoint: "discovery",
    method: "GET",
    service: "auth",
    path: DISCOVERY_PATH,
    schema: discoverySchema,
    auth: false,
    signal,
  });
}

export interface EndSessionInput {
  clientId: string;
  clientSecret?: string;
  refreshToken?: string;
  idToken?: string;
}

export interface EndSessionResult {
  /** Whether the refresh token is revoked at the server; null when there was none to revoke. */
  revoked: boolean | null;
}

/**
 * Best effort, never throws: revokes the refresh token (RFC 7009) so a copy of it is worthless,
 * then tells the end-session endpoint (OIDC RP-initiated logout) with the id token as a hint.
 * The server's own browser cookie in the sign-in dialog is not reachable from here; the next
 * interactive sign-in asks for the password again (prompt=login) instead.
 */
export async function endSession(
  http: HttpClient,
  input: EndSessionInput,
  signal?: AbortSignal,
): Promise<EndSessionResult> {
  let revoked: boolean | null = input.refreshToken ? false : null;
  let discovery: Discovery | undefined;
  try {
    discovery = await fetchDiscovery(http, signal);
  } catch {
    return { revoked };
  }
  const ignore = z.unknown();
  if (discovery.revocation_endpoint && input.refreshToken) {
    const form: Record<string, string> = {
      token: input.refreshToken,
      token_type_hint: "refresh_token",
      client_id: input.clientId,
    };
    if (input.clientSecret) form.client_secret = input.clientSecret;
    revoked = await http
      .request({
        endpoint: "revocation",
        method: "POST",
        service: "auth",
        url: discovery.revocation_endpoint,
        form,
        schema: ignore,
        auth: false,
        oauth: true,
        retry: false,
        signal,
      })
      .then(
        () => true,
        () => false,
      );
  }
  if (discovery.end_session_endpoint && input.idToken) {
    await http
      .request({
        endpoint: "end-session",
        method: "GET",
        service: "auth",
        url: discovery.end_session_endpoint,
        query: { id_token_hint: input.idToken, client_id: input.clientId },
        schema: ignore,
        auth: false,
        retry: false,
        signal,
      })
      .catch(() => undefined);
  }
  return { revoked };
}
