// The one seam from a BOQ value to a cell (src/boq/cellValues.ts), kind by kind and field by field:
// what a PLATFORM function returns on a host without data types (plain values), with
// FormattedNumberCellValue (ExcelApi 1.16 to 1.18) and with DoubleCellValue's numberFormat (1.19),
// what a sheet cell holds, and the fields of a BOQ row and of a compared row.
import type { BoqRow } from "../../src/api/schemas";
import {
  BOQ_FIELDS,
  COMPARED_FIELDS,
  comparedKind,
  comparedValue,
  dateValue,
  fieldKind,
  fieldValue,
  formatOf,
  PLAIN_VALUES,
  positionCard,
  sheetNumber,
  sheetValue,
  spillValue,
  variableValue,
  type BoqField,
  type CellKind,
  type EntityValue,
  type ValueSupport,
} from "../../src/boq/cellValues";
import { boqMatrix } from "../../src/boq/matrix";
import { compareBoqs } from "../../src/boq/compare";
import { rowTotals } from "../../src/boq/totals";
import { treeOrder } from "../../src/boq/tree";
import { estimate, row } from "./rows";

const FORMATTED: ValueSupport = { numbers: "formattedNumber", entities: true };
const DOUBLE: ValueSupport = { numbers: "double", entities: true };

describe("a value of each kind, as a PLATFORM function returns it", () => {
  const formatted: ReadonlyArray<[CellKind, number, string]> = [
    ["quantity", 12.5, "#,##0.000"],
    ["money", 122_721_000.5, "#,##0.00"],
    ["percent", 0.0714, "0.0%"],
    ["date", 45_726.5, "m/d/yyyy"],
  ];

  it.each(formatted)("gives a %s as a plain number where the host has no data types", (kind, value) => {
    expect(spillValue(kind, value, PLAIN_VALUES)).toBe(kind === "percent" ? value * 100 : value);
  });

  it.each(formatted)("gives a %s as a FormattedNumberCellValue on ExcelApi 1.16", (kind, value, format) => {
    expect(spillValue(kind, value, FORMATTED)).toEqual({
      type: "FormattedNumber",
      basicValue: value,
      numberFormat: format,
    });
  });

  it.each(formatted)(
    "gives a %s as a DoubleCellValue with its numberFormat on ExcelApi 1.19",
    (kind, value, format) => {
      expect(spillValue(kind, value, DOUBLE)).toEqual({
        type: "Double",
        basicValue: value,
        numberFormat: format,
      });
      expect(formatOf(kind)).toBe(format);
    },
  );

  it("gives whole numbers, text and yes/no as they are on every host", () => {
    for (const support of [PLAIN_VALUES, FORMATTED, DOUBLE]) {
      expect(spillValue("integer", 3, support)).toBe(3);
      expect(spillValue("text", "1 Земляные работы", support)).toBe("1 Земляные работы");
      expect(spillValue("boolean", true, support)).toBe(true);
      expect(spillValue("money", null, support)).toBe("");
    }
  });

  it("gives a number that cannot be shown as #NUM!, the host's error where it makes one", () => {
    expect(spillValue("money", Number.NaN, PLAIN_VALUES)).toEqual({ code: "#NUM!" });
    const made = { code: "made" };
    expect(spillValue("quantity", Infinity, { ...DOUBLE, error: () => made })).toBe(made);
  });

  it("reads a platform timestamp as a date, and text in another form as text", () => {
    expect(dateValue("2025-03-10T12:00:00Z")).toEqual({ kind: "date", value: 45_726.5 });
    expect(dateValue("yesterday")).toEqual({ kind: "text", value: "yesterday" });
    expect(dateValue(null)).toEqual({ kind: "text", value: null });
  });
});

describe("a value as a sheet's cell holds it", () => {
  it("keeps numbers and text, writes yes/no as Excel's words, and leaves nothing empty", () => {
    expect(sheetValue(2.5)).toBe(2.5);
    expect(sheetValue("m3")).toBe("m3");
    expect(sheetValue(false)).toBe("FALSE");
    expect(sheetValue(null)).toBe("");
    expect(sheetValue(Number.NaN)).toBe("#NUM!");
    expect(sheetNumber("text")).toBe("");
    expect(sheetNumber(4)).toBe(4);
  });
});

describe("a BOQ row's fields", () => {
  const rows: BoqRow[] = [
    ...estimate(),
    row("e", "s2", {
      Value: 2,
      ValueCost: 1.5,
      TotalCost: 3,
      PlatformId: "00000000-0000-4000-8000-000000000001",
      Version: 3,
    }),
  ];
  const ordered = treeOrder(rows);
  const totals = rowTotals(ordered);
  const at = (id: string) => {
    const i = ordered.findIndex((o) => o.row.Id === id);
    return { item: ordered[i]!, total: totals[i]! };
  };

  it("gives every field a kind: numbers their formats, everything else text", () => {
    const kinds = Object.fromEntries(BOQ_FIELDS.map((f) => [f, fieldKind(f)]));
    expect(kinds).toEqual(
      expect.objectContaining({
        Level: "integer",
        Value: "quantity",
        ValueCost: "money",
        TotalCost: "money",
        FullTotalCost: "money",
        Version: "integer",
        Code: "text",
        Name: "text",
        CatalogName: "text",
        PlatformId: "text",
      }),
    );
    const numeric = BOQ_FIELDS.filter((f) => fieldKind(f) !== "text");
    expect(numeric).toEqual(["Level", "Value", "ValueCost", "TotalCost", "FullTotalCost", "Version"]);
  });

  it("gives a position its own figures and a section the sum of its rows, its quantity empty", () => {
    const e = at("e");
    expect(fieldValue(e.item, "Value", e.total)).toBe(2);
    expect(fieldValue(e.item, "ValueCost", e.total)).toBe(1.5);
    expect(fieldValue(e.item, "TotalCost", e.total)).toBe(3);
    expect(fieldValue(e.item, "Level", e.total)).toBe(2);
    expect(fieldValue(e.item, "PlatformId", e.total)).toBe("00000000-0000-4000-8000-000000000001");
    const s1 = at("s1");
    expect(fieldValue(s1.item, "Value", s1.total)).toBeNull();
    expect(fieldValue(s1.item, "ValueCost", s1.total)).toBeNull();
    expect(fieldValue(s1.item, "TotalCost", s1.total)).toBe(50);
    // s1's FullTotalCost (50) is its rows' sum: not shown again.
    expect(fieldValue(s1.item, "FullTotalCost", s1.total)).toBeNull();
    const s2 = at("s2");
    // s2's rows sum to 10 (7 + 3), the platform said 7: shown beside it.
    expect(fieldValue(s2.item, "TotalCost", s2.total)).toBe(10);
    expect(fieldValue(s2.item, "FullTotalCost", s2.total)).toBe(7);
  });

  it("spills a section's total as money, formatted where the host takes it", () => {
    const s2 = at("s2");
    const value = fieldValue(s2.item, "TotalCost", s2.total);
    expect(spillValue(fieldKind("TotalCost"), value, DOUBLE)).toEqual({
      type: "Double",
      basicValue: 10,
      numberFormat: "#,##0.00",
    });
    expect(spillValue(fieldKind("TotalCost"), value, PLAIN_VALUES)).toBe(10);
  });

  it("reads a variable by its name, in any case, as text", () => {
    const a = at("a");
    expect(variableValue(a.item.row, "Floor")).toBe("3");
    expect(variableValue(a.item.row, "floor")).toBe("3");
    expect(variableValue(a.item.row, "Zone")).toBeNull();
  });
});

describe("a compared row's fields", () => {
  const A = [row("s", null), row("a", "s", { Value: 2, ValueCost: 10, TotalCost: 20 })];
  const B = [row("s", null), row("a", "s", { Value: 3, ValueCost: 10, TotalCost: 30, Unit: "m2" })];
  const comparison = compareBoqs(A, B);
  const a = comparison.rows.find((r) => r.code === "A")!;
  const words = { change: "changed", details: () => "unit", pair: (x: string, y: string) => `${x}→${y}` };

  it("gives every field a kind", () => {
    expect(Object.fromEntries(COMPARED_FIELDS.map((f) => [f, comparedKind(f)]))).toEqual({
      Level: "integer",
      Code: "text",
      Name: "text",
      Unit: "text",
      QuantityA: "quantity",
      QuantityB: "quantity",
      DeltaQuantity: "quantity",
      TotalA: "money",
      TotalB: "money",
      DeltaTotal: "money",
      DeltaPercent: "percent",
      Change: "text",
      Details: "text",
    });
  });

  it("shows both units, subtracts no quantities across them, and gives Δ % as a ratio", () => {
    expect(comparedValue(a, "Unit", words)).toBe("m3→m2");
    expect(comparedValue(a, "DeltaQuantity", words)).toBeNull();
    expect(comparedValue(a, "DeltaTotal", words)).toBe(10);
    expect(comparedValue(a, "DeltaPercent", words)).toBe(0.5);
    expect(comparedValue(a, "Change", words)).toBe("changed");
    expect(comparedValue(a, "Details", words)).toBe("unit");
    expect(spillValue("percent", 0.5, DOUBLE)).toEqual({
      type: "Double",
      basicValue: 0.5,
      numberFormat: "0.0%",
    });
    expect(spillValue("percent", 0.5, PLAIN_VALUES)).toBe(50);
  });
});

describe("a position as an entity (PLATFORM.BOQ's cards)", () => {
  const rows: BoqRow[] = [
    row("s", null, { Name: "1 Земляные работы" }),
    row("a", "s", {
      Code: "1.1",
      Name: "Excavation",
      Value: 12.5,
      ValueCost: 100,
      TotalCost: 1250,
      PlatformId: "00000000-0000-4000-8000-000000000001",
    }),
  ];
  const words = { headers: Object.fromEntries(BOQ_FIELDS.map((f) => [f, f])) as Record<BoqField, string> };
  const withHeaders = {
    ...words,
    headers: { ...words.headers, Value: "Quantity", ValueCost: "Unit cost" },
    section: "Section",
  };

  it("gives the Name cell a card with the position's fields on a host that takes entities", () => {
    const m = boqMatrix(rows, ["Code", "Name", "Value"], undefined, withHeaders, DOUBLE, true);
    const card = m[2]?.[1] as EntityValue;
    expect(card.type).toBe("Entity");
    expect(card.text).toBe("Excavation");
    expect(card.layouts.card.title).toEqual({ property: "Name" });
    expect(card.layouts.card.sections[0]?.properties).toEqual([
      "Code",
      "Name",
      "Unit",
      "Quantity",
      "Unit cost",
      "TotalCost",
      "CatalogName",
      "Section",
      "PlatformId",
    ]);
    expect(card.properties["Quantity"]).toEqual({
      type: "Double",
      basicValue: 12.5,
      numberFormat: "#,##0.000",
    });
    expect(card.properties["Section"]).toEqual({ type: "String", basicValue: "1 Земляные работы" });
    // The other cells stay values.
    expect(m[2]?.[0]).toBe("1.1");
  });

  it("gives a section's card the sum of its rows and no quantity, and no section above it", () => {
    const m = boqMatrix(rows, ["Name"], undefined, withHeaders, DOUBLE, true);
    const card = m[1]?.[0] as EntityValue;
    expect(card.properties["TotalCost"]).toEqual({
      type: "Double",
      basicValue: 1250,
      numberFormat: "#,##0.00",
    });
    expect(card.properties["Quantity"]).toBeUndefined();
    expect(card.properties["Section"]).toBeUndefined();
  });

  it("shows a section's platform full total beside its sum only where it differs", () => {
    const differing = [{ ...rows[0]!, FullTotalCost: 1300 }, rows[1]!];
    const card = boqMatrix(differing, ["Name"], undefined, withHeaders, DOUBLE, true)[1]?.[0] as EntityValue;
    expect(card.properties["TotalCost"]?.basicValue).toBe(1250);
    expect(card.properties["FullTotalCost"]).toEqual({
      type: "Double",
      basicValue: 1300,
      numberFormat: "#,##0.00",
    });
    const agreeing = [{ ...rows[0]!, FullTotalCost: 1250 }, rows[1]!];
    const same = boqMatrix(agreeing, ["Name"], undefined, withHeaders, DOUBLE, true)[1]?.[0] as EntityValue;
    expect(same.properties["FullTotalCost"]).toBeUndefined();
    // A position's card has none.
    const leaf = boqMatrix(differing, ["Name"], undefined, withHeaders, DOUBLE, true)[2]?.[0] as EntityValue;
    expect(leaf.properties["FullTotalCost"]).toBeUndefined();
  });

  it("puts the card on the Code cell where Name is not among the columns", () => {
    const m = boqMatrix(rows, ["Code", "Value"], undefined, withHeaders, DOUBLE, true);
    expect((m[2]?.[0] as EntityValue).text).toBe("1.1");
  });

  it("keeps the text where the host takes no entities, and without cards", () => {
    expect(boqMatrix(rows, ["Name"], undefined, withHeaders, PLAIN_VALUES, true)[2]).toEqual(["Excavation"]);
    expect(boqMatrix(rows, ["Name"], undefined, withHeaders, DOUBLE, false)[2]).toEqual(["Excavation"]);
  });

  it("builds the card from the same rule as the cells", () => {
    const ordered = treeOrder(rows);
    const totals = rowTotals(ordered);
    const card = positionCard(ordered[1]!, totals[1]!, "1 Земляные работы", "Name", {
      field: (f) => f,
      section: "Section",
    });
    expect(card.properties.map((p) => [p.label, p.kind])).toEqual([
      ["Code", "text"],
      ["Name", "text"],
      ["Unit", "text"],
      ["Value", "quantity"],
      ["ValueCost", "money"],
      ["TotalCost", "money"],
      ["FullTotalCost", "money"],
      ["CatalogName", "text"],
      ["Section", "text"],
      ["PlatformId", "text"],
    ]);
  });
});
