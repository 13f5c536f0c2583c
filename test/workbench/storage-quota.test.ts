// OfficeRuntime.storage's quota: "Storage limit is 10 MB per domain, which may be shared by
// multiple add-ins" (OfficeRuntime.Storage). On the web office.js keeps it in the domain's
// localStorage under "_OfficeRuntime_Storage_" (excel-web-16.00.debug.js), so the browser's
// QuotaExceededError is what setItem rejects with; desktop's native store is modelled with its
// generic error (dev/office-emulation/runtime-storage.ts).
import { createEmulatedExcel } from "../../dev/office-emulation";

const MB = 1024 * 1024;
/** Characters of a value taking `bytes` of the quota (two bytes per UTF-16 code unit). */
const chars = (bytes: number): string => "x".repeat(bytes / 2);

describe("OfficeRuntime.storage's 10 MB per domain (OfficeRuntime.Storage)", () => {
  it("keeps what fits; a setItem past 10 MB rejects with localStorage's QuotaExceededError on the web", async () => {
    const excel = createEmulatedExcel();
    const storage = excel.globals.OfficeRuntime.storage;
    await storage.setItem("a", chars(6 * MB));
    const error = await storage.setItem("b", chars(5 * MB)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({
      name: "QuotaExceededError",
      message:
        "Failed to execute 'setItem' on 'Storage': Setting the value of '_OfficeRuntime_Storage_b' exceeded the quota.",
    });
    await expect(storage.getKeys()).resolves.toEqual(["a"]);
    // Replacing an item counts its new size only.
    await expect(storage.setItem("a", chars(9 * MB))).resolves.toBeUndefined();
  });

  it("other add-ins of the same domain share the quota", async () => {
    const excel = createEmulatedExcel();
    excel.storage.fillAsOtherAddIns(9.5 * MB);
    const storage = excel.globals.OfficeRuntime.storage;
    await expect(storage.setItem("signIn", chars(MB))).rejects.toMatchObject({ name: "QuotaExceededError" });
    await expect(storage.setItem("signIn", chars(0.25 * MB))).resolves.toBeUndefined();
    // What other add-ins hold is not among this add-in's keys.
    await expect(storage.getKeys()).resolves.toEqual(["signIn"]);
    expect(excel.storage.usedBytes()).toBeGreaterThan(9.75 * MB);
  });

  it("setItems on the web writes what fits and rejects with 'Unknown error.' (office.js performMultiAction)", async () => {
    const excel = createEmulatedExcel();
    const storage = excel.globals.OfficeRuntime.storage;
    const outcome = storage.setItems({ small: "1", huge: chars(11 * MB), other: "2" });
    await expect(outcome).rejects.toThrow(/^Unknown error\.$/);
    await expect(storage.getKeys()).resolves.toEqual(["small", "other"]);
  });

  it("desktop Excel rejects with the native store's generic error, and setItems writes nothing", async () => {
    const excel = createEmulatedExcel({ host: "desktop" });
    const storage = excel.globals.OfficeRuntime.storage;
    await expect(storage.setItem("huge", chars(11 * MB))).rejects.toMatchObject({
      code: "GeneralException",
      message: "Unknown error.",
    });
    await expect(storage.setItems({ small: "1", huge: chars(11 * MB) })).rejects.toMatchObject({
      code: "GeneralException",
    });
    await expect(storage.getKeys()).resolves.toEqual([]);
  });

  it("getItems on the web answers null for an empty string (office.js: value || null), getItem answers ''", async () => {
    const excel = createEmulatedExcel();
    const storage = excel.globals.OfficeRuntime.storage;
    await storage.setItem("empty", "");
    await expect(storage.getItem("empty")).resolves.toBe("");
    await expect(storage.getItems(["empty"])).resolves.toEqual({ empty: null });
  });
});
