// Checking a range through the pipeline, on sheets whose names a reference would have to quote:
// the range goes to the workbook reader as its sheet and address, never as text to parse back.
import { createEmulatedExcel } from "../../dev/office-emulation";
import { follower } from "./fakePlatform";

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
    expect(state.source).toEqual({ sheet, address: "A1:D3" });
    expect(state.analysis?.positions.map((p) => p.Code)).toEqual(["1", "1.1"]);
    expect(state.analysis?.problems.every((p) => p.sheet === sheet)).toBe(true);
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
