// The demo account of the local test platform: asked only of a sign-in server on this computer,
// so a real platform never receives the request; anything unexpected means "no demo account".
import { fetchDemoAccount } from "../../src/api/demo";

const ACCOUNT = { clientId: "demo", clientSecret: "s", username: "ivan", password: "p" };

function fakeFetch(reply: () => Response | Promise<Response>) {
  const urls: string[] = [];
  const inits: (RequestInit | undefined)[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : input.toString());
    inits.push(init);
    return reply();
  }) as typeof fetch;
  return { fetchFn, urls, inits };
}

describe("the demo account", () => {
  it("is read from the local emulator's /demo/sign-in, without cookies", async () => {
    const f = fakeFetch(() => Response.json(ACCOUNT));
    await expect(fetchDemoAccount("https://localhost:4001/", f.fetchFn)).resolves.toEqual(ACCOUNT);
    expect(f.urls).toEqual(["https://localhost:4001/demo/sign-in"]);
    expect(f.inits[0]?.credentials).toBe("omit");
    expect(f.inits[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each(["http://127.0.0.1:4001", "http://[::1]:4001"])("is asked of %s too", async (url) => {
    const f = fakeFetch(() => Response.json(ACCOUNT));
    await expect(fetchDemoAccount(url, f.fetchFn)).resolves.toEqual(ACCOUNT);
  });

  it.each(["https://auth.example.com", "https://localhost.example.com", "not an address"])(
    "is never asked of %s",
    async (url) => {
      const f = fakeFetch(() => Response.json(ACCOUNT));
      await expect(fetchDemoAccount(url, f.fetchFn)).resolves.toBeNull();
      expect(f.urls).toEqual([]);
    },
  );

  it("is none when the server refuses, answers something else, or does not answer", async () => {
    const local = "https://localhost:4001";
    await expect(
      fetchDemoAccount(local, fakeFetch(() => new Response("", { status: 404 })).fetchFn),
    ).resolves.toBeNull();
    await expect(
      fetchDemoAccount(local, fakeFetch(() => Response.json({ ...ACCOUNT, password: "" })).fetchFn),
    ).resolves.toBeNull();
    await expect(
      fetchDemoAccount(local, fakeFetch(() => new Response("<html>")).fetchFn),
    ).resolves.toBeNull();
    await expect(
      fetchDemoAccount(local, fakeFetch(() => Promise.reject(new TypeError("Failed to fetch"))).fetchFn),
    ).resolves.toBeNull();
  });

  it("is none when the server fails, even with an account in its answer", async () => {
    const f = fakeFetch(() => Response.json(ACCOUNT, { status: 503 }));
    await expect(fetchDemoAccount("https://localhost:4001", f.fetchFn)).resolves.toBeNull();
  });

  it("is asked at one address however many slashes end the sign-in server's", async () => {
    const f = fakeFetch(() => Response.json(ACCOUNT));
    await expect(fetchDemoAccount("https://localhost:4001///", f.fetchFn)).resolves.toEqual(ACCOUNT);
    expect(f.urls).toEqual(["https://localhost:4001/demo/sign-in"]);
  });
});
