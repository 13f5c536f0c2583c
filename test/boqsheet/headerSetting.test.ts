// Settings' header language of the workbook: what it shows (nothing chosen yet, or the workbook's
// choice), and a change kept in the workbook's settings and followed by a recalculation, so the
// formulas show their headers in the new language.
import { workbookHeaderSetting } from "../../src/boqsheet/headerSetting";
import { HEADER_LANGUAGE_KEY, MemoryDocumentSettings } from "../../src/workbook";

describe("the workbook's header language in Settings", () => {
  it("shows none before the first formula, and a choice saved into the workbook, then recalculated", async () => {
    const store = new MemoryDocumentSettings();
    const order: string[] = [];
    const recalculate = () => {
      order.push(`recalculated with ${JSON.stringify(store.get(HEADER_LANGUAGE_KEY))} saved ${store.saves}`);
      return Promise.resolve();
    };
    const setting = workbookHeaderSetting(store, recalculate);
    expect(setting?.current).toBeUndefined();
    await setting?.choose("ru");
    expect(order).toEqual(['recalculated with "ru" saved 1']);
    expect(workbookHeaderSetting(store, recalculate)?.current).toBe("ru");
  });

  it("is not offered where the host keeps no document settings", () => {
    expect(workbookHeaderSetting()).toBeUndefined();
  });
});
