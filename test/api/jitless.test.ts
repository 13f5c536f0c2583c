// The add-in's pages forbid eval (their Content-Security-Policy): loading src/api/jitless.ts before
// any schema keeps zod from compiling parsers with `new Function`, or probing whether it may.

describe("zod on the add-in's pages", () => {
  it("builds and parses object schemas without ever calling the Function constructor", async () => {
    const realFunction = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(realFunction, {
      construct(target, args: string[]) {
        constructed++;
        return Reflect.construct(target, args);
      },
      apply(target, thisArg, args: string[]) {
        constructed++;
        return Reflect.apply(target, thisArg, args) as unknown;
      },
    });
    try {
      await jest.isolateModulesAsync(async () => {
        // A fresh zod, configured by the module first, as the pages' entries load it.
        await import("../../src/api/jitless");
        const { z } = await import("zod");
        expect(z.config().jitless).toBe(true);
        const schema = z.object({ code: z.string(), price: z.number().optional() });
        for (let i = 0; i < 3; i++) {
          expect(schema.parse({ code: `${i}`, price: i })).toEqual({ code: `${i}`, price: i });
        }
      });
    } finally {
      globalThis.Function = realFunction;
    }
    expect(constructed).toBe(0);
  });
});
