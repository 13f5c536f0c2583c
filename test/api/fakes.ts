// Test doubles for the HTTP layer: a scripted fetch that records every request, a sleep that
// records the pauses instead of waiting, and a token provider that counts renewals.

import { HttpClient, type TokenProvider } from "../../src/api/http";
import { ApiError } from "../../src/api/errors";

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | "network-error";

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, headers });
}

/** A fetch answering from a queue of replies (or a function of the request). */
export function scriptedFetch(replies: Reply[] | ((req: RecordedRequest) => Reply)) {
  const requests: RecordedRequest[] = [];
  const queue = Array.isArray(replies) ? [...replies] : null;
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req: RecordedRequest = {
      url: input instanceof Request ? input.url : String(input),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === "string" ? init.body : undefined,
    };
    requests.push(req);
    const reply = queue ? queue.shift() : (replies as (r: RecordedRequest) => Reply)(req);
    if (reply === undefined) throw new Error(`no scripted reply for request ${requests.length}: ${req.url}`);
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    return jsonResponse(reply.status, reply.body, reply.headers);
  };
  return { fetch: fetchFn, requests };
}

export function recordingSleep() {
  const pauses: number[] = [];
  const sleep = async (ms: number) => {
    pauses.push(ms);
  };
  return { sleep, pauses };
}

export class FakeTokens implements TokenProvider {
  renewals = 0;
  signedOut = false;
  constructor(
    public token = "token-1",
    private readonly renewTo: string | null = "token-2",
  ) {}
  async getAccessToken(): Promise<string> {
    if (this.signedOut) throw new ApiError({ kind: "signed-out", endpoint: "platform" });
    return this.token;
  }
  async renewAfterUnauthorized(): Promise<string> {
    this.renewals++;
    if (this.renewTo === null) {
      this.signedOut = true;
      throw new ApiError({ kind: "signed-out", endpoint: "platform" });
    }
    this.token = this.renewTo;
    return this.token;
  }
  async signOutAfterRefusal(): Promise<void> {
    this.signedOut = true;
  }
}

export const URLS = {
  auth: "https://auth.example.com",
  value: "https://value.example.com/",
  platform: "https://platform.example.com",
};

/** A fetch that never answers, and rejects as fetch does once its signal aborts. */
export const hangingFetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  })) as typeof fetch;

/** A client whose fetch answers each request by `answer`, with the requests it was sent. */
export function scriptedClient(answer: (req: RecordedRequest) => Reply) {
  const f = scriptedFetch(answer);
  const http = new HttpClient(() => URLS, new FakeTokens(), {
    fetch: f.fetch,
    sleep: recordingSleep().sleep,
  });
  return { http, requests: f.requests };
}
