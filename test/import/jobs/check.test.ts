// Checking a range through the pipeline, on sheets whose names a reference would have to quote:
// the range goes to the workbook reader as its sheet and address, never as text to parse back.
import { createEmulatedExcel } from "../../../dev/office-emulation";
import { EmulatedRange } from "../../../dev/office-emulation/excel";
import { follower } from "../fakePlatform";

const ROWS = [
  ["Code", "Name", "Price", "Unit"],
  ["1", "Concrete works", null, null],
  ["1.1", "Concrete C25/30", 95.5, "m3"],
];

it.each(["O'Brien prices", "Q1!Prices", "Prices 'spring'!", "R1C1", "Catalog"])(
  "reads and checks a range on the sheet %p",
  async (sheet) => {
    const h = follower([], [], {}, createEmulatedExcel({ sheets: { [sheet]: ROWS } }));
    await h.pipeline.readRange({ sheet, address: "A1:D3" });
    const state = h.pipeline.getState();
    expect(state.phase).toBe("checked");
    expect(state.error).toBeNull();
    expect(state.check.source).toEqual({ sheet, address: "A1:D3" });
    expect(state.check.analysis?.positions.map((p) => p.Code)).toEqual(["1", "1.1"]);
    expect(state.check.analysis?.problems.every((p) => p.sheet === sheet)).toBe(true);
  },
);

it("says that the range could not be read when its sheet is gone", async () => {
  const h = follower([], [], {}, createEmulatedExcel({ sheets: { Catalog: ROWS } }));
  await h.pipeline.readRange({ sheet: "Prices", address: "A1:D3" });
  const state = h.pipeline.getState();
  expect(state.phase).toBe("source");
  expect(state.error?.key).toBe("import.failedRead");
  expect(state.error?.detail).toContain('"Prices"');
});

it("reports, on the check screen, cells Excel answers with no values, instead of checking fewer rows", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: ROWS } });
  // A host answering every read with null (as Excel does past 5 million cells, with no error).
  const original = EmulatedRange.prototype.toJSON;
  const spy = jest.spyOn(EmulatedRange.prototype, "toJSON").mockImplementation(function (
    this: EmulatedRange,
  ) {
    const json = original.call(this);
    for (const p of ["values", "valueTypes", "formulas", "text", "numberFormat"])
      if (p in json) json[p] = null;
    return json;
  });
  try {
    const h = follower([], [], {}, excel);
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:D3" });
    const state = h.pipeline.getState();
    expect(state.phase).toBe("source");
    expect(state.check.analysis).toBeNull();
    expect(state.error?.key).toBe("import.failedRead");
    expect(state.error?.detail).toBe(
      'Excel gave back no values for A1:D3 on sheet "Catalog", so the range was not read (no rows were left out). Select fewer rows or columns, for example only the catalog\'s own cells, and try again.',
    );
  } finally {
    spy.mockRestore();
  }
});

it("checks every row of the table around a selected cell on a sheet whose used range passes 5 million cells", async () => {
  const excel = createEmulatedExcel({ sheets: { Catalog: ROWS } });
  // A stray value far below: the used range A1:E1048576 (5,242,880 cells) reads as null in one go.
  excel.setCells("Catalog", "E1048576", [["x"]]);
  excel.select("Catalog", "B2");
  const h = follower([], [], {}, excel);
  await h.pipeline.readSelection();
  const state = h.pipeline.getState();
  expect(state.error).toBeNull();
  expect(state.check.source).toEqual({ sheet: "Catalog", address: "A1:D3" });
  expect(state.check.analysis?.positions.map((p) => p.Code)).toEqual(["1", "1.1"]);
}, 60_000);
