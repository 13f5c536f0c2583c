import { Prng, round2 } from "./util";

/**
 * A realistic building estimate used for the demo catalog and for the BOQ rows of every analysis.
 * Three levels: section, work type, item. Large sizes repeat the items of a work type with a
 * running variant number, so a 100k-row BOQ keeps the same shape as the small one.
 */
export interface EstimateItem {
  en: string;
  ru: string;
  unitEn: string;
  unitRu: string;
  price: number;
}

interface WorkType {
  en: string;
  ru: string;
  items: EstimateItem[];
}

interface Section {
  en: string;
  ru: string;
  works: WorkType[];
}

function item(en: string, ru: string, unitEn: string, unitRu: string, price: number): EstimateItem {
  return { en, ru, unitEn, unitRu, price };
}

const SECTIONS: Section[] = [
  {
    en: "Earthworks",
    ru: "Земляные работы",
    works: [
      {
        en: "Excavation",
        ru: "Разработка грунта",
        items: [
          item("Pit excavation by excavator", "Разработка котлована экскаватором", "m3", "м3", 420),
          item("Manual trimming of pit bottom", "Ручная доработка дна котлована", "m3", "м3", 1350),
        ],
      },
      {
        en: "Backfill",
        ru: "Обратная засыпка",
        items: [
          item("Sand backfill with compaction", "Обратная засыпка песком с уплотнением", "m3", "м3", 980),
          item("Surplus soil removal", "Вывоз излишков грунта", "t", "т", 310),
        ],
      },
    ],
  },
  {
    en: "Foundations",
    ru: "Фундаменты",
    works: [
      {
        en: "Concrete works",
        ru: "Бетонные работы",
        items: [
          item("Concrete B25 W6 foundation slab", "Бетон B25 W6 фундаментной плиты", "m3", "м3", 7450),
          item("Concrete B7.5 blinding layer", "Бетонная подготовка B7,5", "m3", "м3", 5200),
        ],
      },
      {
        en: "Reinforcement",
        ru: "Армирование",
        items: [
          item("Rebar A500C d16", "Арматура A500С d16", "t", "т", 68900),
          item("Rebar A240 d8 stirrups", "Арматура A240 d8 хомуты", "t", "т", 71200),
        ],
      },
      {
        en: "Formwork",
        ru: "Опалубка",
        items: [
          item("Panel formwork of slab edges", "Щитовая опалубка торцов плиты", "m2", "м2", 640),
          item("Waterproofing membrane 2 layers", "Гидроизоляция наплавляемая в 2 слоя", "m2", "м2", 890),
        ],
      },
    ],
  },
  {
    en: "Structural frame",
    ru: "Каркас",
    works: [
      {
        en: "Monolithic columns",
        ru: "Монолитные колонны",
        items: [
          item("Concrete B30 columns", "Бетон B30 колонн", "m3", "м3", 8150),
          item("Column formwork", "Опалубка колонн", "m2", "м2", 780),
          item("Rebar A500C d25 columns", "Арматура A500С d25 колонн", "t", "т", 67300),
        ],
      },
      {
        en: "Monolithic slabs",
        ru: "Монолитные перекрытия",
        items: [
          item("Concrete B25 floor slabs", "Бетон B25 плит перекрытия", "m3", "м3", 7700),
          item("Slab formwork on props", "Опалубка перекрытий на стойках", "m2", "м2", 560),
          item("Rebar A500C d12 slabs", "Арматура A500С d12 перекрытий", "t", "т", 69500),
        ],
      },
    ],
  },
  {
    en: "Walls and partitions",
    ru: "Стены и перегородки",
    works: [
      {
        en: "Masonry",
        ru: "Кладка",
        items: [
          item("Ceramic brick masonry 250 mm", "Кладка из керамического кирпича 250 мм", "m3", "м3", 9800),
          item("Aerated concrete blocks D500", "Кладка из газобетонных блоков D500", "m3", "м3", 6900),
          item("Masonry mesh reinforcement", "Армирование кладки сеткой", "kg", "кг", 145),
        ],
      },
      {
        en: "Partitions",
        ru: "Перегородки",
        items: [
          item("Gypsum board partitions", "Перегородки из ГКЛ", "m2", "м2", 1650),
          item("Partition doors openings", "Устройство проёмов в перегородках", "pcs", "шт", 2300),
        ],
      },
    ],
  },
  {
    en: "Roofing",
    ru: "Кровля",
    works: [
      {
        en: "Roof layers",
        ru: "Кровельный пирог",
        items: [
          item("Mineral wool insulation 200 mm", "Утеплитель минераловатный 200 мм", "m2", "м2", 1480),
          item("PVC roofing membrane", "Кровельная ПВХ-мембрана", "m2", "м2", 1120),
          item("Roof drainage funnels", "Водосточные воронки", "pcs", "шт", 7400),
        ],
      },
    ],
  },
  {
    en: "Finishes",
    ru: "Отделочные работы",
    works: [
      {
        en: "Wall finishes",
        ru: "Отделка стен",
        items: [
          item("Gypsum plaster 15 mm", "Штукатурка гипсовая 15 мм", "m2", "м2", 690),
          item("Water-based paint 2 coats", "Окраска водоэмульсионная в 2 слоя", "m2", "м2", 380),
        ],
      },
      {
        en: "Floors",
        ru: "Полы",
        items: [
          item("Cement screed 50 mm", "Цементная стяжка 50 мм", "m2", "м2", 720),
          item("Porcelain floor tiles", "Плитка керамогранитная", "m2", "м2", 2350),
          item("Skirting boards", "Плинтус", "m", "м", 290),
        ],
      },
    ],
  },
  {
    en: "Windows and doors",
    ru: "Окна и двери",
    works: [
      {
        en: "Windows",
        ru: "Окна",
        items: [
          item("PVC window 1500x1800", "Окно ПВХ 1500x1800", "pcs", "шт", 24800),
          item("Window sills", "Подоконники", "m", "м", 1100),
        ],
      },
      {
        en: "Doors",
        ru: "Двери",
        items: [
          item("Steel entrance door", "Дверь стальная входная", "pcs", "шт", 38500),
          item("Interior door set", "Дверной блок межкомнатный", "set", "компл", 14900),
        ],
      },
    ],
  },
];

export type Lang = "en" | "ru";

export interface EstimateNode {
  code: string;
  name: string;
  unit: string;
  price: number;
  /** Index of the parent node in the list, -1 for a section. */
  parent: number;
  level: 0 | 1 | 2;
}

/** Leaves of the small estimate, for callers that need the default size. */
export const SMALL_LEAF_COUNT = SECTIONS.reduce(
  (n, s) => n + s.works.reduce((m, w) => m + w.items.length, 0),
  0,
);

/**
 * The estimate as a flat list in tree order (parents first). `leafCount` at or below the small size
 * gives the template itself; above it, each work type gets numbered variants of its items.
 */
export function buildEstimate(lang: Lang, leafCount: number = SMALL_LEAF_COUNT): EstimateNode[] {
  const nodes: EstimateNode[] = [];
  const workCount = SECTIONS.reduce((n, s) => n + s.works.length, 0);
  const perWork = Math.max(1, Math.ceil(leafCount / workCount));
  let leavesLeft = leafCount;
  SECTIONS.forEach((section, si) => {
    const sectionCode = String(si + 1);
    const sectionIndex = nodes.length;
    nodes.push({ code: sectionCode, name: section[lang], unit: "", price: 0, parent: -1, level: 0 });
    section.works.forEach((work, wi) => {
      const workCode = `${sectionCode}.${wi + 1}`;
      const workIndex = nodes.length;
      nodes.push({ code: workCode, name: work[lang], unit: "", price: 0, parent: sectionIndex, level: 1 });
      const count = leafCount <= SMALL_LEAF_COUNT ? work.items.length : Math.min(perWork, leavesLeft);
      for (let k = 0; k < count; k++) {
        const base = work.items[k % work.items.length];
        if (!base) continue;
        const variant = Math.floor(k / work.items.length);
        const suffix =
          variant === 0 ? "" : lang === "en" ? `, variant ${variant + 1}` : `, вариант ${variant + 1}`;
        nodes.push({
          code: `${workCode}.${k + 1}`,
          name: base[lang] + suffix,
          unit: lang === "en" ? base.unitEn : base.unitRu,
          price: round2(base.price * (1 + variant * 0.001)),
          parent: workIndex,
          level: 2,
        });
      }
      leavesLeft -= leafCount <= SMALL_LEAF_COUNT ? 0 : count;
    });
  });
  return nodes;
}

/** Quantities for the leaves of an analysis: deterministic per seed, a few items left out. */
export function quantityFor(prng: Prng, unit: string): number {
  switch (unit) {
    case "t":
    case "т":
      return round2(prng.next() * 40 + 0.5);
    case "pcs":
    case "шт":
    case "set":
    case "компл":
      return prng.int(1, 250);
    case "kg":
    case "кг":
      return round2(prng.next() * 3000 + 10);
    default:
      return round2(prng.next() * 2500 + 5);
  }
}
