// Writes that shrink (issue 42, item 2): a block planned under Excel on the web's 5 MB that the
// host refuses all the same, for its size (RequestPayloadSizeLimitExceeded) or, as older Excel on
// the web did, with an internal error (the emulation's GeneralException variation), is written
// again in halves down to one row. Here the emulated host refuses from 1 MB (or less) while the
// add-in keeps planning its blocks to 3.75 MB, so its first attempt at each block is refused.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import type { OversizeRequestError } from "../../dev/office-emulation/proxy";
import { writeRows } from "../../src/workbook/boqSheet";
import { writeColumnBack, writeTableToNewSheet } from "../../src/workbook";
import { failureOf } from "./failure";

jest.setTimeout(60_000);

const HEADERS = ["Code", "Name", "Note"];
const ROWS = 3_000;
const row = (i: number): string[] => [
  `C${i}`,
  `Position ${i} ${"n".repeat(150)}`,
  `Note ${i} ${"z".repeat(150)}`,
];

function refused(excel: OfficeEmulation, code: OversizeRequestError): number {
  return excel.getSyncLog().filter((entry) => entry.error === code).length;
}

describe.each<OversizeRequestError>(["RequestPayloadSizeLimitExceeded", "GeneralException"])(
  "a write refused with %s",
  (code) => {
    const host = (limit: number): OfficeEmulation =>
      createEmulatedExcel({ sheets: { Catalog: [] }, payloadLimitBytes: limit, oversizeRequestError: code });

    it("writes a new sheet's rows again in halves, every row in its place, under the sheet's own name", async () => {
      const excel = host(256 * 1024);
      const rows = Array.from({ length: ROWS }, (_, i) => row(i + 1));
      const written = await excel.run((context) =>
        writeTableToNewSheet(context, { name: "Log", headers: HEADERS, rows, columnFormats: ["@"] }),
      );
      expect(written).toEqual({ sheetName: "Log", address: `A1:C${ROWS + 1}`, rowCount: ROWS });
      expect(excel.sheetNames()).toEqual(["Catalog", "Log"]);
      expect(excel.values("Log", "A1:C2")).toEqual([HEADERS, row(1)]);
      expect(excel.values("Log", `A${ROWS + 1}:C${ROWS + 1}`)).toEqual([row(ROWS)]);
      expect(excel.values("Log", "A1:A" + String(ROWS + 1)).map((r) => r[0])).toEqual([
        "Code",
        ...rows.map((r) => r[0]),
      ]);
      expect(excel.cell("Log", `A${ROWS + 1}`)?.numberFormat).toBe("@");
      expect(refused(excel, code)).toBeGreaterThan(0);
      // Every sync that went through was under the host's limit: the halves, not the block.
      for (const entry of excel.getSyncLog()) {
        if (entry.error === undefined) expect(entry.requestBytes).toBeLessThanOrEqual(256 * 1024);
      }
    });

    it("writes a column back in halves", async () => {
      const excel = host(128 * 1024);
      excel.setCells("Catalog", "A1", [["Guid"]]);
      const guids = Array.from(
        { length: 20_000 },
        (_, i) => `0f8fad5b-d9cb-469f-a165-${String(i).padStart(12, "0")}`,
      );
      const result = await excel.run((context) => writeColumnBack(context, "Catalog", "A", 2, guids));
      expect(result).toEqual({ address: "A2:A20001", written: 20_000 });
      expect(excel.values("Catalog", "A2:A20001").map((r) => r[0])).toEqual(guids);
      expect(refused(excel, code)).toBeGreaterThan(0);
    });

    it("writes the BOQ sheet's rows (formats and formulas) in halves", async () => {
      const excel = host(64 * 1024);
      const formats = ["@", "@", "#,##0.00"];
      const rows = Array.from({ length: 2_000 }, (_, i) => ({
        at: i,
        cells: [`C${i}`, `Position ${i} ${"n".repeat(40)}`, `=${i}*2`],
        formats: true,
      }));
      await excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Catalog");
        await writeRows(context, sheet, "Catalog", rows, formats);
      });
      expect(excel.values("Catalog", "A2000:C2000")).toEqual([
        ["C1999", `Position 1999 ${"n".repeat(40)}`, 3998],
      ]);
      expect(excel.cell("Catalog", "C2000")?.numberFormat).toBe("#,##0.00");
      expect(excel.values("Catalog", "C1:C2000").every((r, i) => r[0] === i * 2)).toBe(true);
      expect(refused(excel, code)).toBeGreaterThan(0);
    });

    it("stops at one row still refused, saying how far the sheet got", async () => {
      // One row of 40 cells of 30,000 characters (1.2 MB) is over this host's 1 MB on its own
      // and within the add-in's 3.75 MB plan: it cannot be halved, and is refused.
      const excel = host(1024 * 1024);
      const headers = Array.from({ length: 40 }, (_, i) => `C${i}`);
      const write = excel.run((context) =>
        writeTableToNewSheet(context, {
          name: "Log",
          headers,
          rows: [headers.map(() => "small"), headers.map(() => "x".repeat(30_000)), headers.map(() => "end")],
        }),
      );
      await expect(failureOf(write)).resolves.toMatchObject({
        officeCode: code,
        text: expect.stringContaining('Sheet "Log" holds only the first 1 of 3 rows.'),
      });
      expect(excel.values("Log", "A2")).toEqual([["small"]]);
      expect(excel.values("Log", "A3:A4")).toEqual([[""], [""]]);
    });
  },
);

describe("a write refused for another reason", () => {
  it("is not halved: a protected sheet refuses the first block once", async () => {
    const excel = createEmulatedExcel({ sheets: { Catalog: [["Guid"]] } });
    excel.model.getSheetByName("Catalog")!.isProtected = true;
    excel.clearSyncLog();
    const write = excel.run((context) =>
      writeColumnBack(
        context,
        "Catalog",
        "A",
        2,
        Array.from({ length: 100 }, (_, i) => `g${i}`),
      ),
    );
    await expect(failureOf(write)).resolves.toMatchObject({ code: "sheet-protected" });
    expect(excel.getSyncLog().filter((entry) => entry.error !== undefined)).toHaveLength(1);
  });
});
