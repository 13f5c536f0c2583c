// An answer read within its caps (issue 40, items 6 to 8): bytes counted while the stream is read,
// nesting counted on the same bytes, keys that reach a prototype dropped, and each turned into the
// one ApiError of the HTTP layer.
import { z } from "zod";
import {
  ANSWER_BYTES,
  LOG_BASE_BYTES,
  LOG_ROW_BYTES,
  MAX_JSON_DEPTH,
  WORKSHEET_ROWS,
  importLogBytes,
  parseJson,
  readBody,
} from "../../src/api/body";
import { ApiError } from "../../src/api/errors";
import { HttpClient } from "../../src/api/http";
import { getImportStatusByJobId, importTimeoutMs, listCompanies } from "../../src/api/platform";
import { camelizeKeys } from "../../src/api/schemas/shape";
import { errorDetails, errorText } from "../../src/i18n";
import { FakeTokens, recordingSleep, URLS } from "./fakes";

/** A body of `bytes` bytes made a chunk at a time, counting what was pulled from it. */
function streamed(bytes: number, prefix = '{"name":"') {
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(prefix));
    },
    pull(controller) {
      if (pulled >= bytes) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

function clientAnswering(answer: () => Response) {
  return new HttpClient(() => URLS, new FakeTokens(), {
    fetch: async () => answer(),
    sleep: recordingSleep().sleep,
  });
}

describe("reading a body", () => {
  it("stops reading past the cap, without pulling the rest of a 150 MB body", async () => {
    const body = streamed(150 * 1024 * 1024);
    const read = await readBody(new Response(body.stream), ANSWER_BYTES.companies);
    expect(read).toEqual({ text: "", refused: "size" });
    expect(body.pulled()).toBeLessThanOrEqual(ANSWER_BYTES.companies + 3 * 64 * 1024);
  });

  it("refuses a Content-Length over the cap before reading", async () => {
    const body = streamed(10 * 1024 * 1024);
    const response = new Response(body.stream, { headers: { "Content-Length": String(10 * 1024 * 1024) } });
    expect(await readBody(response, 1024)).toEqual({ text: "", refused: "size" });
    expect(body.pulled()).toBe(0);
  });

  it("refuses nesting past the limit, and counts no bracket inside a string", async () => {
    const deep = `{"a":${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}}`;
    expect(await readBody(new Response(deep), 1024 * 1024)).toEqual({ text: "", refused: "depth" });
    const fits = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect((await readBody(new Response(fits), 1024 * 1024)).refused).toBeUndefined();
    const quoted = JSON.stringify({ a: "[".repeat(10_000), b: '\\"{{{' });
    expect(await readBody(new Response(quoted), 1024 * 1024)).toEqual({ text: quoted });
  });

  it("decodes UTF-8 split across chunks", async () => {
    const bytes = new TextEncoder().encode('{"name":"Ёлка"}');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    expect(await readBody(new Response(stream), 1024)).toEqual({ text: '{"name":"Ёлка"}' });
  });
});

describe("parsing an answer", () => {
  it("drops __proto__, constructor and prototype at any depth, spelt plainly or escaped", () => {
    const parsed = parseJson(
      '{"__proto__":{"polluted":1},"a":{"constructor":{"prototype":{"x":1}},"b":2},"\\u005f_proto__":{"y":1}}',
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["a"]);
    expect(parsed["a"]).toEqual({ b: 2 });
    const camel = camelizeKeys(JSON.parse('{"__proto__":{"polluted":1},"Name":"x"}')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(camel)).toBe(Object.prototype);
    expect(camel).toEqual({ name: "x" });
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("the caps of each endpoint", () => {
  it("sizes the import log's cap from the rows sent, a whole worksheet when not known", () => {
    expect(importLogBytes(0)).toBe(LOG_BASE_BYTES);
    expect(importLogBytes(1_000_000)).toBe(LOG_BASE_BYTES + 1_000_000 * LOG_ROW_BYTES);
    expect(importLogBytes()).toBe(LOG_BASE_BYTES + WORKSHEET_ROWS * LOG_ROW_BYTES);
  });

  it("gives the import POST 30 s and 1 s more for each MB it sends", () => {
    expect(importTimeoutMs(0)).toBe(30_000);
    expect(importTimeoutMs(1)).toBe(31_000);
    expect(importTimeoutMs(55 * 1024 * 1024)).toBe(85_000);
  });

  it("refuses a company list larger than its cap with a clear message, the cap in the Details", async () => {
    const http = clientAnswering(
      () => new Response(streamed(150 * 1024 * 1024, '[{"id":"c","name":"').stream),
    );
    const error = (await listCompanies(http).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "invalid-response", endpoint: "company-list", status: 200 });
    expect(errorText(error)).toBe(
      "The platform's answer to the company list did not have the expected form: the answer is larger than the 4 MB the add-in reads for it.",
    );
    expect(errorDetails(error)).toContain("4 MB");
  });

  it("turns a status nested 200,000 deep into the invalid answer, not a RangeError", async () => {
    const deep = `{"jobId":"j","status":"Running","x":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const http = clientAnswering(() => new Response(deep));
    const error = (await getImportStatusByJobId(http, "j").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(errorText(error)).toBe(
      "The platform's answer to the import status did not have the expected form: the answer nests its values deeper than the add-in reads.",
    );
  });

  it("reads a refusal's body within its own cap; past it, the status speaks", async () => {
    const big = JSON.stringify({ error: { message: "m".repeat(ANSWER_BYTES.error) } });
    const http = clientAnswering(() => new Response(big, { status: 400 }));
    const schema = z.unknown();
    const error = (await http
      .request({ endpoint: "boq", method: "GET", service: "value", path: "/a", schema })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      kind: "http",
      status: 400,
      serviceBody: false,
      platformMessage: undefined,
    });
  });
});
