/**
 * Generated price catalogs for the bench: the same rows every run (a seeded generator), shaped
 * like what estimators import. Codes come in four delimiter styles (1.2.3, А.01.12-003,
 * Pr_20_93_52, 03 30 00), each listed with its group rows above its positions; names mix English
 * and Russian; about half the rows carry a Guid (a catalog imported before); and 1% of the rows
 * have a problem the engine reports (missing name, price typed as text ("12 345.67"), negative
 * price, repeated code, unknown deletion mark, malformed Guid).
 */
import type { CellBlock, CellValue } from "../src/catalog";

export const CATALOG_HEADERS = [
  "Guid",
  "Code",
  "Name",
  "Price",
  "Unit",
  "Currency",
  "Binding",
  "Control points",
  "Delete",
] as const;

/** Share of rows given a problem. */
export const PROBLEM_SHARE = 0.01;

const WORKS = [
  "Concrete B25 W6 foundation slab",
  "Rebar A500C d12, cutting and bending",
  "Panel formwork for walls, install and strip",
  "Pit excavation by excavator",
  "Sand backfill with compaction",
  "Бетон В25 W6 для фундаментной плиты",
  "Арматура А500С d16, резка и гнутьё",
  "Кладка стен из керамического кирпича",
  "Устройство гидроизоляции фундамента",
  "Монтаж металлоконструкций каркаса",
  "Plasterboard partition on metal studs",
  "Cement screed 50 mm",
] as const;
const UNITS = ["m3", "m2", "t", "kg", "pcs", "m", "м3", "м2", "шт"] as const;
const CURRENCIES = ["EUR", "USD", "RUB"] as const;
const BINDINGS = ["Volume", "Area", "Length", "Count"] as const;

/**
 * Two control points on two bindings: a binding named twice in one cell is an error the engine
 * reports (issue 43), and the rows with problems are meant to be the 1% chosen for them. The
 * second binding, drawn like the first, moves on to the next one when they meet (no extra draw,
 * so the rest of the catalog stays as it was).
 */
function controlPoints(first: string, second: string): string {
  const other =
    second === first
      ? BINDINGS[(BINDINGS.indexOf(first as (typeof BINDINGS)[number]) + 1) % BINDINGS.length]
      : second;
  return `${first}=V; ${other}=A`;
}
const LETTERS_RU = "АБВГДЕЖИКЛМН";
const UNICLASS = ["Pr", "Ss", "EF", "Ac", "Co"] as const;

/** mulberry32: small, fast and good enough to make the same catalog every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

interface CodeStyle {
  /** Children per level: roots, then each level below. */
  fanout: readonly number[];
  code(path: readonly number[]): string;
}

const STYLES: readonly CodeStyle[] = [
  { fanout: [20, 12, 12, 40], code: (p) => p.map((n) => String(n + 1)).join(".") },
  {
    fanout: [12, 15, 20, 60],
    code: (p) => {
      const parts = [LETTERS_RU[p[0] ?? 0] ?? "А", ...p.slice(1, 3).map((n) => pad(n + 1, 2))].join(".");
      return p.length === 4 ? `${parts}-${pad((p[3] ?? 0) + 1, 3)}` : parts;
    },
  },
  {
    fanout: [5, 30, 30, 40],
    code: (p) => [UNICLASS[p[0] ?? 0] ?? "Pr", ...p.slice(1).map((n) => pad((n + 1) * 5, 2))].join("_"),
  },
  { fanout: [50, 30, 70], code: (p) => p.map((n) => pad(n + 1, 2)).join(" ") },
];

/** Codes in display order (a group row before its children), `count` in all, over the styles. */
function* codes(count: number): Generator<{ code: string; leaf: boolean }> {
  let made = 0;
  for (const [index, style] of STYLES.entries()) {
    // A style that runs out of codes leaves its share to the styles after it.
    const perStyle = Math.ceil((count - made) / (STYLES.length - index));
    let inStyle = 0;
    const walk = function* (path: number[]): Generator<{ code: string; leaf: boolean }> {
      const depth = path.length;
      const width = style.fanout[depth];
      if (width === undefined) return;
      for (let i = 0; i < width; i += 1) {
        if (inStyle >= perStyle || made >= count) return;
        const next = [...path, i];
        const leaf = depth === style.fanout.length - 1;
        inStyle += 1;
        made += 1;
        yield { code: style.code(next), leaf };
        yield* walk(next);
      }
    };
    yield* walk([]);
  }
}

function guid(random: () => number): string {
  let hex = "";
  for (let i = 0; i < 32; i += 1) hex += Math.floor(random() * 16).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export interface GeneratedCatalog {
  block: CellBlock;
  /** Data rows (the header row not counted). */
  rows: number;
  problemRows: number;
}

/** A catalog of `count` positions with its header row, as `readRangeBlock` would return it. */
export function generateCatalog(count: number, seed = 14): GeneratedCatalog {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const values: CellValue[][] = [[...CATALOG_HEADERS]];
  let problemRows = 0;
  let previousCode = "";
  for (const { code, leaf } of codes(count)) {
    const row: CellValue[] = [
      random() < 0.5 ? guid(random) : "",
      code,
      leaf ? `${pick(WORKS)} ${code}` : `Group ${code}`,
      leaf ? Math.round(random() * 1_000_000) / 100 : "",
      leaf ? pick(UNITS) : "",
      leaf ? pick(CURRENCIES) : "",
      leaf && random() < 0.2 ? pick(BINDINGS) : "",
      leaf && random() < 0.1 ? controlPoints(pick(BINDINGS), pick(BINDINGS)) : "",
      leaf && random() < 0.002 ? "x" : "",
    ];
    // Leaves only: a broken group row would orphan every code below it, far more than 1%.
    if (leaf && random() < PROBLEM_SHARE / 0.9) {
      problemRows += 1;
      switch (Math.floor(random() * 6)) {
        case 0:
          row[2] = "";
          break;
        case 1:
          row[3] = `${Math.floor(random() * 90) + 10} ${pad(Math.floor(random() * 1000), 3)}.${pad(Math.floor(random() * 100), 2)}`;
          break;
        case 2:
          row[3] = -1 * Math.round(random() * 10000);
          break;
        case 3:
          row[1] = previousCode;
          break;
        case 4:
          row[8] = "maybe";
          break;
        default:
          row[0] = "not-a-guid";
      }
    }
    previousCode = code;
    values.push(row);
  }
  return {
    block: { sheet: "Catalog", startRow: 1, startColumn: 0, values },
    rows: values.length - 1,
    problemRows,
  };
}
