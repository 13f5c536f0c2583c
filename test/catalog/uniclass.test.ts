// A classification table as an estimator pastes it from Uniclass 2015: headers "Code" and
// "Title", codes like Ss_15_10_30 whose top codes hang under table codes (Ss, Pr, EF) that the
// sheet does not list. It maps without help, and the missing parents are told in one warning
// that names them and how many positions hang under them.

import { analyseCatalog } from "../../src/catalog";
import type { CellValue } from "../../src/catalog";
import { lazily, worded } from "./helpers";

const TABLES = ["Ss", "Pr", "EF"] as const;

function uniclass(): CellValue[][] {
  const rows: CellValue[][] = [["Code", "Title"]];
  for (const table of TABLES) {
    for (let g = 10; g <= 30; g += 5) {
      const group = `${table}_${g}`;
      rows.push([group, `${table} group ${g}`]);
      for (let s = 10; s <= 40; s += 10) {
        const sub = `${group}_${s}`;
        rows.push([sub, `${table} subgroup ${g}.${s}`]);
        for (let o = 10; o <= 50; o += 10) rows.push([`${sub}_${o}`, `${table} object ${g}.${s}.${o}`]);
      }
    }
  }
  return rows;
}

describe("a Uniclass table pasted as it is", () => {
  const values = uniclass();
  const positions = values.length - 1;
  const analysed = lazily(() => analyseCatalog({ sheet: "Uniclass", startRow: 1, startColumn: 0, values }));

  it("maps Code and Title without help", () => {
    const analysis = analysed();
    expect(analysis.mapping).toEqual({ headerRow: 1, columns: { Code: "A", Name: "B" } });
    expect(analysis.positions).toHaveLength(positions);
  });

  it("tells the missing table codes in one warning with the number of positions under them", () => {
    const analysis = analysed();
    expect(analysis.problems).toHaveLength(1);
    const [warning] = analysis.problems;
    expect(warning).toMatchObject({ kind: "orphan-code", severity: "warning", cell: "A2", field: "Code" });
    expect(warning?.values).toEqual({
      parents: ["EF", "Pr", "Ss"],
      parentCount: 3,
      more: 0,
      positions,
      total: positions,
    });
    const words = warning && worded(warning);
    expect(words?.message).toBe(
      `3 parent codes "EF", "Pr", and "Ss" are not in the list, and all ${positions} of the ${positions} positions hang under them (the first in A2); the platform ignores the whole sheet unless the parents already exist in the catalog.`,
    );
    expect(words?.fix).toContain('Add rows for "EF", "Pr", and "Ss"');
    expect(analysis.missingParents.map((m) => [m.code, m.rows.length, m.positions])).toEqual([
      ["EF", 5, positions / 3],
      ["Pr", 5, positions / 3],
      ["Ss", 5, positions / 3],
    ]);
  });

  it("has no warning once the table codes are added", () => {
    const complete = [
      values[0] as CellValue[],
      ["Ss", "Systems"],
      ["Pr", "Products"],
      ["EF", "Elements/functions"],
      ...values.slice(1),
    ];
    const again = analyseCatalog({ sheet: "Uniclass", startRow: 1, startColumn: 0, values: complete });
    expect(again.problems).toEqual([]);
    expect(again.counts.roots).toBe(3);
  });
});
