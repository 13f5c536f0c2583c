// Data types a custom function returns, in the emulation (dev/office-emulation/cell-values.ts):
// formatted numbers shown in their formats and read as numbers, an entity shown as its text, read
// as #VALUE! by Range.values, its fields by `=A2.Quantity`; all only on CustomFunctionsRuntime 1.4
// with allowCustomDataForDataTypeAny in functions.json, #VALUE! elsewhere.
import {
  createEmulatedExcel,
  DEFAULT_REQUIREMENTS,
  type FunctionsMetadata,
} from "../../dev/office-emulation";

const METADATA: FunctionsMetadata = {
  allowCustomDataForDataTypeAny: true,
  functions: [{ id: "ROWS", name: "ROWS", parameters: [], result: { dimensionality: "matrix" } }],
};
const WITH_DATA_TYPES = { ...DEFAULT_REQUIREMENTS, ExcelApi: "1.19", CustomFunctionsRuntime: "1.4" };

const entity = {
  type: "Entity",
  text: "Concrete C30",
  properties: {
    Code: { type: "String", basicValue: "1.1" },
    Name: { type: "String", basicValue: "Concrete C30" },
    Quantity: { type: "Double", basicValue: 12.5, numberFormat: "#,##0.000" },
    "Unit cost": { type: "Double", basicValue: 100, numberFormat: "#,##0.00" },
  },
  layouts: {
    card: { title: { property: "Name" }, sections: [{ layout: "List", properties: ["Code", "Quantity"] }] },
  },
};

function setup(options: { requirements?: Record<string, string>; metadata?: FunctionsMetadata } = {}) {
  const excel = createEmulatedExcel({
    sheets: { Sheet1: [] },
    functionsMetadata: options.metadata ?? METADATA,
    requirements: options.requirements ?? WITH_DATA_TYPES,
  });
  let result: unknown[][] = [
    ["Date", "Total", "Share"],
    [
      { type: "Double", basicValue: 45_726, numberFormat: "m/d/yyyy" },
      { type: "FormattedNumber", basicValue: 122_721_000.5, numberFormat: "#,##0.00" },
      { type: "Double", basicValue: 0.0714, numberFormat: "0.0%" },
    ],
    [entity, 1, true],
  ];
  excel.globals.CustomFunctions.associate("ROWS", () => result);
  return {
    excel,
    setResult: (next: unknown[][]) => {
      result = next;
    },
  };
}

it("shows a formatted number in its format, and Range.values reads the number", async () => {
  const { excel } = setup();
  excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS()"]]);
  await excel.formulasSettled();
  expect(excel.texts("Sheet1", "A2:C2")).toEqual([["3/10/2025", "122,721,000.50", "7.1%"]]);
  expect(excel.values("Sheet1", "A2:C2")).toEqual([[45_726, 122_721_000.5, 0.0714]]);
  expect(excel.cell("Sheet1", "B2")?.valueFormat).toBe("#,##0.00");
});

it("lets a number format the user gave the cell show instead of the value's", async () => {
  const { excel } = setup();
  excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS()"]]);
  await excel.formulasSettled();
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("B2").numberFormat = [["0"]];
    await context.sync();
  });
  expect(excel.texts("Sheet1", "B2")).toEqual([["122721001"]]);
});

it("shows an entity as its text, gives #VALUE! to Range.values, and its fields to =A3.Field", async () => {
  const { excel, setResult } = setup();
  excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS()"]]);
  await excel.formulasSettled();
  expect(excel.texts("Sheet1", "A3")).toEqual([["Concrete C30"]]);
  expect(excel.values("Sheet1", "A3")).toEqual([["#VALUE!"]]);
  excel.setCells("Sheet1", "E1", [["=A3.Quantity*2"], ["=A3.[Unit cost]"], ["=A3.Missing"], ["=A3.code"]]);
  expect(excel.values("Sheet1", "E1:E4")).toEqual([[25], [100], ["#VALUE!"], ["1.1"]]);
  // The entity changes (a recalculation brings new figures): the formulas reading it follow.
  setResult([
    ["Date", "Total", "Share"],
    [1, 2, 3],
    [
      { ...entity, properties: { ...entity.properties, Quantity: { type: "Double", basicValue: 4 } } },
      1,
      true,
    ],
  ]);
  excel.recalculate();
  await excel.formulasSettled();
  expect(excel.values("Sheet1", "E1")).toEqual([[8]]);
});

it("reads a field named in Russian, as a workbook with Russian headers names it", async () => {
  const { excel, setResult } = setup();
  const russian = {
    ...entity,
    properties: {
      Количество: { type: "Double", basicValue: 3 },
      "Цена за ед.": { type: "Double", basicValue: 5 },
    },
  };
  setResult([[russian]]);
  excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS()"]]);
  await excel.formulasSettled();
  excel.setCells("Sheet1", "B1", [["=A1.Количество*A1.[Цена за ед.]"]]);
  expect(excel.values("Sheet1", "B1")).toEqual([[15]]);
});

it("gives #VALUE! for data types where the runtime is older than CustomFunctionsRuntime 1.4", async () => {
  const { excel } = setup({ requirements: DEFAULT_REQUIREMENTS });
  excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS()"]]);
  await excel.formulasSettled();
  expect(excel.values("Sheet1", "A2:C3")).toEqual([
    ["#VALUE!", "#VALUE!", "#VALUE!"],
    ["#VALUE!", 1, true],
  ]);
});

it("gives #VALUE! for data types where functions.json does not allow them", async () => {
  const { excel } = setup({ metadata: { ...METADATA, allowCustomDataForDataTypeAny: false } });
  excel.setCells("Sheet1", "A1", [["=PLATFORM.ROWS()"]]);
  await excel.formulasSettled();
  expect(excel.values("Sheet1", "A2")).toEqual([["#VALUE!"]]);
});
