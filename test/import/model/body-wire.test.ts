// The import body is posted as the catalog engine built it (src/api no longer parses it with zod
// and sends zod's copy): its TypeScript type is the wire type, and this test checks what a type
// cannot say (non-empty strings, finite prices, no unknown key) on every body the journey would
// send. Each body must pass the wire schema unchanged, and reach the platform as zod's copy did,
// for the fixture corpus and for generated sheets, with and without the rows with errors skipped
// and new Guids given.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { importRequestSchema } from "../../../src/api/schemas";
import {
  analyseCatalog,
  buildImportBody,
  CatalogBlockedError,
  NIL_GUID,
  type CellBlock,
  type CellValue,
  type ColumnMapping,
  type ImportBody,
} from "../../../src/catalog";
import { analysisToSend, rowsWithErrors } from "../../../src/import";

const SETTINGS = { CatalogName: "Prices", CompanyId: "3a0f6b1e-0000-4000-8000-000000000001" };
// Fewer generated sheets in the mutation run (STRYKER_MUTATOR_WORKER is set in its workers only).
const RUNS = process.env.STRYKER_MUTATOR_WORKER === undefined ? 300 : 40;

/** New Guids in a repeatable order, as the pane's crypto.randomUUID gives them. */
function guidSource(): () => string {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, "0")}`;
}

interface Sent {
  body: ImportBody | null;
}

/** The body the journey would post for these cells and choices; null when errors block it. */
function sentBody(
  block: CellBlock,
  options: { decimalSeparator?: string; mapping?: ColumnMapping | null; skip: boolean; assignGuids: boolean },
): Sent {
  const analysis = analyseCatalog(block, {
    ...(options.decimalSeparator !== undefined ? { decimalSeparator: options.decimalSeparator } : {}),
    mapping: options.mapping ?? null,
  });
  const toSend = analysisToSend({
    analysis,
    choices: { skipErrorRows: options.skip },
    errorRows: rowsWithErrors(analysis.problems),
  });
  if (toSend === null) return { body: null };
  try {
    const built = buildImportBody(toSend, SETTINGS, {
      assignGuids: options.assignGuids,
      newGuid: guidSource(),
    });
    return { body: built.body };
  } catch (error) {
    if (error instanceof CatalogBlockedError) return { body: null };
    throw error;
  }
}

function expectWireBody(body: ImportBody): void {
  const parsed = importRequestSchema.safeParse(body);
  if (!parsed.success) throw new Error(`not a wire body: ${JSON.stringify(parsed.error.issues[0])}`);
  expect(parsed.data).toEqual(body);
  // What the platform receives is what it received when zod's copy was sent.
  expect(JSON.parse(JSON.stringify(body))).toEqual(JSON.parse(JSON.stringify(parsed.data)));
}

describe("bodies built from the fixture corpus", () => {
  const dir = join(__dirname, "..", "..", "fixtures", "catalog");
  const cases = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const c = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
        sheet?: string;
        decimalSeparator?: string;
        mapping?: ColumnMapping;
        grid: Omit<CellBlock, "sheet">;
      };
      return [file, c] as const;
    });

  it("are wire bodies, whenever the journey would send one", () => {
    let sent = 0;
    for (const [, c] of cases) {
      for (const skip of [false, true]) {
        for (const assignGuids of [false, true]) {
          const { body } = sentBody(
            { ...c.grid, sheet: c.sheet ?? "Catalog" },
            {
              ...(c.decimalSeparator !== undefined ? { decimalSeparator: c.decimalSeparator } : {}),
              mapping: c.mapping ?? null,
              skip,
              assignGuids,
            },
          );
          if (body === null) continue;
          expectWireBody(body);
          sent += 1;
        }
      }
    }
    // Most cases hold a row with an error: skipping it leaves a body to send.
    expect(sent).toBeGreaterThan(cases.length);
  });
});

describe("bodies built from generated sheets", () => {
  const HEADER = ["Guid", "Code", "Name", "Price", "Unit", "Currency", "Binding", "Control points", "Delete"];
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", " ", "\t", "=A1", "'", "…"));
  const cell: Record<string, fc.Arbitrary<CellValue>> = {
    Guid: fc.oneof(
      fc.uuid(),
      fc.constantFrom("", NIL_GUID, "not a guid", "{6F9619FF-8B86-D011-B42D-00C04FC964FF}"),
    ),
    Code: fc.oneof(
      fc.constantFrom("1", "1.1", "1.2", "1.1.1", "2", "2.01", "А.1", "", " ", "-"),
      fc.integer({ min: -5, max: 50 }),
      text,
    ),
    Name: fc.oneof(text, fc.constantFrom("Concrete C25/30", "Бетон", "x".repeat(1100)), fc.integer()),
    Price: fc.oneof(
      fc.double(),
      fc.integer({ min: -10, max: 10_000_000 }),
      fc.constantFrom("12,5", "1 234.50", "12 руб", "abc", "", "1e400", "-0", "NaN", "Infinity"),
    ),
    Unit: fc.oneof(text, fc.constantFrom("m3", "м2", "шт")),
    Currency: fc.oneof(fc.constantFrom("RUB", "USD", "eur", "$", "руб.", "840", "", "RUR"), text),
    Binding: text,
    "Control points": fc.oneof(
      text,
      fc.constantFrom(
        "Floor: Area; Wall: Length",
        '[{"Binding":"Floor","VariableName":"Area"}]',
        '[{"Binding":1}]',
        '{"Binding":"x","VariableName":"y"}',
        "a:b; :c",
      ),
    ),
    Delete: fc.oneof(fc.boolean(), fc.constantFrom("", "x", "да", "yes", "no", 1, 0, "maybe")),
  };
  const row = fc.tuple(...HEADER.map((h) => cell[h]!));
  const sheet = fc.record({
    rows: fc.array(row, { minLength: 1, maxLength: 25 }),
    decimalSeparator: fc.constantFrom(".", ","),
    skip: fc.boolean(),
    assignGuids: fc.boolean(),
  });

  it("are wire bodies, whenever the journey would send one", () => {
    let sent = 0;
    fc.assert(
      fc.property(sheet, ({ rows, decimalSeparator, skip, assignGuids }) => {
        const block: CellBlock = { sheet: "Catalog", startRow: 1, startColumn: 0, values: [HEADER, ...rows] };
        const { body } = sentBody(block, { decimalSeparator, skip, assignGuids });
        if (body === null) return;
        expectWireBody(body);
        sent += 1;
      }),
      { numRuns: RUNS, seed: 22 },
    );
    // Not a test of nothing: a good share of the generated sheets gave a body.
    expect(sent).toBeGreaterThan(RUNS / 5);
  });
});
