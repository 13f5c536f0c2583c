// The page limit of an OData read: a server whose nextLinks never end is stopped after
// MAX_BOQ_PAGES (10,000) pages with a sentence saying so. A file of its own because it sends
// 10,000 requests through the HTTP client: the mutation run (stryker/jest.config.cjs) leaves it
// out, as it would run for every mutant of the request path.
import type { ApiError } from "../../src/api/errors";
import { HttpClient } from "../../src/api/http";
import { MAX_BOQ_PAGES, getBoq } from "../../src/api/platform";
import { FakeTokens, recordingSleep, scriptedFetch, URLS } from "./fakes";
import { errorText } from "../../src/i18n";

const row = (code: string) => ({ Code: code, Name: `Row ${code}`, Value: 1 });

describe("OData paging", () => {
  it("stops after MAX_BOQ_PAGES pages that keep pointing to new ones, saying so", async () => {
    let page = 0;
    const f = scriptedFetch(() => {
      page++;
      return {
        status: 200,
        body: { value: [row(String(page))], "@odata.nextLink": `https://value.example.com/p?n=${page + 1}` },
      };
    });
    const http = new HttpClient(() => URLS, new FakeTokens(), {
      fetch: f.fetch,
      sleep: recordingSleep().sleep,
      random: () => 0.5,
    });
    const error = (await getBoq(http, {
      company: "a",
      project: "b",
      model: "c",
      scheme: "d",
      version: "1.1",
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("invalid-response");
    expect(errorText(error)).toContain(`after ${MAX_BOQ_PAGES.toLocaleString("en-US")} pages`);
    expect(f.requests).toHaveLength(MAX_BOQ_PAGES);
  });
});
