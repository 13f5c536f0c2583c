// 100,000 generated rows through the whole engine. No timing assertion (speed is measured by the
// benchmark); the generous timeout only stops a quadratic slip from hanging the suite.

import { importRequestSchema } from "../../src/api/schemas";
import { analyseCatalog, buildImportBody, flattenTree } from "../../src/catalog";
import type { CellBlock, CellValue, CellValueType } from "../../src/catalog";

const SECTIONS = 10;
const SUBSECTIONS = 99;
const ITEMS = 100;
const ROWS = SECTIONS + SECTIONS * SUBSECTIONS + SECTIONS * SUBSECTIONS * ITEMS; // 100,000
const EMPTY_EVERY = 5000;
const TIMEOUT_MS = 120_000;
const HEADER = ["Шифр", "Наименование", "Цена", "Ед. изм.", "Валюта", "Guid", "Удалить"];

function guidFor(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** Codes like "S3", "S3.41", "S3.41-007", rows in a repeatable scrambled order. */
function generate(): CellBlock {
  const rows: CellValue[][] = [];
  let n = 0;
  for (let s = 1; s <= SECTIONS; s++) {
    rows.push([`S${s}`, `Section ${s}`, "", "", "", "", ""]);
    for (let u = 1; u <= SUBSECTIONS; u++) {
      rows.push([`S${s}.${u}`, `Subsection ${s}.${u}`, "", "", "", "", ""]);
      for (let i = 1; i <= ITEMS; i++) {
        n++;
        const code = `S${s}.${u}-${String(i).padStart(3, "0")}`;
        rows.push([code, `Item ${code}`, (n % 1000) + 0.25, "m3", "EUR", n % 2 === 0 ? guidFor(n) : "", ""]);
      }
    }
  }
  // Scramble with a stride coprime to the length, so the order says nothing about the tree.
  const STRIDE = 7919;
  const scrambled: CellValue[][] = [];
  for (let k = 0; k < rows.length; k++) {
    scrambled.push(rows[(k * STRIDE) % rows.length] as CellValue[]);
    if ((k + 1) % EMPTY_EVERY === 0) scrambled.push(["", "", "", "", "", "", ""]);
  }
  const values = [HEADER, ...scrambled];
  const valueTypes: CellValueType[][] = values.map((r) =>
    r.map((v) => (v === "" ? "Empty" : typeof v === "number" ? "Double" : "String")),
  );
  return { sheet: "Big", startRow: 1, startColumn: 0, values, valueTypes };
}

describe("100,000 rows", () => {
  it(
    "run through columns, positions, problems, tree and body with the right counts",
    () => {
      const block = generate();
      const analysis = analyseCatalog(block);
      expect(analysis.mapping?.columns).toEqual({
        Code: "A",
        Name: "B",
        Price: "C",
        Unit: "D",
        CurrencyCharCode: "E",
        Guid: "F",
        Delete: "G",
      });
      expect(analysis.problems).toEqual([]);
      expect(analysis.counts).toEqual({
        positions: ROWS,
        skippedRows: 0,
        roots: SECTIONS,
        levels: 3,
        orphans: 0,
        withGuid: (SECTIONS * SUBSECTIONS * ITEMS) / 2,
        withoutGuid: ROWS - (SECTIONS * SUBSECTIONS * ITEMS) / 2,
        deletions: 0,
        emptyRows: ROWS / EMPTY_EVERY,
        errors: 0,
        warnings: 0,
      });

      const preview = flattenTree(analysis.tree);
      expect(preview).toHaveLength(ROWS);
      expect(preview.slice(0, 4).map((r) => r.code)).toEqual(["S1", "S1.1", "S1.1-001", "S1.1-002"]);
      expect(preview[preview.length - 1]?.code).toBe("S10.99-100");

      const { body, assignedGuids } = buildImportBody(
        analysis,
        { CatalogName: "Big", CompanyId: guidFor(0) },
        {
          assignGuids: true,
          newGuid: (() => {
            let k = 10_000_000;
            return () => guidFor(k++);
          })(),
        },
      );
      expect(assignedGuids).toHaveLength(ROWS - (SECTIONS * SUBSECTIONS * ITEMS) / 2);
      expect(body.Data).toHaveLength(ROWS);
      expect(new Set(body.Data.map((p) => p.Guid)).size).toBe(ROWS);
      expect(importRequestSchema.safeParse(body).success).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    "find every duplicate and orphan among them",
    () => {
      const block = generate();
      const DUPLICATES = 1000;
      const ORPHANS = 500;
      for (let k = 0; k < DUPLICATES; k++)
        block.values.push([`S1.1-${String((k % ITEMS) + 1).padStart(3, "0")}`, "again", 1, "", "", "", ""]);
      for (let k = 0; k < ORPHANS; k++) block.values.push([`X${k}.1`, "orphan", 1, "", "", "", ""]);
      block.valueTypes = undefined;
      const analysis = analyseCatalog(block);
      const kinds = new Map<string, number>();
      for (const p of analysis.problems) kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + 1);
      // The orphans are told in one warning naming their missing parents (X0 ... X499).
      expect(Object.fromEntries(kinds)).toEqual({ "duplicate-code": DUPLICATES, "orphan-code": 1 });
      expect(analysis.missingParents).toHaveLength(ORPHANS);
      expect(analysis.problems.find((p) => p.kind === "orphan-code")?.values).toMatchObject({
        parentCount: ORPHANS,
        positions: ORPHANS,
      });
      expect(analysis.counts.orphans).toBe(ORPHANS);
      // The repeated rows are errors, so they are not among the positions to send.
      expect(analysis.counts.positions).toBe(ROWS + ORPHANS);
      expect(analysis.tree.size).toBe(ROWS + ORPHANS);
    },
    TIMEOUT_MS,
  );
});
