// The import body written as JSON in steps (src/catalog/bodyJson.ts): exactly JSON.stringify's text,
// in parts of STEP_ITEMS positions, pausing between them, so a 300,000-position body is never one
// 55 MB string built in one task.
import fc from "fast-check";
import {
  analyseCatalog,
  buildImportBody,
  importBodyJsonInSteps,
  runSteps,
  STEP_ITEMS,
  type ImportBody,
} from "../../src/catalog";
import { generateCatalog } from "../../bench/generate";
import { countPauses } from "./helpers";

const json = (body: ImportBody): string => runSteps(importBodyJsonInSteps(body)).join("");

describe("importBodyJsonInSteps", () => {
  it("writes what JSON.stringify writes for a built body, in parts of STEP_ITEMS positions", () => {
    const analysis = analyseCatalog(generateCatalog(STEP_ITEMS * 3 + 11).block);
    const clean = { ...analysis, problems: analysis.problems.filter((p) => p.severity !== "error") };
    const { body } = buildImportBody(clean, { CatalogName: 'Каталог "2025"', CompanyId: "c1" });
    expect(body.DeletedData.length).toBeGreaterThan(0);
    const { pauses, value: parts } = countPauses(importBodyJsonInSteps(body));
    expect(parts.join("")).toBe(JSON.stringify(body));
    const chunks = Math.ceil(body.Data.length / STEP_ITEMS) + Math.ceil(body.DeletedData.length / STEP_ITEMS);
    // One part per chunk of positions or deletions, and the closing brace.
    expect(parts).toHaveLength(chunks + 1);
    expect(pauses).toBe(chunks);
    expect(parts[parts.length - 1]).toBe("]}");
  });

  it("keeps the body's own key order, empty lists and text that needs escaping", () => {
    const body = {
      DeletedData: [],
      Data: [{ Code: "1\n2", Name: 'Say "hi" \\ \u0001 😀 ё', Price: 0.30000000000000004 }],
      Settings: { CompanyId: "c", CatalogName: "</script>" },
    } satisfies ImportBody;
    expect(json(body)).toBe(JSON.stringify(body));
    expect(json({ Settings: { CatalogName: "a", CompanyId: "b" }, Data: [], DeletedData: [] })).toBe(
      '{"Settings":{"CatalogName":"a","CompanyId":"b"},"Data":[],"DeletedData":[]}',
    );
  });

  it("writes a list of exactly STEP_ITEMS positions as one part, without an empty part after it", () => {
    const Data = Array.from({ length: STEP_ITEMS }, (_, i) => ({
      Code: `${i + 1}`,
      Name: `Position ${i + 1}`,
    }));
    const body = {
      Settings: { CatalogName: "a", CompanyId: "b" },
      Data,
      DeletedData: [],
    } satisfies ImportBody;
    const { pauses, value: parts } = countPauses(importBodyJsonInSteps(body));
    expect(parts.join("")).toBe(JSON.stringify(body));
    // One part for the positions, the closing text after them; an empty list adds none.
    expect(parts).toHaveLength(2);
    expect(pauses).toBe(1);
    expect(json({ ...body, Data: [...Data, ...Data] })).toBe(
      JSON.stringify({ ...body, Data: [...Data, ...Data] }),
    );
  });

  it("leaves out a key whose value is undefined, as JSON.stringify does", () => {
    const body: ImportBody & { Note?: string } = {
      Settings: { CatalogName: "a", CompanyId: "b" },
      Note: undefined,
      Data: [],
      DeletedData: [],
    };
    expect(json(body)).toBe('{"Settings":{"CatalogName":"a","CompanyId":"b"},"Data":[],"DeletedData":[]}');
  });

  it("writes JSON.stringify's text for any body", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 8 });
    const position = fc.record(
      {
        Guid: fc.uuid(),
        Code: text.filter((s) => s !== ""),
        Name: text,
        Price: fc.double({ noNaN: true, noDefaultInfinity: true }),
        Unit: text,
        ControlPoints: fc.array(fc.record({ Binding: text, VariableName: text }), { maxLength: 2 }),
      },
      { requiredKeys: ["Code"] },
    );
    const deletion = fc.record({ Guid: fc.uuid(), Code: text, Name: text }, { requiredKeys: [] });
    const body = fc.record({
      Settings: fc.record({ CatalogName: text, CompanyId: text }),
      Data: fc.array(position, { maxLength: STEP_ITEMS * 2 + 5 }),
      DeletedData: fc.array(deletion, { maxLength: STEP_ITEMS + 3 }),
    });
    fc.assert(
      fc.property(body, (b) => {
        expect(json(b)).toBe(JSON.stringify(b));
      }),
      { numRuns: 50 },
    );
  });
});
