/**
 * Load/sync discipline checked with office-addin-mock: a property read before `load` gives
 * "Error, property was not loaded" and one read before `sync` gives "Error, context.sync() was
 * not called", so a function that skips either returns those strings instead of the values.
 */
import { OfficeMockObject } from "office-addin-mock";
import { readDecimalSeparator, readSelection } from "../../src/workbook";

type Slots = Record<string, unknown>;

function withOffice(supported: boolean): () => void {
  const slots = globalThis as unknown as Slots;
  const had = "Office" in slots;
  const previous = slots["Office"];
  slots["Office"] = new OfficeMockObject({
    context: {
      requirements: {
        isSetSupported: (name: string, version: string) =>
          supported && name === "ExcelApi" && version === "1.11",
      },
    },
  });
  return () => {
    if (had) slots["Office"] = previous;
    else delete slots["Office"];
  };
}

function excelContext(data: Record<string, unknown>): Excel.RequestContext {
  return new OfficeMockObject(data) as unknown as Excel.RequestContext;
}

describe("with office-addin-mock", () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it("reads Excel's own decimal separator after loading and syncing it", async () => {
    restore = withOffice(true);
    const context = excelContext({
      application: {
        decimalSeparator: ",",
        useSystemSeparators: false,
        cultureInfo: { numberFormat: { numberDecimalSeparator: "." } },
      },
    });
    await expect(readDecimalSeparator(context)).resolves.toBe(",");
  });

  it("reads the system's separator when Excel uses the system separators", async () => {
    restore = withOffice(true);
    const context = excelContext({
      application: {
        decimalSeparator: ".",
        useSystemSeparators: true,
        cultureInfo: { numberFormat: { numberDecimalSeparator: "," } },
      },
    });
    await expect(readDecimalSeparator(context)).resolves.toBe(",");
  });

  it("does not ask Excel at all where ExcelApi 1.11 is missing", async () => {
    restore = withOffice(false);
    const context = excelContext({ application: { decimalSeparator: "," } });
    await expect(readDecimalSeparator(context)).resolves.toBeUndefined();
  });

  it("loads every selection property it returns before reading it", async () => {
    const range = {
      address: "Catalog!B2:D40",
      rowIndex: 1,
      columnIndex: 1,
      rowCount: 39,
      columnCount: 3,
      worksheet: { name: "Catalog" },
    };
    const context = excelContext({
      workbook: {
        range,
        getSelectedRange(this: { range: unknown }) {
          return this.range;
        },
      },
    });
    await expect(readSelection(context)).resolves.toEqual({
      sheet: "Catalog",
      reference: "Catalog!B2:D40",
      address: "B2:D40",
      rowIndex: 1,
      columnIndex: 1,
      rowCount: 39,
      columnCount: 3,
    });
  });
});
