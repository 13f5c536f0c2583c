// Issue 43, item 7: a classification table (Uniclass: Group, Sub group, Section, Object, NRM)
// has several columns that hold data no field reads. The check lists them in one line with their
// letters and headers, not one warning each; a column whose header suggests a field keeps its own
// line with its own fix, and a single such column reads as before.
import { analyseCatalog } from "../../../src/catalog";
import "../../../src/i18n/deferred";
import { initialState, problemText, selectProblemsInOrder, type ImportState } from "../../../src/import";

function checked(values: (string | number)[][]): ImportState {
  const analysis = analyseCatalog({ sheet: "Pr", startRow: 1, startColumn: 0, values });
  const base = initialState();
  return { ...base, phase: "checked", check: { ...base.check, analysis } };
}

const HEADER = ["Code", "Group", "Sub group", "Section", "Object", "Title", "NRM", "Cost"];
const row = (code: string, title: string) => [code, "20", "10", "30", "40", title, "1.2.3", "x"];

describe("columns that hold data no field reads", () => {
  it("are said in one line naming the columns and their headers, in both languages", () => {
    const state = checked([HEADER, row("Pr_20", "Products"), row("Pr_20_10", "Piles")]);
    const unmapped = selectProblemsInOrder(state).filter((p) => p.kind === "unmapped-column");
    const all = state.check.analysis!.problems.filter((p) => p.kind === "unmapped-column");
    expect(all.length).toBeGreaterThan(2);
    const plain = unmapped.filter((p) => Array.isArray(p.values["columns"]));
    expect(plain).toHaveLength(1);
    const columns = plain[0]!.values["columns"] as string[];
    expect(columns).toEqual(expect.arrayContaining(["B", "C", "D", "E", "G"]));
    const en = problemText(plain[0]!, "en");
    expect(en.message).toMatch(
      /^Columns B, C, D, E,? .* hold data, but no field is read from them \(headed “Group”, “Sub group”/,
    );
    expect(problemText(plain[0]!, "ru").message).toMatch(/^В столбцах B, C, D/);
    // Nothing is lost: every column is either in the line or has its own.
    const own = unmapped.filter((p) => !Array.isArray(p.values["columns"])).map((p) => p.column);
    expect([...columns, ...own].sort()).toEqual(all.map((p) => p.column).sort());
  });

  it("one such column keeps its own warning", () => {
    const state = checked([
      ["Code", "Name", "Group"],
      ["1", "Walls", "20"],
    ]);
    const unmapped = selectProblemsInOrder(state).filter((p) => p.kind === "unmapped-column");
    expect(unmapped).toHaveLength(1);
    expect(problemText(unmapped[0]!, "en").message).toMatch(/^Column C \(headed “Group” in C1\) holds data/);
  });
});
