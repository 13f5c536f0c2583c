// The display locale (EmulationOptions.displayLocale): Excel shows numbers with the separators of
// the system's regional format (Microsoft support, "Change the character used to separate
// thousands or decimals": Excel uses the system separators by default) and the built-in short date
// in the locale's order; ru-RU as Windows/.NET define it (decimal ",", group U+00A0, dd.MM.yyyy).
// Values and number formats read through the API stay en-US.
import {
  createEmulatedExcel,
  installOfficeEmulation,
  type OfficeEmulation,
} from "../../dev/office-emulation";
import { readDecimalSeparator } from "../../src/workbook";

const NBSP = "\u00a0";

function priced(displayLocale?: string): OfficeEmulation {
  const excel = createEmulatedExcel({
    sheets: { Prices: [[1234.5, 1234.5, 0.125, 45356, 45356, 1.1, 1e12]] },
    ...(displayLocale ? { displayLocale } : {}),
  });
  const sheet = excel.model.getSheetByName("Prices");
  const formats = ["General", "#,##0.00", "0.0%", "m/d/yyyy", "yyyy-mm-dd", "0.00", "General"];
  formats.forEach((format, c) => {
    if (sheet) sheet.ensureCell(0, c).numberFormat = format;
  });
  return excel;
}

async function readBack(excel: OfficeEmulation) {
  return excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem("Prices").getRange("A1:G1");
    range.load("text, values, numberFormat");
    const app = context.workbook.application;
    app.load("decimalSeparator");
    const culture = app.cultureInfo;
    culture.load("name");
    const format = culture.numberFormat;
    format.load("numberDecimalSeparator, numberGroupSeparator");
    await context.sync();
    return {
      text: range.text,
      values: range.values,
      numberFormat: range.numberFormat,
      decimalSeparator: app.decimalSeparator,
      culture: [culture.name, format.numberDecimalSeparator, format.numberGroupSeparator],
    };
  });
}

describe("displayed text in the display locale (Microsoft support: Change the character used to separate thousands or decimals)", () => {
  it("en-US by default", async () => {
    const read = await readBack(priced());
    expect(read.text).toEqual([["1234.5", "1,234.50", "12.5%", "3/5/2024", "2024-03-05", "1.10", "1E+12"]]);
    expect(read.culture).toEqual(["en-US", ".", ","]);
  });

  it("ru-RU: decimal comma, no-break space between thousands, the short date as dd.mm.yyyy", async () => {
    const read = await readBack(priced("ru-RU"));
    expect(read.text).toEqual([
      ["1234,5", `1${NBSP}234,50`, "12,5%", "05.03.2024", "2024-03-05", "1,10", "1E+12"],
    ]);
    expect(read.decimalSeparator).toBe(",");
    expect(read.culture).toEqual(["ru-RU", ",", NBSP]);
  });

  it("values and number formats stay as the API gives them in every locale", async () => {
    const [us, ru] = await Promise.all([readBack(priced()), readBack(priced("ru-RU"))]);
    expect(ru.values).toEqual(us.values);
    expect(ru.numberFormat).toEqual(us.numberFormat);
  });

  it("the test helper texts() shows what the grid shows, in the locale", () => {
    expect(priced("de-DE").texts("Prices", "A1:C1")).toEqual([["1234,5", "1.234,50", "12,5%"]]);
  });

  it("refuses a locale it does not know rather than showing en-US under another name", () => {
    expect(() => createEmulatedExcel({ displayLocale: "xx-XX" })).toThrow(/display locale "xx-XX"/);
  });
});

describe('"Use system separators" (Microsoft support: on by default; Excel\'s own separators otherwise)', () => {
  // The add-in asks Office.context.requirements (ExcelApi 1.11) on the globals.
  let installed: { uninstall(): void } | undefined;
  afterEach(() => installed?.uninstall());
  const host = (options: Parameters<typeof installOfficeEmulation>[1]): OfficeEmulation => {
    const excel = installOfficeEmulation(globalThis, options);
    installed = excel;
    return excel;
  };
  const withOwnComma = (useSystemSeparators?: boolean): OfficeEmulation =>
    host({
      sheets: { Prices: [[1234.5]] },
      decimalSeparator: ",",
      ...(useSystemSeparators === undefined ? {} : { useSystemSeparators }),
    });

  it("on by default: numbers show with the system's separators, and the add-in reads the system's", async () => {
    const excel = withOwnComma();
    expect(excel.texts("Prices", "A1")).toEqual([["1234.5"]]);
    const read = await excel.run(async (context) => {
      const app = context.workbook.application;
      app.load("useSystemSeparators, decimalSeparator");
      await context.sync();
      return {
        system: app.useSystemSeparators,
        own: app.decimalSeparator,
        addIn: await readDecimalSeparator(context),
      };
    });
    // Excel's own field still says ","; the add-in asks the culture, as Excel shows numbers.
    expect(read).toEqual({ system: true, own: ",", addIn: "." });
  });

  it("off: numbers show with Excel's own separator, and the add-in reads Excel's own", async () => {
    const excel = withOwnComma(false);
    expect(excel.texts("Prices", "A1")).toEqual([["1234,5"]]);
    const read = await excel.run(async (context) => readDecimalSeparator(context));
    expect(read).toBe(",");
  });

  it("ru-RU with the system's separators: the add-in reads the decimal comma from the culture", async () => {
    const excel = host({ sheets: { Prices: [[1.5]] }, displayLocale: "ru-RU" });
    expect(excel.texts("Prices", "A1")).toEqual([["1,5"]]);
    await expect(excel.run((context) => readDecimalSeparator(context))).resolves.toBe(",");
  });
});
