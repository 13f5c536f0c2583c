// The columns the add-in must find again (the import's Result column) are marked with a workbook
// name over their cells: found on their sheet whatever their header says, one mark per column,
// following the column when the user inserts columns before it, and a mark whose cells were
// deleted dropped by the next one.
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";
import { markColumn, markedColumns } from "../../src/workbook";

const PREFIX = "BOQBridge_Result_";

function workbook(): OfficeEmulation {
  return createEmulatedExcel({
    sheets: {
      Catalog: [
        ["Code", "Name", "Result"],
        ["1", "Roofing", "Inserted"],
      ],
      Other: [["x"]],
    },
  });
}

const mark = (excel: OfficeEmulation, sheet: string, column: number) =>
  excel.run((context) => markColumn(context, { sheet, column, firstRow: 1, lastRow: 2 }, PREFIX, "ours"));
const marked = (excel: OfficeEmulation, sheet: string) =>
  excel.run((context) => markedColumns(context, sheet, PREFIX));

it("marks a column with a name over its cells, found on its sheet only", async () => {
  const excel = workbook();
  await mark(excel, "Catalog", 2);
  expect(excel.model.names).toMatchObject([{ name: "BOQBridge_Result_1", comment: "ours" }]);
  await expect(marked(excel, "Catalog")).resolves.toEqual([2]);
  await expect(marked(excel, "catalog")).resolves.toEqual([2]);
  await expect(marked(excel, "Other")).resolves.toEqual([]);
});

it("keeps one mark per column: marking it again replaces the mark, another column gets its own", async () => {
  const excel = workbook();
  await mark(excel, "Catalog", 2);
  await mark(excel, "Catalog", 2);
  expect(excel.model.names.map((n) => n.name)).toEqual(["BOQBridge_Result_1"]);
  await mark(excel, "Other", 0);
  expect(excel.model.names.map((n) => n.name)).toEqual(["BOQBridge_Result_1", "BOQBridge_Result_2"]);
});

it("follows its column when columns are inserted before it, and leaves other names alone", async () => {
  const excel = workbook();
  await excel.run(async (context) => {
    context.workbook.names.add("Prices", context.workbook.worksheets.getItem("Catalog").getRange("A1:A2"));
    await context.sync();
  });
  await mark(excel, "Catalog", 2);
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Catalog").getRange("A:A").insert("Right");
    await context.sync();
  });
  await expect(marked(excel, "Catalog")).resolves.toEqual([3]);
  await mark(excel, "Catalog", 3);
  expect(excel.model.names.map((n) => n.name).sort()).toEqual(["BOQBridge_Result_1", "Prices"]);
});

it("drops a mark whose cells were deleted (#REF!) when the next one is made", async () => {
  const excel = workbook();
  await mark(excel, "Catalog", 2);
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Catalog").getRange("C:C").delete("Left");
    await context.sync();
  });
  await expect(marked(excel, "Catalog")).resolves.toEqual([]);
  await mark(excel, "Catalog", 1);
  expect(excel.model.names.map((n) => n.name)).toEqual(["BOQBridge_Result_1"]);
  await expect(marked(excel, "Catalog")).resolves.toEqual([1]);
});
