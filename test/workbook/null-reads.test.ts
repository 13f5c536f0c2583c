// Excel gives `null` for a read of more than 5,000,000 cells, with no error (resource limits
// documentation; office-js issues 6781, 4783), and the emulation does the same. Every read of
// src/workbook either falls back to smaller blocks or says which cells it could not read: a row
// is never left out silently.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import { EmulatedRange } from "../../dev/office-emulation/excel";
import { WorkbookError, importSourceFromSelection, readRangeBlock } from "../../src/workbook";
import { failureOf } from "./failure";

jest.setTimeout(120_000);

const TABLE = [
  ["Code", "Name", "Price"],
  ["1", "Concrete works", null],
  ["1.1", "Concrete C25/30", 95.5],
  ["1.2", "Concrete C30/37", 101],
];

/**
 * A host whose reads come back null past `cells` cells (Excel's rule at a lower edge), by wrapping
 * the emulation's Range.toJSON, which the reader uses to take what was loaded.
 */
function nullPast(cells: number): jest.SpyInstance {
  const original = EmulatedRange.prototype.toJSON;
  return jest.spyOn(EmulatedRange.prototype, "toJSON").mockImplementation(function (this: EmulatedRange) {
    const json = original.call(this);
    const values = json["values"];
    if (Array.isArray(values)) {
      const width = (values[0] as unknown[] | undefined)?.length ?? 0;
      if (values.length * width > cells) {
        for (const p of ["values", "valueTypes", "formulas", "text", "numberFormat"]) {
          if (p in json) json[p] = null;
        }
      }
    }
    return json;
  });
}

afterEach(() => jest.restoreAllMocks());

describe("a used range over 5 million cells", () => {
  let excel: OfficeEmulation;

  beforeAll(() => {
    excel = createEmulatedExcel({ sheets: { Catalog: TABLE } });
    // One stray value far below: the used range is A1:E1048576, 5,242,880 cells.
    excel.setCells("Catalog", "E1048576", [["x"]]);
  });

  it("comes back as null in one read, as in Excel (the emulation's limit is there)", async () => {
    const values = await excel.run(async (context) => {
      const used = context.workbook.worksheets.getItem("Catalog").getUsedRange(true);
      used.load("values");
      await context.sync();
      return used.values as unknown;
    });
    expect(values).toBeNull();
  });

  it("still lets a single selected cell grow to its table: the used range is read in blocks", async () => {
    excel.select("Catalog", "B3");
    excel.clearSyncLog();
    const source = await excel.run((context) => importSourceFromSelection(context));
    expect(source).toEqual({ sheet: "Catalog", address: "A1:C4" });
    expect(excel.getSyncLog().length).toBeGreaterThan(2);
  });
});

describe("reads that come back null below 5 million cells", () => {
  it("are read again in smaller blocks, and every row is kept", async () => {
    const rows: Array<Array<string | number>> = [["Code", "Name", "Price", "Unit"]];
    for (let i = 1; i < 500; i += 1) rows.push([`'${i}`, `Position ${i}`, i * 2, "m3"]);
    const excel = createEmulatedExcel({ sheets: { Catalog: rows } });
    nullPast(1_000);
    const { block } = await excel.run((context) => readRangeBlock(context, "Catalog!A1:D500"));
    expect(block.values).toHaveLength(500);
    expect(block.values[499]).toEqual(["499", "Position 499", 998, "m3"]);
    expect(block.text).toHaveLength(500);
    expect(block.numberFormats).toHaveLength(500);
  });

  it("stop with a message naming the cells and what to do when even one row comes back null", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: TABLE } });
    nullPast(0);
    const read = excel.run((context) => readRangeBlock(context, "Catalog!A1:C4"));
    await expect(read).rejects.toBeInstanceOf(WorkbookError);
    await expect(failureOf(read)).resolves.toMatchObject({
      code: "read-incomplete",
      text: expect.stringMatching(/A1:C4.*"Catalog".*Select fewer rows or columns/) as unknown,
    });
  });

  it("give the same message for a selected cell whose table cannot be found", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: TABLE } });
    excel.select("Catalog", "A2");
    nullPast(0);
    const read = excel.run((context) => importSourceFromSelection(context));
    await expect(read).rejects.toMatchObject({ code: "read-incomplete" });
  });
});
