import { importRequestSchema } from "../../src/api/schemas";
import { CatalogBlockedError, analyseCatalog, buildImportBody } from "../../src/catalog";
import type { CatalogDeletion, CatalogPosition, CellBlock, CellValue } from "../../src/catalog";

const SETTINGS = { CatalogName: "Прайс 2026", CompanyId: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d" };
const GUID_A = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const GUID_B = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";

/** Repeatable GUIDs: 00000000-0000-4000-8000-000000000001, ...002, ... */
function counterGuids(): () => string {
  let n = 0;
  return () => {
    n++;
    return `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
  };
}

const withoutRow = <T extends { row: number }>({ row: _row, ...rest }: T): Omit<T, "row"> => rest;

describe("import body round trip", () => {
  const positions: CatalogPosition[] = [
    { row: 2, Code: "1", Name: "Раздел 1", Guid: GUID_A },
    {
      row: 3,
      Code: "1.1",
      Name: "Бетон B25",
      Price: 5234.75,
      Unit: "м3",
      CurrencyCharCode: "RUB",
      Binding: "ext-17",
      ControlPoints: [
        { Binding: "Volume", VariableName: "V" },
        { Binding: "a;b", VariableName: "c=d" },
      ],
    },
    { row: 4, Code: "1.2", Name: "Without price" },
    { row: 5, Code: "1.3", Name: "Free", Price: 0, ControlPoints: [] },
  ];
  const deletions: CatalogDeletion[] = [
    { row: 7, Guid: GUID_B, Code: "2", Name: "Old" },
    { row: 8, Code: "3" },
  ];

  it("a position set becomes a body that the client's schema parses back to the same set", () => {
    const body = buildImportBody({ positions, deletions, problems: [] }, SETTINGS).body;
    const parsed = importRequestSchema.parse(JSON.parse(JSON.stringify(body)));
    expect(parsed).toEqual(body);
    expect(parsed.Settings).toEqual(SETTINGS);
    expect(parsed.Data).toEqual(positions.map(withoutRow));
    expect(parsed.DeletedData).toEqual(deletions.map(withoutRow));
  });

  it("leaves out absent fields instead of sending null or empty strings", () => {
    const body = buildImportBody({ positions, deletions, problems: [] }, SETTINGS).body;
    const json = JSON.stringify(body);
    expect(json).not.toContain("null");
    expect(json).not.toContain('""');
    expect(Object.keys(body.Data[2] ?? {})).toEqual(["Code", "Name"]);
    expect(Object.keys(body.DeletedData[1] ?? {})).toEqual(["Code"]);
  });

  it("a sheet becomes a body the schema accepts, carrying what the cells hold", () => {
    const block: CellBlock = {
      sheet: "Catalog",
      startRow: 1,
      startColumn: 0,
      values: [
        ["Код", "Наименование", "Цена", "Ед. изм.", "Валюта", "ID", "Контрольные точки", "Удалить"],
        ["1", "Раздел", "", "", "", "", "", ""],
        [
          "1.1",
          "Бетон",
          "12,5",
          "м3",
          "rub",
          GUID_A.toUpperCase(),
          '[{"Binding":"V","VariableName":"Vol"}]',
          "",
        ],
        ["1.2", "Old", "", "", "", "", "", "да"],
      ],
    };
    const analysis = analyseCatalog(block, { decimalSeparator: "," });
    expect(analysis.problems.map((p) => p.kind)).toEqual(["price-text"]);
    const { body } = buildImportBody(analysis, SETTINGS);
    expect(importRequestSchema.parse(JSON.parse(JSON.stringify(body)))).toEqual({
      Settings: SETTINGS,
      Data: [
        { Code: "1", Name: "Раздел" },
        {
          Guid: GUID_A,
          Code: "1.1",
          Name: "Бетон",
          Price: 12.5,
          Unit: "м3",
          CurrencyCharCode: "RUB",
          ControlPoints: [{ Binding: "V", VariableName: "Vol" }],
        },
      ],
      DeletedData: [{ Code: "1.2", Name: "Old" }],
    });
  });
});

describe("buildImportBody", () => {
  const sheet = (rows: CellValue[][]): CellBlock => ({
    sheet: "Catalog",
    startRow: 1,
    startColumn: 0,
    values: [["Code", "Name", "Guid"], ...rows],
  });

  it("refuses an analysis with errors", () => {
    const analysis = analyseCatalog(sheet([["1", ""]]));
    expect(() => buildImportBody(analysis, SETTINGS)).toThrow(CatalogBlockedError);
    expect(() => buildImportBody(analysis, SETTINGS)).toThrow(
      "The catalog has 1 error; correct it before importing.",
    );
  });

  it("builds despite warnings", () => {
    const analysis = analyseCatalog(sheet([["9.9", "Orphan", ""]]));
    expect(analysis.counts).toMatchObject({ errors: 0, warnings: 1 });
    expect(buildImportBody(analysis, SETTINGS).body.Data).toEqual([{ Code: "9.9", Name: "Orphan" }]);
  });

  it("assigns a Guid to each position without one and lists them for write-back", () => {
    const analysis = analyseCatalog(
      sheet([
        ["1", "Root", ""],
        ["1.1", "Has one", GUID_A],
        ["1.2", "Child", ""],
      ]),
    );
    const { body, assignedGuids } = buildImportBody(analysis, SETTINGS, {
      assignGuids: true,
      newGuid: counterGuids(),
    });
    expect(assignedGuids).toEqual([
      { row: 2, guid: "00000000-0000-4000-8000-000000000001" },
      { row: 4, guid: "00000000-0000-4000-8000-000000000002" },
    ]);
    expect(body.Data.map((p) => p.Guid)).toEqual([
      "00000000-0000-4000-8000-000000000001",
      GUID_A,
      "00000000-0000-4000-8000-000000000002",
    ]);
    // The analysis itself is not changed: assigning is the caller's decision to write back.
    expect(analysis.positions[0]?.Guid).toBeUndefined();
  });

  it("after writing the Guids back, the same sheet imports with every Guid set", () => {
    const rows: CellValue[][] = [
      ["1", "Root", ""],
      ["1.1", "Child", ""],
    ];
    const first = buildImportBody(analyseCatalog(sheet(rows)), SETTINGS, {
      assignGuids: true,
      newGuid: counterGuids(),
    });
    for (const { row, guid } of first.assignedGuids) {
      const cells = rows[row - 2];
      if (cells) cells[2] = guid;
    }
    const again = analyseCatalog(sheet(rows));
    expect(again.counts).toMatchObject({ withGuid: 2, withoutGuid: 0 });
    const second = buildImportBody(again, SETTINGS, { assignGuids: true, newGuid: counterGuids() });
    expect(second.assignedGuids).toEqual([]);
    expect(second.body).toEqual(first.body);
  });

  it("uses crypto.randomUUID by default", () => {
    const analysis = analyseCatalog(sheet([["1", "Root", ""]]));
    const { assignedGuids } = buildImportBody(analysis, SETTINGS, { assignGuids: true });
    expect(assignedGuids[0]?.guid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("refuses a generator that returns something other than a new GUID", () => {
    const positions: CatalogPosition[] = [
      { row: 2, Code: "1" },
      { row: 3, Code: "2" },
    ];
    const assigning = (given: CatalogPosition[], newGuid: () => string) => () =>
      buildImportBody({ positions: given, deletions: [], problems: [] }, SETTINGS, {
        assignGuids: true,
        newGuid,
      });
    expect(assigning(positions, () => "not-a-guid")).toThrow("not a GUID");
    expect(assigning(positions, () => GUID_A)).toThrow("twice");
    expect(
      assigning(
        [
          { row: 2, Code: "1", Guid: GUID_A },
          { row: 3, Code: "2" },
        ],
        () => GUID_A,
      ),
    ).toThrow("twice");
  });
});
