// BOQ rows for the tests: a small estimate with two sections, ids "r1".., built by row().
import type { BoqRow } from "../../src/api/schemas";
import { NIL_UUID } from "../../src/api/schemas";

export function row(id: string, parent: string | null, fields: Partial<BoqRow> = {}): BoqRow {
  return {
    CatalogName: "Demo catalog",
    Code: id.toUpperCase(),
    Name: `Item ${id}`,
    Unit: "m3",
    Value: 0,
    Id: id,
    ParentId: parent ?? NIL_UUID,
    ValueCost: 0,
    TotalCost: 0,
    FullTotalCost: 0,
    LocalVars: [],
    ...fields,
  };
}

/** s1 > (a, b), s2 > c > d: sent children first, to check that tree order does not trust the wire. */
export function estimate(): BoqRow[] {
  return [
    row("a", "s1", { Value: 2, ValueCost: 10, TotalCost: 20, LocalVars: [{ Name: "Floor", Value: "3" }] }),
    row("s1", null, { FullTotalCost: 50 }),
    row("b", "s1", { Value: 3, ValueCost: 10, TotalCost: 30, LocalVars: [{ Name: "Zone", Value: "B" }] }),
    row("s2", null, { FullTotalCost: 7 }),
    row("c", "s2", { FullTotalCost: 7 }),
    row("d", "c", { Value: 1, ValueCost: 7, TotalCost: 7, LocalVars: [{ Name: "Floor", Value: null }] }),
  ];
}
