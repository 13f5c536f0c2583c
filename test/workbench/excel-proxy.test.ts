import {
  DEFAULT_PAYLOAD_LIMIT_BYTES,
  EmulatedOfficeError,
  createEmulatedExcel,
  installOfficeEmulation,
} from "../../dev/office-emulation";

function catalog() {
  return createEmulatedExcel({
    sheets: {
      Catalog: [
        ["Code", "Name", "Price"],
        ["1", "Concrete works", 120.5],
        ["1.1", "Foundation slab", "#N/A"],
      ],
      Notes: [["hello"]],
    },
  });
}

async function rejection(promise: Promise<unknown>): Promise<EmulatedOfficeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EmulatedOfficeError) return error;
    throw error;
  }
  throw new Error("expected the promise to reject");
}

describe("load and sync", () => {
  it("throws PropertyNotLoaded when a property is read without load and sync", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Catalog").getRange("A1:C3");
      expect(() => range.values).toThrow(
        expect.objectContaining({ code: "PropertyNotLoaded", name: "RichApi.Error" }),
      );
      range.load("values");
      // Loaded but not yet synced: still not readable.
      expect(() => range.values).toThrow(/call the load method/);
    });
  });

  it("reads values, address and valueTypes after load and sync, with error cells typed Error", async () => {
    const excel = catalog();
    const result = await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Catalog").getRange("A1:C3");
      range.load(["values", "address", "valueTypes", "rowCount"]);
      await context.sync();
      return { values: range.values, address: range.address, types: range.valueTypes, rows: range.rowCount };
    });
    expect(result.address).toBe("Catalog!A1:C3");
    expect(result.rows).toBe(3);
    // "1" and "1.1" typed as values become numbers, as in Excel.
    expect(result.values).toEqual([
      ["Code", "Name", "Price"],
      [1, "Concrete works", 120.5],
      [1.1, "Foundation slab", "#N/A"],
    ]);
    expect(result.types[2]).toEqual(["Double", "String", "Error"]);
    expect(result.types[0]).toEqual(["String", "String", "String"]);
  });

  it("accepts the object and no-argument forms of load, and nested navigation paths", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      const header = sheet.getRange("A1:C1");
      header.format.font.bold = true;
      await context.sync();
      const all = sheet.getRange("B2").load();
      const viaSelect = sheet.getRange("A1:C1").load({ select: "address, format/font/bold" });
      await context.sync();
      expect(all.values).toEqual([["Concrete works"]]);
      expect(all.text).toEqual([["Concrete works"]]);
      expect(viaSelect.format.font.bold).toBe(true);
      expect(viaSelect.address).toBe("Catalog!A1:C1");
    });
  });

  it("lists the sheets through items after loading the collection", async () => {
    const excel = catalog();
    const names = await excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load("items/name, items/position");
      const count = sheets.getCount();
      expect(() => count.value).toThrow(expect.objectContaining({ code: "ValueNotLoaded" }));
      await context.sync();
      expect(count.value).toBe(2);
      return sheets.items.map((s) => `${s.position}:${s.name}`);
    });
    expect(names).toEqual(["0:Catalog", "1:Notes"]);
  });
});

describe("the sync log", () => {
  it("tells the syncs that move cells from those that look things up or format", async () => {
    const excel = catalog();
    excel.clearSyncLog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      const range = sheet.getRange("A1:C3");
      range.load("address, rowCount");
      await context.sync();
      range.load("values");
      await context.sync();
      sheet.getRange("D1").values = [["Note"]];
      await context.sync();
      sheet.getRange("A1:C1").format.font.bold = true;
      await context.sync();
      sheet.getRange("C2:C3").numberFormat = [["0.00"], ["0.00"]];
      await context.sync();
      sheet.getRange("A1:C3").load();
      await context.sync();
    });
    expect(excel.getSyncLog().map((entry) => entry.cellData)).toEqual([false, true, true, false, true, true]);
  });
});

describe("queued writes", () => {
  it("changes the workbook only at sync", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const cell = context.workbook.worksheets.getItem("Notes").getRange("B2");
      cell.values = [["written"]];
      expect(excel.values("Notes", "B2")).toEqual([[""]]);
      // A second proxy for the same cell, loaded before the sync, sees the old content.
      const other = context.workbook.worksheets.getItem("Notes").getRange("B2");
      await context.sync();
      expect(excel.values("Notes", "B2")).toEqual([["written"]]);
      other.load("values");
      await context.sync();
      expect(other.values).toEqual([["written"]]);
    });
  });

  it("keeps on the proxy the value written through it, as office.js does, while the workbook waits for sync", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const cell = context.workbook.worksheets.getItem("Notes").getRange("C1");
      cell.values = [["queued"]];
      expect(cell.values).toEqual([["queued"]]);
      expect(() => cell.text).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      expect(excel.values("Notes", "C1")).toEqual([[""]]);
      await context.sync();
    });
  });

  it("flushes writes still queued when the Excel.run batch ends", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Notes").getRange("A2").values = [["last"]];
    });
    expect(excel.values("Notes", "A2")).toEqual([["last"]]);
  });

  it("refuses values whose shape does not match the range with InvalidArgument", async () => {
    const excel = catalog();
    const error = await rejection(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem("Notes").getRange("A1:B2").values = [["only one row", "x"]];
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
    expect(error.message).toBe(
      "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
    );
  });

  it("applies the operations before a failing one and none after it", async () => {
    const excel = catalog();
    await rejection(
      excel.run(async (context) => {
        const notes = context.workbook.worksheets.getItem("Notes");
        notes.getRange("A2").values = [["before"]];
        context.workbook.worksheets.getItem("Missing").getRange("A1").values = [["x"]];
        notes.getRange("A3").values = [["after"]];
        await context.sync();
      }),
    );
    expect(excel.values("Notes", "A2:A3")).toEqual([["before"], [""]]);
  });

  it("turns strings that look like formulas, numbers or errors into them, unless the cell is text", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Notes");
      sheet.getRange("C1:C2").numberFormat = [["@"], ["@"]];
      sheet.getRange("C1:C2").values = [["01.02"], ["=1"]];
      sheet.getRange("D1:D2").values = [["01.02"], ["#REF!"]];
      await context.sync();
    });
    expect(excel.values("Notes", "C1:D2")).toEqual([
      ["01.02", 1.02],
      ["=1", "#REF!"],
    ]);
    expect(excel.cell("Notes", "D2")?.isError).toBe(true);
  });
});

describe("worksheets", () => {
  it("getItem of a missing sheet fails at sync with ItemNotFound", async () => {
    const excel = catalog();
    const error = await rejection(
      excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Nope");
        sheet.load("name");
        await context.sync();
      }),
    );
    expect(error.code).toBe("ItemNotFound");
    expect(error.debugInfo.code).toBe("ItemNotFound");
  });

  it("getItemOrNullObject tells by isNullObject whether the sheet exists", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const missing = context.workbook.worksheets.getItemOrNullObject("Nope");
      const present = context.workbook.worksheets.getItemOrNullObject("catalog");
      present.load("name");
      expect(() => missing.isNullObject).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      expect(present.isNullObject).toBe(false);
      expect(present.name).toBe("Catalog");
    });
  });

  it("answers getItemOrNullObject where it stands in the batch, not after the rest of the sync", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      // Excel runs the lookup before the add and the delete queued after it in the same sync.
      const added = context.workbook.worksheets.getItemOrNullObject("Import");
      context.workbook.worksheets.add("Import");
      const deleted = context.workbook.worksheets.getItemOrNullObject("Notes");
      context.workbook.worksheets.getItem("Notes").delete();
      await context.sync();
      expect(added.isNullObject).toBe(true);
      expect(deleted.isNullObject).toBe(false);
    });
    expect(excel.model.sheets.map((sheet) => sheet.name)).toEqual(["Catalog", "Import"]);
  });

  it("leaves isNullObject unread when the sync that would answer it fails", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const present = context.workbook.worksheets.getItemOrNullObject("Catalog");
      context.workbook.worksheets.add("Catalog");
      await expect(context.sync()).rejects.toMatchObject({ code: "ItemAlreadyExists" });
      expect(() => present.isNullObject).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    });
  });

  it.each([
    ["a name longer than 31 characters", "x".repeat(32), "InvalidArgument"],
    ["a forbidden character", "BOQ: tree", "InvalidArgument"],
    ["a bracket", "Import [1]", "InvalidArgument"],
    ["an empty name", "", "InvalidArgument"],
    ["an existing name in another case", "CATALOG", "ItemAlreadyExists"],
  ])("refuses %s when adding a sheet", async (_label, name, code) => {
    const excel = catalog();
    const error = await rejection(
      excel.run(async (context) => {
        context.workbook.worksheets.add(name);
        await context.sync();
      }),
    );
    expect(error.code).toBe(code);
    expect(excel.sheetNames()).toEqual(["Catalog", "Notes"]);
  });

  it("adds a sheet of 31 characters, activates it and writes to it through the returned proxy", async () => {
    const excel = catalog();
    const name = "B".repeat(31);
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add(name);
      sheet.getRange("A1:B1").values = [["Code", "Name"]];
      sheet.activate();
      await context.sync();
    });
    expect(excel.sheetNames()).toEqual(["Catalog", "Notes", name]);
    expect(excel.model.activeSheet?.name).toBe(name);
    expect(excel.values(name, "A1:B1")).toEqual([["Code", "Name"]]);
  });

  it("resolves a used range when an operation first uses it, not when it is created", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Notes");
      const used = sheet.getUsedRange();
      await context.sync();
      sheet.getRange("C5").values = [["x"]];
      used.load("address");
      await context.sync();
      expect(used.address).toBe("Notes!A1:C5");
    });
  });

  it("returns A1 as the used range of an empty sheet, and a null object from the OrNullObject variant", async () => {
    const excel = createEmulatedExcel({ sheets: { Empty: [] } });
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Empty");
      const used = sheet.getUsedRange().load("address");
      const orNull = sheet.getUsedRangeOrNullObject(true).load("address");
      await context.sync();
      expect(used.address).toBe("Empty!A1");
      expect(orNull.isNullObject).toBe(true);
    });
  });

  it("navigates ranges: getCell, offsets, resize, rows, columns, entire columns", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const base = context.workbook.worksheets.getItem("Catalog").getRange("B2:C3");
      const parts = [
        base.getCell(1, 1),
        base.getOffsetRange(1, -1),
        base.getResizedRange(2, 0),
        base.getRow(0),
        base.getColumn(1),
        base.getEntireColumn(),
        base.getLastRow(),
      ].map((r) => r.load("address"));
      await context.sync();
      expect(parts.map((p) => p.address)).toEqual([
        "Catalog!C3",
        "Catalog!A3:B4",
        "Catalog!B2:C5",
        "Catalog!B2:C2",
        "Catalog!C2:C3",
        "Catalog!B:C",
        "Catalog!B3:C3",
      ]);
    });
  });

  it("groups rows into outline levels and hides them by outline level", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      sheet.getRange("3:5").group("ByRows");
      sheet.getRange("4:5").group("ByRows");
      sheet.showOutlineLevels(2, 0);
      await context.sync();
    });
    const sheet = excel.model.getSheetByName("Catalog");
    expect([sheet?.rowOutline.get(2), sheet?.rowOutline.get(3), sheet?.rowOutline.get(4)]).toEqual([1, 2, 2]);
    expect([...(sheet?.hiddenRows ?? [])].sort()).toEqual([3, 4]);
  });

  it("records the selection made with select() for getSelectedRange", async () => {
    const excel = catalog();
    excel.select("Catalog", "A2:C3");
    const address = await excel.run(async (context) => {
      const selected = context.workbook.getSelectedRange().load("address");
      await context.sync();
      return selected.address;
    });
    expect(address).toBe("Catalog!A2:C3");
  });
});

describe("request size accounting", () => {
  it("records each sync's request size and operations", async () => {
    const excel = catalog();
    excel.clearSyncLog();
    await excel.run(async (context) => {
      const rows = Array.from({ length: 100 }, (_, i) => [`Code ${i}`, `Name ${i}`]);
      context.workbook.worksheets.getItem("Notes").getRange("A1:B100").values = rows;
      await context.sync();
    });
    const log = excel.getSyncLog();
    expect(log[0]?.writes).toBe(1);
    expect(log[0]?.requestBytes).toBeGreaterThan(
      JSON.stringify(Array(100).fill(["Code 10", "Name 10"])).length,
    );
  });

  it("measures a request as office.js sends it: the UTF-8 JSON of its actions (an emoji is 4 bytes)", async () => {
    // office.js posts JSON.stringify({AutoKeepReference, Actions, ObjectPaths}); JSON.stringify
    // leaves non-ASCII unescaped, so each character costs its UTF-8 length.
    const requestBytesFor = async (text: string): Promise<number> => {
      const excel = catalog();
      excel.clearSyncLog();
      await excel.run(async (context) => {
        context.workbook.worksheets.getItem("Notes").getRange("A1").values = [[text]];
        await context.sync();
      });
      return excel.getSyncLog()[0]?.requestBytes ?? Number.NaN;
    };
    const ascii = await requestBytesFor("ab".repeat(1000)); // 2,000 UTF-16 units, 2,000 bytes
    expect(await requestBytesFor("\u{1F600}".repeat(1000))).toBe(ascii + 2000); // 2,000 units, 4,000 bytes
    expect(await requestBytesFor("бв".repeat(1000))).toBe(ascii + 2000); // Cyrillic: 2 bytes each
    expect(await requestBytesFor("€€".repeat(1000))).toBe(ascii + 4000); // 3 bytes each
    // The envelope: one SetProperty action with its id, name and object path, not a guess per operation.
    expect(ascii).toBe(
      Buffer.byteLength(
        JSON.stringify({
          AutoKeepReference: false,
          Actions: [
            {
              Id: 2,
              ActionType: 4,
              Name: "values",
              ArgumentInfo: { Arguments: [[["ab".repeat(1000)]]] },
              ObjectPathId: 1,
            },
          ],
          ObjectPaths: { 1: { Id: 1, ObjectPathType: 5, Name: "Range" } },
        }),
      ),
    );
  });

  it("refuses a request above 5 MB like Excel on the web, without applying it", async () => {
    const excel = catalog();
    excel.clearSyncLog();
    const rowCount = 60_000;
    const longText = "reinforcement B500B d12 ".repeat(4);
    const rows = Array.from({ length: rowCount }, () => [longText]);
    expect(JSON.stringify(rows).length).toBeGreaterThan(DEFAULT_PAYLOAD_LIMIT_BYTES);
    const error = await rejection(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem("Notes").getRange(`A1:A${rowCount}`).values = rows;
        await context.sync();
      }),
    );
    expect(error.code).toBe("RequestPayloadSizeLimitExceeded");
    expect(error.message).toMatch(/request payload size has exceeded the limit/);
    expect(excel.getSyncLog()[0]?.error).toBe("RequestPayloadSizeLimitExceeded");
    expect(excel.values("Notes", "A2")).toEqual([[""]]);
  });

  it("refuses an oversize request with GeneralException under the variation (office-js-docs-reference 354, office-js 1012), applying nothing", async () => {
    const excel = createEmulatedExcel({
      sheets: { Notes: [["keep"]] },
      payloadLimitBytes: 10_000,
      oversizeRequestError: "GeneralException",
    });
    const error = await rejection(
      excel.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Notes");
        sheet.getRange("B1").values = [["first"]];
        sheet.getRange("A2:A501").values = Array.from({ length: 500 }, (_, i) => [`row ${i} with some text`]);
        await context.sync();
      }),
    );
    expect(error.code).toBe("GeneralException");
    expect(excel.getSyncLog().at(-1)?.error).toBe("GeneralException");
    expect(excel.values("Notes", "A1:B2")).toEqual([
      ["keep", ""],
      ["", ""],
    ]);
  });

  it("refuses a response above the limit when too much is loaded in one sync", async () => {
    const excel = createEmulatedExcel({ sheets: { Big: [] }, payloadLimitBytes: 10_000 });
    excel.setCells(
      "Big",
      "A1",
      Array.from({ length: 500 }, (_, i) => [`row ${i} with some text`]),
    );
    const error = await rejection(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem("Big").getRange("A1:A500").load("values");
        await context.sync();
      }),
    );
    expect(error.code).toBe("ResponsePayloadSizeLimitExceeded");
  });
});

describe("installOfficeEmulation", () => {
  it("sets the globals synchronously so add-in code can call Excel.run, and restores them", async () => {
    const installed = installOfficeEmulation(globalThis, { sheets: { Sheet1: [["a", 1]] } });
    try {
      const info = await Office.onReady();
      expect(info).toEqual({ host: "Excel", platform: "OfficeOnline" });
      const values = await Excel.run(async (context) => {
        const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1:B1").load("values");
        await context.sync();
        return range.values;
      });
      expect(values).toEqual([["a", 1]]);
      const failure: unknown = await Excel.run(async (context) => {
        context.workbook.worksheets.getItem("Missing").load("name");
        await context.sync();
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OfficeExtension.Error);
      expect((failure as OfficeExtension.Error).code).toBe(Excel.ErrorCodes.itemNotFound);
    } finally {
      installed.uninstall();
    }
    expect("Excel" in globalThis).toBe(false);
  });
});

describe("objects of another request context", () => {
  it("refuses, when the method is called, a range kept from an earlier Excel.run", async () => {
    const excel = catalog();
    const kept = await excel.run(async (context) =>
      context.workbook.worksheets.getItem("Catalog").getRange("A1:C3"),
    );
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      const attempts: Array<() => unknown> = [
        () => sheet.tables.add(kept, true),
        () => context.workbook.names.add("Block", kept),
        () => sheet.getRange("A1:B2").getIntersection(kept),
        () => sheet.getRange("A1:B2").getBoundingRect(kept),
        () => sheet.freezePanes.freezeAt(kept),
      ];
      for (const attempt of attempts) {
        expect(attempt).toThrow(
          expect.objectContaining({
            code: "InvalidRequestContext",
            message: "Cannot use the object across different request contexts.",
          }),
        );
      }
    });
    expect(excel.model.tables).toHaveLength(0);
  });
});

describe("selection helpers, events and formats", () => {
  it("intersects a selection of entire columns with the used range", async () => {
    const excel = catalog();
    excel.select("Catalog", "A:B");
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      const selected = context.workbook.getSelectedRange();
      const cells = selected.getIntersection(sheet.getUsedRange()).load("address");
      const none = selected.getIntersectionOrNullObject("E1:F2").load("address");
      const box = sheet.getRange("B2").getBoundingRect("D5").load("address");
      await context.sync();
      expect(cells.address).toBe("Catalog!A1:B3");
      expect(none.isNullObject).toBe(true);
      expect(box.address).toBe("Catalog!B2:D5");
    });
  });

  it("calls onSelectionChanged handlers registered at the previous sync", async () => {
    const excel = catalog();
    const seen: string[] = [];
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").onSelectionChanged.add(async (args) => {
        seen.push(args.address);
      });
      await context.sync();
    });
    excel.select("Catalog", "B2:C3");
    excel.select("Notes", "A1");
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual(["B2:C3"]);
  });

  it("stores indent level, font size and fill per cell and reports null where cells differ", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      sheet.getRange("B3").format.indentLevel = 2;
      sheet.getRange("B2:C2").format.font.size = 12;
      sheet.getRange("A1:C1").format.fill.color = "#E7EEF0";
      await context.sync();
      const mixed = sheet.getRange("B2:B3").load("format/indentLevel");
      const header = sheet.getRange("A1:C1").load("format/fill/color");
      const size = sheet.getRange("B2:C2").load("format/font/size");
      await context.sync();
      expect(mixed.format.indentLevel).toBeNull();
      expect(header.format.fill.color).toBe("#E7EEF0");
      expect(size.format.font.size).toBe(12);
    });
    expect(excel.cell("Catalog", "B3")?.indentLevel).toBe(2);
  });
});

describe("entire-column formats", () => {
  it("keeps codes typed into a text-formatted column as text without making the column used", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Notes");
      // One value for the whole range (a 1x1 array would not match a column's size).
      sheet.getRange("B:B").numberFormat = "@" as unknown as string[][];
      await context.sync();
      sheet.getRange("B2:B3").values = [["01.10"], ["2.20"]];
      const used = sheet.getUsedRange().load("address");
      const formats = sheet.getRange("B2:B3").load("numberFormat, valueTypes");
      await context.sync();
      expect(used.address).toBe("Notes!A1:B3");
      expect(formats.numberFormat).toEqual([["@"], ["@"]]);
      expect(formats.valueTypes).toEqual([["String"], ["String"]]);
    });
    expect(excel.values("Notes", "B2:B3")).toEqual([["01.10"], ["2.20"]]);
  });

  it("refuses a value longer than the 32,767 characters a cell holds", async () => {
    const excel = catalog();
    const error = await rejection(
      excel.run(async (context) => {
        context.workbook.worksheets.getItem("Notes").getRange("A1").values = [["x".repeat(32_768)]];
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});

describe("inserting and deleting cells", () => {
  it("inserts an entire column, moving cells and column widths right", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Catalog");
      sheet.getRange("B:B").format.columnWidth = 120;
      const guid = sheet.getRange("A:A").insert("Right");
      guid.getCell(0, 0).values = [["Guid"]];
      await context.sync();
    });
    expect(excel.values("Catalog", "A1:D1")).toEqual([["Guid", "Code", "Name", "Price"]]);
    expect(excel.model.getSheetByName("Catalog")?.columnWidth(2)).toBe(120);
  });

  it("deletes cells and pulls the ones below up", async () => {
    const excel = catalog();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Catalog").getRange("B2").delete("Up");
      await context.sync();
    });
    expect(excel.values("Catalog", "A2:C3")).toEqual([
      [1, "Foundation slab", 120.5],
      [1.1, "", "#N/A"],
    ]);
  });
});
