// The navigator's Insert formula through the injected Excel runner: =PLATFORM.BOQ(...) of the
// choice, every argument as text, in the top-left cell of the selection.
import { createEmulatedExcel } from "../../dev/office-emulation";
import { insertBoqFormula } from "../../src/boqsheet";

it("writes the formula into the selected cell and says where", async () => {
  const excel = createEmulatedExcel({ sheets: { Sheet1: [], Notes: [] } });
  excel.select("Notes", "C3:D9");
  const address = await insertBoqFormula((batch) => excel.run(batch), {
    company: 'O"Neil & Co',
    project: "O'Brien Tower",
    model: "Tower AR",
    scheme: "Main scheme",
    version: "3.10",
  });
  expect(address).toBe("Notes!C3");
  expect(excel.cell("Notes", "C3")?.formula).toBe(
    '=PLATFORM.BOQ("O""Neil & Co", "O\'Brien Tower", "Tower AR", "Main scheme", "3.10")',
  );
  expect(excel.cell("Notes", "C4")).toBeUndefined();
});
