// The PLATFORM functions' header rows worded for an estimator, in the workbook's header language (a
// document setting every co-author's recalculation reads), in English and Russian; the columns
// argument takes the field names and the header words.
import { documentSettings, type OfficeSettingsLike } from "../../src/workbook";
import { HEADER_LANGUAGE_KEY, readHeaderLanguage } from "../../src/workbook/headerLanguage";
import { fieldHeaders, headerLanguage } from "../../src/functions/headers";
import * as platform from "../../src/functions/platform";
import { setLanguage } from "../../src/i18n";
import { estimate } from "../boq/rows";
import { fakeData, newPlatform } from "../boqdata/fakes";

/** Office.context.document.settings as a workbook holds them, in memory. */
class WorkbookSettings implements OfficeSettingsLike {
  readonly values = new Map<string, unknown>();
  get(name: string): unknown {
    return this.values.get(name);
  }
  set(name: string, value: unknown): void {
    this.values.set(name, value);
  }
  remove(name: string): void {
    this.values.delete(name);
  }
  saveAsync(callback?: (result: { status: unknown }) => void): void {
    callback?.({ status: "succeeded" });
  }
}

let settings: WorkbookSettings;
beforeEach(() => {
  settings = new WorkbookSettings();
  Object.assign(globalThis, { Office: { context: { document: { settings } } } });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "Office");
  setLanguage("en");
});

const ARGS = {
  company: "Northwind",
  project: "Tower",
  model: "Frame",
  scheme: "Main scheme",
  version: "1.1",
};

describe("the header words", () => {
  it("name PLATFORM.BOQ's fields as an estimator does, in English and Russian", () => {
    const en = fieldHeaders("en").headers;
    expect([en.Value, en.ValueCost, en.TotalCost, en.CatalogName, en.FullTotalCost]).toEqual([
      "Quantity",
      "Unit cost",
      "Total",
      "Catalog",
      "Full total",
    ]);
    const ru = fieldHeaders("ru").headers;
    expect([ru.Value, ru.ValueCost, ru.TotalCost, ru.Code, ru.Unit]).toEqual([
      "Количество",
      "Цена за ед.",
      "Стоимость",
      "Шифр",
      "Ед. изм.",
    ]);
  });
});

describe("the workbook's header language", () => {
  it("is the document setting's, whatever language the one recalculating speaks", () => {
    setLanguage("en");
    settings.set(HEADER_LANGUAGE_KEY, "ru");
    expect(headerLanguage()).toBe("ru");
    setLanguage("ru");
    settings.set(HEADER_LANGUAGE_KEY, "en");
    expect(headerLanguage()).toBe("en");
  });

  it("before one is chosen, or when another version kept something else, is this runtime's language", () => {
    setLanguage("ru");
    expect(headerLanguage()).toBe("ru");
    settings.set(HEADER_LANGUAGE_KEY, "klingon");
    expect(readHeaderLanguage(documentSettings(settings))).toBeUndefined();
    expect(headerLanguage()).toBe("ru");
    // A host without document settings: the same default, no failure.
    Reflect.deleteProperty(globalThis, "Office");
    setLanguage("en");
    expect(headerLanguage()).toBe("en");
  });
});

describe("PLATFORM.BOQ's header row", () => {
  it("is in the workbook's language, and the same rows answer both languages with one request", async () => {
    const fake = newPlatform(estimate());
    const { data } = fakeData(fake);
    settings.set(HEADER_LANGUAGE_KEY, "en");
    const en = await platform.boq(data, ARGS);
    expect(en[0]).toEqual(["Level", "Catalog", "Code", "Name", "Unit", "Quantity", "Unit cost", "Total"]);
    settings.set(HEADER_LANGUAGE_KEY, "ru");
    const ru = await platform.boq(data, ARGS);
    expect(ru[0]).toEqual([
      "Уровень",
      "Каталог",
      "Шифр",
      "Наименование",
      "Ед. изм.",
      "Количество",
      "Цена за ед.",
      "Стоимость",
    ]);
    // Only the header changed: the rows are the same, asked of the platform once.
    expect(ru.slice(1)).toEqual(en.slice(1));
    expect(fake.queries).toHaveLength(1);
  });

  it("takes field names and header words of either language in columns", async () => {
    const { data } = fakeData(newPlatform(estimate()));
    settings.set(HEADER_LANGUAGE_KEY, "en");
    const byField = await platform.boq(data, { ...ARGS, columns: "Code, Value, TotalCost, Floor" });
    expect(byField[0]).toEqual(["Code", "Quantity", "Total", "Floor"]);
    const byWords = await platform.boq(data, { ...ARGS, columns: "code, QUANTITY, Стоимость, floor" });
    expect(byWords).toEqual(byField);
    expect(byWords[1]).toEqual(["S1", "", 50, ""]);
    expect(byWords[2]).toEqual(["A", 2, 20, "3"]);
  });

  it("gives a variable named like a header word its own column, not the field's", async () => {
    const rows = estimate().map((r) => ({ ...r, LocalVars: [{ Name: "Total", Value: `v-${r.Id}` }] }));
    const { data } = fakeData(newPlatform(rows));
    settings.set(HEADER_LANGUAGE_KEY, "en");
    const m = await platform.boq(data, { ...ARGS, columns: "Code, total, TotalCost" });
    expect(m[0]).toEqual(["Code", "Total", "Total"]);
    expect(m[2]).toEqual(["A", "v-a", 20]);
  });

  it("words the companions' headers and their kinds in the workbook's language too", async () => {
    const { data } = fakeData(newPlatform(estimate()));
    setLanguage("en");
    settings.set(HEADER_LANGUAGE_KEY, "ru");
    expect((await platform.companies(data))[0]).toEqual(["Наименование", "Идентификатор", "Личная"]);
    const models = await platform.models(data, "Northwind", "Tower");
    expect(models[0]).toEqual(["Наименование", "Вид", "Папка", "Идентификатор"]);
    expect(models[1]?.[1]).toBe("модель");
  });
});
