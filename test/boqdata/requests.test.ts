// The request layer of the BOQ data path: kept results, shared requests, the concurrency limit,
// the deadline, cancellation, fresh requests, and what is built from a kept result.
import { BoqError } from "../../src/boq/errors";
import { MAX_DERIVED_PER_ENTRY, RequestLayer } from "../../src/boqdata/requests";
import { errorText } from "../../src/i18n";

async function rejection(promise: Promise<unknown>): Promise<BoqError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof BoqError) return e;
    throw e;
  }
  throw new Error("expected a BoqError");
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("the request layer", () => {
  it("keeps a result for the cache window, then asks again", async () => {
    let now = 0;
    const layer = new RequestLayer({ ttlMs: 1000, now: () => now });
    const work = jest.fn((_signal: AbortSignal) => Promise.resolve(now));
    expect(await layer.run("k", work)).toBe(0);
    now = 999;
    expect(await layer.run("k", work)).toBe(0);
    now = 1000;
    expect(await layer.run("k", work)).toBe(1000);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failure", async () => {
    const layer = new RequestLayer();
    const work = jest.fn().mockRejectedValueOnce(new Error("503")).mockResolvedValueOnce("ok");
    await expect(layer.run("k", work)).rejects.toThrow("503");
    await expect(layer.run("k", work)).resolves.toBe("ok");
  });

  it("forgets everything on clear (Refresh)", async () => {
    const layer = new RequestLayer();
    const work = jest.fn(() => Promise.resolve(1));
    await layer.run("k", work);
    layer.clear();
    await layer.run("k", work);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("runs at most the given number of requests at once", async () => {
    const layer = new RequestLayer({ concurrency: 2 });
    let running = 0;
    let peak = 0;
    const gates = Array.from({ length: 5 }, () => deferred<void>());
    const calls = gates.map((gate, i) =>
      layer.run(`k${i}`, async () => {
        running++;
        peak = Math.max(peak, running);
        await gate.promise;
        running--;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(running).toBe(2);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it("settles by the deadline with a message and aborts the request", async () => {
    const layer = new RequestLayer({ deadlineMs: 30 });
    let seen: AbortSignal | undefined;
    const call = layer.run("k", (signal) => {
      seen = signal;
      return new Promise(() => undefined);
    });
    const error = await rejection(call);
    expect(error.code).toBe("notAvailable");
    expect(error.key).toBe("boq.timedOut");
    expect(errorText(error)).toMatch(/^The platform did not answer within \d+ seconds\. Recalculate/);
    expect(seen?.aborted).toBe(true);
  });

  it("does not start a queued request whose only caller went away", async () => {
    const layer = new RequestLayer({ concurrency: 1 });
    const gate = deferred<number>();
    const first = layer.run("a", () => gate.promise);
    const controller = new AbortController();
    const work = jest.fn(() => Promise.resolve(2));
    const second = layer.run("b", work, controller.signal);
    controller.abort();
    expect((await rejection(second)).key).toBe("boq.cancelled");
    gate.resolve(1);
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(work).not.toHaveBeenCalled();
  });

  it("asks again when asked fresh, keeps the new answer, and shares a fresh request with one in flight", async () => {
    const layer = new RequestLayer();
    let n = 0;
    const work = jest.fn(() => Promise.resolve(++n));
    expect(await layer.run("k", work)).toBe(1);
    expect(await layer.run("k", work, undefined, { fresh: true })).toBe(2);
    expect(await layer.run("k", work)).toBe(2);
    const gate = deferred<number>();
    const slow = jest.fn(() => gate.promise);
    const first = layer.run("s", slow);
    const fresh = layer.run("s", slow, undefined, { fresh: true });
    gate.resolve(7);
    expect(await Promise.all([first, fresh])).toEqual([7, 7]);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("says when a kept answer arrived, by the layer's clock, and only for the answer still kept", async () => {
    let now = 100;
    const layer = new RequestLayer({ now: () => now });
    const value = await layer.run("k", () => Promise.resolve({ rows: [1] }));
    now = 160;
    expect(layer.keptSince("k", await layer.run("k", () => Promise.resolve({ rows: [2] })))).toBe(100);
    expect(layer.keptSince("k", { rows: [1] })).toBeUndefined();
    layer.clear();
    expect(layer.keptSince("k", value)).toBeUndefined();
  });
});

describe("results built from a kept result", () => {
  it("builds once per derived key while the result is kept, each key its own", async () => {
    const layer = new RequestLayer();
    const rows = await layer.run("boq", () => Promise.resolve(["a", "b"]));
    const build = jest.fn((kept: string[]) => kept.join("|"));
    expect(layer.derive("boq", rows, "all", build)).toBe("a|b");
    expect(layer.derive("boq", rows, "all", build)).toBe("a|b");
    expect(build).toHaveBeenCalledTimes(1);
    expect(layer.derive("boq", rows, "first", (kept) => kept[0])).toBe("a");
  });

  it("builds again, without keeping, once the result is no longer kept or is another", async () => {
    const layer = new RequestLayer();
    const rows = await layer.run("boq", () => Promise.resolve(["a"]));
    const build = jest.fn((kept: string[]) => kept.length);
    layer.clear();
    layer.derive("boq", rows, "n", build);
    layer.derive("boq", rows, "n", build);
    expect(build).toHaveBeenCalledTimes(2);
    const fresh = await layer.run("boq", () => Promise.resolve(["a", "b"]));
    expect(layer.derive("boq", rows, "n", build)).toBe(1);
    expect(layer.derive("boq", fresh, "n", build)).toBe(2);
    expect(layer.derive("boq", fresh, "n", build)).toBe(2);
    expect(build).toHaveBeenCalledTimes(4);
  });

  it("does not keep a failed build", async () => {
    const layer = new RequestLayer();
    const rows = await layer.run("boq", () => Promise.resolve(["a"]));
    const build = jest
      .fn<number, [string[]]>()
      .mockImplementationOnce(() => {
        throw new Error("too large");
      })
      .mockImplementation((kept) => kept.length);
    expect(() => layer.derive("boq", rows, "n", build)).toThrow("too large");
    expect(layer.derive("boq", rows, "n", build)).toBe(1);
    expect(layer.derive("boq", rows, "n", build)).toBe(1);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it(`keeps at most ${MAX_DERIVED_PER_ENTRY} per result, dropping the oldest`, async () => {
    const layer = new RequestLayer();
    const rows = await layer.run("boq", () => Promise.resolve(["a"]));
    const build = jest.fn((kept: string[]) => kept.length);
    for (let i = 0; i <= MAX_DERIVED_PER_ENTRY; i++) layer.derive("boq", rows, `k${i}`, build);
    expect(build).toHaveBeenCalledTimes(MAX_DERIVED_PER_ENTRY + 1);
    layer.derive("boq", rows, `k${MAX_DERIVED_PER_ENTRY}`, build);
    expect(build).toHaveBeenCalledTimes(MAX_DERIVED_PER_ENTRY + 1);
    layer.derive("boq", rows, "k0", build);
    expect(build).toHaveBeenCalledTimes(MAX_DERIVED_PER_ENTRY + 2);
  });
});
