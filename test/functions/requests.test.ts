import { BoqError } from "../../src/boq/errors";
import { RequestLayer } from "../../src/functions/requests";

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
    await expect(call).rejects.toBeInstanceOf(BoqError);
    await expect(call).rejects.toThrow(/did not answer within/);
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
    await expect(second).rejects.toThrow("cancelled");
    gate.resolve(1);
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(work).not.toHaveBeenCalled();
  });
});
