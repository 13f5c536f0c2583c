// The faults that change an answer rather than lose it (issue 40): a status of any kind after the
// request was handled (a gateway's 524 when the platform made the job), a redirect to a second
// origin, an answer too large (streamed, never held in memory) or too deeply nested, raw members
// such as `__proto__`, and a server's words echoed back where the add-in shows them (an error
// body, an OAuth error, the Reasons of an import log).

import { Readable } from "stream";
import type { AfterAnswer, FaultDecision, FaultRuleInput } from "./faults";

export type AnswerFaultKind = "process-status" | "redirect" | "oversize" | "nest" | "inject" | "echo";
/** What a "process-status" answer holds. */
export type StatusBody = "platform" | "html" | "empty" | "no-job-id";
/** Where an "echo" puts its words. */
export type EchoPlace = "error" | "oauth" | "reason";

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const FILLER_CHUNK = "x".repeat(64 * 1024);

/** A proxy's page (Cloudflare's wording for its 52x), never the platform's JSON. */
function proxyPage(status: number): string {
  return `<!DOCTYPE html><html><head><title>${status}: the origin did not answer in time</title></head><body><h1>Error ${status}</h1><p>The web server reported an error. Ray ID: 7d1f2a3b4c5d6e7f</p></body></html>`;
}

/** What a rule of an answer-changing kind does to the request it hits. */
export function answerFault(
  kind: AnswerFaultKind,
  input: FaultRuleInput,
  url: string,
  elsewhere: string,
): FaultDecision {
  switch (kind) {
    case "process-status":
      return {
        type: "after",
        then: {
          kind: "process-status",
          status: input.status ?? 524,
          body: input.body ?? ((input.status ?? 524) < 300 ? "no-job-id" : "html"),
        },
      };
    case "redirect": {
      const status = REDIRECTS.has(input.status ?? 0) ? (input.status ?? 307) : 307;
      return { type: "answer", status, headers: { Location: `${elsewhere}${url}` }, body: "" };
    }
    case "oversize":
      return { type: "after", then: { kind: "oversize", bytes: input.size ?? 0 } };
    case "nest": {
      const depth = Math.max(1, input.size ?? 1);
      return {
        type: "after",
        then: { kind: "inject", members: `"Nested":${"[".repeat(depth)}${"]".repeat(depth)}` },
      };
    }
    case "inject":
      return { type: "after", then: { kind: "inject", members: input.text ?? "" } };
    case "echo": {
      const text = input.text ?? "";
      if (input.echo === "reason") return { type: "after", then: { kind: "reason", text } };
      const body =
        input.echo === "oauth"
          ? { error: "invalid_request", error_description: text }
          : {
              error: {
                code: "Echo",
                message: text,
                details: text,
                data: {},
                validationErrors: [{ message: text, members: ["Name"] }],
              },
            };
      return { type: "answer", status: 400, headers: {}, body };
    }
  }
}

/** The answer split where members go first into its first object; null when it holds no object. */
function split(payload: string): { head: string; tail: string } | null {
  const at = payload.indexOf("{");
  if (at < 0) return null;
  const tail = payload.slice(at + 1);
  return { head: payload.slice(0, at + 1), tail: tail.trimStart().startsWith("}") ? tail : `,${tail}` };
}

/** The filler streamed a chunk at a time; the stream stops when the client stops reading. */
function oversized(head: string, tail: string, bytes: number): Readable {
  let left = bytes;
  let stage = 0;
  return new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        this.push(`${head}"Filler":"`);
      } else if (left > 0) {
        const n = Math.min(left, FILLER_CHUNK.length);
        left -= n;
        this.push(n === FILLER_CHUNK.length ? FILLER_CHUNK : FILLER_CHUNK.slice(0, n));
      } else if (stage === 1) {
        stage = 2;
        this.push(`"${tail}`);
      } else {
        this.push(null);
      }
    },
  });
}

/** The import log with `text` as the Reason of every ignored row (in the casing the log has). */
function withReasons(payload: string, text: string): string {
  const log = JSON.parse(payload) as Record<string, unknown>;
  for (const key of ["IgnoredTwigs", "ignoredTwigs"]) {
    const rows = log[key];
    if (!Array.isArray(rows)) continue;
    for (const row of rows as Record<string, unknown>[])
      row[key === "IgnoredTwigs" ? "Reason" : "reason"] = text;
  }
  return JSON.stringify(log);
}

export interface ChangedAnswer {
  status?: number;
  contentType?: string;
  payload: string | Readable;
}

/** What a handled request answers instead, under a fault of `after` (not a lost answer). */
export function changedAnswer(after: AfterAnswer, payload: unknown): ChangedAnswer | null {
  const text = typeof payload === "string" ? payload : "";
  switch (after.kind) {
    case "process-reset":
    case "process-hang":
      return null;
    case "process-status": {
      const status = after.status;
      if (after.body === "html") return { status, contentType: "text/html", payload: proxyPage(status) };
      if (after.body === "empty") return { status, payload: "" };
      if (after.body === "no-job-id") return { status, contentType: "application/json", payload: "{}" };
      const error = { code: `Status${status}`, message: `The request ended with ${status}.`, details: null };
      return { status, contentType: "application/json", payload: JSON.stringify({ error }) };
    }
    case "oversize": {
      const parts = split(text);
      return parts ? { payload: oversized(parts.head, parts.tail, after.bytes) } : { payload: text };
    }
    case "inject": {
      const parts = split(text);
      return { payload: parts ? `${parts.head}${after.members}${parts.tail}` : text };
    }
    case "reason":
      return { payload: withReasons(text, after.text) };
  }
}
