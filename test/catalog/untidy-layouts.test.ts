// Untidy sheets as people lay them out (issue 25, item 4): each is read as the user meant it, or
// the pane says what was assumed and how to change it, in the exact words it shows in English and
// Russian. Blocks start at B4 (pricesBlock), so every cell named depends on the block's corner.
import {
  analyseCatalog,
  findHeaderRow,
  spreadHeaderTexts,
  type CellValue,
  type ColumnMapping,
} from "../../src/catalog";
import { problemText } from "../../src/import";
import { lazily, pricesBlock } from "./helpers";

const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

function check(values: CellValue[][], mapping?: ColumnMapping) {
  const analysis = analyseCatalog(pricesBlock(values), { mapping });
  const said = analysis.problems
    .filter((p) => p.kind !== "orphan-code")
    .map((p) => ({
      kind: p.kind,
      severity: p.severity,
      cell: p.cell,
      en: problemText(p, "en"),
      ru: problemText(p, "ru"),
    }));
  return { ...analysis, said };
}

describe("a header spread over two rows", () => {
  const sheet: CellValue[][] = [
    ["Код", "Наименование", "Цена", ""],
    ["", "", "за ед.", "валюта"],
    ["Ss", "Системы", "", ""],
    ["Ss_15", "Фундаменты", 1200, "RUB"],
    ["Ss_15_10", "Свайные фундаменты", 850.5, "RUB"],
  ];

  it("reads a merged “Цена” above “за ед.” and “валюта” as Price and Currency, the data below both rows", () => {
    const { mapping, positions, said, counts } = check(sheet);
    expect(mapping).toEqual({
      headerRow: 5,
      columns: { Code: "B", Name: "C", Price: "D", CurrencyCharCode: "E" },
    });
    expect(positions.map((p) => [p.row, p.Code, p.Price, p.CurrencyCharCode])).toEqual([
      [6, "Ss", undefined, undefined],
      [7, "Ss_15", 1200, "RUB"],
      [8, "Ss_15_10", 850.5, "RUB"],
    ]);
    expect(counts.errors).toBe(0);
    expect(said).toEqual([
      {
        kind: "header-two-rows",
        severity: "warning",
        cell: "D5",
        en: {
          message:
            "Rows 4 and 5 are read together as one header (the words in D5 complete those above them): D “Цена за ед.” and E “Цена валюта”; the positions start in row 6.",
          fix: "Nothing needs doing if row 5 belongs to the header; if it is a position, enter its code in B5.",
        },
        ru: {
          message:
            "Строки 4 и 5 читаются вместе как один заголовок (слова в D5 дополняют те, что над ними): D «Цена за ед.» и E «Цена валюта»; позиции начинаются со строки 6.",
          fix: "Если строка 5 — часть заголовка, ничего делать не нужно; если это позиция, введите её код в B5.",
        },
      },
    ]);
  });

  it("reads a row of merged names above the row naming Code (“Price” over “per unit” and “currency”)", () => {
    const { mapping, positions, said } = check([
      ["", "", "Price", ""],
      ["Code", "Name", "per unit", "currency"],
      ["Ss", "Systems", "", ""],
      ["Ss_15", "Foundations", 850.5, "GBP"],
    ]);
    expect(mapping?.columns).toEqual({ Code: "B", Name: "C", Price: "D", CurrencyCharCode: "E" });
    expect(positions[1]).toMatchObject({ row: 7, Code: "Ss_15", Price: 850.5, CurrencyCharCode: "GBP" });
    expect(said).toEqual([
      {
        kind: "header-two-rows",
        severity: "warning",
        cell: "D5",
        en: {
          message:
            "Rows 4 and 5 are read together as one header (the words in D5 complete those above them): D “Price per unit” and E “Price currency”; the positions start in row 6.",
          fix: "Nothing needs doing if row 4 belongs to the header; if it does not, select the table from row 5.",
        },
        ru: {
          message:
            "Строки 4 и 5 читаются вместе как один заголовок (слова в D5 дополняют те, что над ними): D «Price per unit» и E «Price currency»; позиции начинаются со строки 6.",
          fix: "Если строка 4 — часть заголовка, ничего делать не нужно; если нет, выделите таблицу начиная со строки 5.",
        },
      },
    ]);
  });

  it("reads “Стоимость, руб.” over “за ед.” as the price and leaves “всего” (a total) unread, saying so", () => {
    const { mapping, positions, said } = check([
      ["Шифр", "Наименование работ", "Стоимость, руб.", ""],
      ["", "", "за ед.", "всего"],
      ["Ss", "Системы", "", ""],
      ["Ss_15", "Фундаменты", 1200, 36000],
    ]);
    expect(mapping).toEqual({ headerRow: 5, columns: { Code: "B", Name: "C", Price: "D" } });
    expect(positions[1]).toMatchObject({ Code: "Ss_15", Price: 1200 });
    expect(said).toEqual([
      {
        kind: "header-two-rows",
        severity: "warning",
        cell: "D5",
        en: {
          message:
            "Rows 4 and 5 are read together as one header (the words in D5 complete those above them): D “Стоимость, руб. за ед.” and E “Стоимость, руб. всего”; the positions start in row 6.",
          fix: "Nothing needs doing if row 5 belongs to the header; if it is a position, enter its code in B5.",
        },
        ru: {
          message:
            "Строки 4 и 5 читаются вместе как один заголовок (слова в D5 дополняют те, что над ними): D «Стоимость, руб. за ед.» и E «Стоимость, руб. всего»; позиции начинаются со строки 6.",
          fix: "Если строка 5 — часть заголовка, ничего делать не нужно; если это позиция, введите её код в B5.",
        },
      },
      {
        kind: "unmapped-column",
        severity: "warning",
        cell: "E5",
        en: {
          message:
            "Column E (headed “Стоимость, руб. всего” in E5) holds data in 1 row, but no field is read from it, so it is not imported.",
          fix: "If column E holds a field of the positions (price, unit, ...), choose it under Columns; otherwise nothing needs doing.",
        },
        ru: {
          message:
            "В столбце E (заголовок «Стоимость, руб. всего» в E5) заполнена 1 строка, но ни одно поле из него не читается, поэтому он не импортируется.",
          fix: "Если в столбце E есть нужное поле позиций (цена, единица измерения…), выберите его в разделе «Столбцы»; иначе ничего делать не нужно.",
        },
      },
    ]);
  });

  it("finds the same header again for the columns it was read with, so a saved choice still fits", () => {
    const detected = check(sheet).mapping as ColumnMapping;
    expect(findHeaderRow(pricesBlock(sheet))).toBe(1);
    const again = check(sheet, detected);
    expect(again.problems.filter((p) => p.kind === "mapping-header-mismatch")).toEqual([]);
    expect(again.positions.map((p) => p.Code)).toEqual(["Ss", "Ss_15", "Ss_15_10"]);
  });

  it("offers each column with its header as read from both rows, for the columns shown in the pane", () => {
    expect(spreadHeaderTexts(pricesBlock(sheet), 5)).toEqual([
      "Код",
      "Наименование",
      "Цена за ед.",
      "Цена валюта",
    ]);
    // One header row: its cells are shown as they are.
    expect(spreadHeaderTexts(pricesBlock(sheet), 4)).toBeNull();
    expect(
      spreadHeaderTexts(
        pricesBlock([
          ["Код", "Наименование"],
          ["1", "Бетон"],
        ]),
        4,
      ),
    ).toBeNull();
  });

  it("does not read a title spanning above the header as part of it", () => {
    const { mapping, said } = check([
      ["Стоимость материалов на 2026 год", "", ""],
      ["Код", "Наименование", "Примечание"],
      ["Ss", "Системы", "по проекту"],
    ]);
    expect(mapping).toEqual({ headerRow: 5, columns: { Code: "B", Name: "C" } });
    expect(said.map((p) => [p.kind, p.cell])).toEqual([["unmapped-column", "D5"]]);
  });

  it("leaves a row below the header that holds no header words as data, reported like any row", () => {
    const { mapping, said } = check([
      ["Код", "Наименование", "Цена", ""],
      ["", "Бетон", "сто", "RUB"],
      ["Ss_15", "Фундаменты", 1200, ""],
    ]);
    expect(mapping?.headerRow).toBe(4);
    expect(said.map((p) => [p.kind, p.cell])).toEqual([
      ["unmapped-column", "E4"],
      ["missing-code", "B5"],
      ["price-not-number", "D5"],
    ]);
  });
});

describe("a title block above the header that repeats its words", () => {
  it("takes the header next to the data and says the title row naming Code and Name was read as a title", () => {
    const { mapping, positions, said } = check([
      ["Код Наименование", "", ""],
      ["Код", "Наименование", ""],
      ["Классификатор Uniclass 2015, таблица Ss", "", ""],
      ["", "", ""],
      ["Шифр", "Наименование работ", "Примечание"],
      ["Ss", "Системы", ""],
      ["Ss_15", "Фундаменты", ""],
    ]);
    expect(mapping).toEqual({ headerRow: 8, columns: { Code: "B", Name: "C" } });
    expect(positions.map((p) => [p.row, p.Code, p.Name])).toEqual([
      [9, "Ss", "Системы"],
      [10, "Ss_15", "Фундаменты"],
    ]);
    expect(said).toEqual([
      {
        kind: "title-above-header",
        severity: "warning",
        cell: "B5",
        en: {
          message:
            "Row 5 names “Code” and “Name” as a header would (from B5), but it is read as part of a title above the table: the header is taken to be row 8, and nothing above it is imported.",
          fix: "Nothing needs doing if row 5 is part of a title; if it is the header, change the words in row 8 that read as a header.",
        },
        ru: {
          message:
            "Строка 5 называет поля «Код» и «Наименование», как строка заголовков (начиная с B5), но читается как часть названия над таблицей: заголовком считается строка 8, и всё, что выше неё, не импортируется.",
          fix: "Если строка 5 — часть названия, ничего делать не нужно; если это заголовок, измените в строке 8 слова, похожие на заголовки.",
        },
      },
    ]);
  });

  it("keeps the first of two identical header rows with a blank row between (a repeated header, not a title)", () => {
    const header = ["Код", "Наименование"];
    const { mapping, said } = check([header, ["", ""], header, ["Ss", "Системы"]]);
    expect(mapping?.headerRow).toBe(4);
    expect(said.map((p) => [p.kind, p.cell])).toEqual([["header-row-in-data", "B6"]]);
  });

  it("keeps the first header when a row between holds data (a code and a name)", () => {
    const { mapping } = check([
      ["Код", "Наименование"],
      ["Ss", "Системы"],
      ["Шифр", "Наименование работ"],
      ["Ss_15", "Фундаменты"],
    ]);
    expect(mapping?.headerRow).toBe(4);
  });
});

describe("a column of row numbers beside a real Guid column", () => {
  it("reads the Guid from the GUID column and says the “№” and “ID” columns were taken for row numbers", () => {
    const { mapping, positions, said } = check([
      ["№", "ID", "Guid", "Код", "Наименование"],
      [1, 1, GUID, "Ss", "Системы"],
      [2, 2, "", "Ss_15", "Фундаменты"],
    ]);
    expect(mapping?.columns).toEqual({ Guid: "D", Code: "E", Name: "F" });
    expect(positions.map((p) => [p.Code, p.Guid])).toEqual([
      ["Ss", GUID],
      ["Ss_15", undefined],
    ]);
    expect(said).toEqual([
      {
        kind: "row-number-column",
        severity: "warning",
        cell: "B4",
        en: {
          message: "Column B (“№” in B4) holds whole numbers, so it is taken for row numbers and not read.",
          fix: "Nothing needs doing if column B numbers the rows; if it holds a field of the positions, choose it under Columns.",
        },
        ru: {
          message: "В столбце B («№» в B4) целые числа, поэтому он считается нумерацией строк и не читается.",
          fix: "Если столбец B нумерует строки, ничего делать не нужно; если в нём поле позиций, выберите его в разделе «Столбцы».",
        },
      },
      {
        kind: "row-number-column",
        severity: "warning",
        cell: "C4",
        en: {
          message:
            "Column C (“ID” in C4) holds whole numbers, not GUIDs, so it is taken for row numbers and not read; the Guid is read from column D (“Guid”).",
          fix: "Nothing needs doing if column C numbers the rows; a position's Guid is a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, never a number.",
        },
        ru: {
          message:
            "В столбце C («ID» в C4) целые числа, а не GUID, поэтому он считается нумерацией строк и не читается; Guid читается из столбца D («Guid»).",
          fix: "Если столбец C нумерует строки, ничего делать не нужно; Guid позиции — это GUID вида 3f2504e0-4f89-11d3-9a0c-0305e82c3301, а не число.",
        },
      },
    ]);
  });

  it("does not read an “ID” column of row numbers as the Guid when the sheet has no GUID column", () => {
    const { mapping, positions, counts, said } = check([
      ["ID", "Code", "Name"],
      [1, "Ss", "Systems"],
      [2, "Ss_15", "Foundations"],
    ]);
    expect(mapping?.columns).toEqual({ Code: "C", Name: "D" });
    expect(positions).toHaveLength(2);
    expect(counts.errors).toBe(0);
    expect(said).toEqual([
      {
        kind: "row-number-column",
        severity: "warning",
        cell: "B4",
        en: {
          message:
            "Column B (“ID” in B4) holds whole numbers, not GUIDs, so it is taken for row numbers and not read; no column gives the positions' Guids.",
          fix: "Nothing needs doing if column B numbers the rows; a position's Guid is a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, never a number.",
        },
        ru: {
          message:
            "В столбце B («ID» в B4) целые числа, а не GUID, поэтому он считается нумерацией строк и не читается; столбца с Guid позиций нет.",
          fix: "Если столбец B нумерует строки, ничего делать не нужно; Guid позиции — это GUID вида 3f2504e0-4f89-11d3-9a0c-0305e82c3301, а не число.",
        },
      },
    ]);
  });

  it("still reads a column headed “Guid” as the Guid, and says its numbers are not GUIDs", () => {
    const { said } = check([
      ["Guid", "Code", "Name"],
      [1, "Ss", "Systems"],
    ]);
    expect(said.map((p) => [p.kind, p.cell])).toEqual([["malformed-guid", "B5"]]);
  });
});

describe("codes that differ only by invisible or look-alike characters, a leading zero or a closing dot", () => {
  const checked = lazily(() =>
    check([
      ["Code", "Name"],
      ["1", "Общестроительные работы"],
      ["1.02", "Стены"],
      ["01.02", "Стены"],
      ["1.3", "Полы"],
      ["1.3.", "Полы"],
      ["1.4", "Кровля"],
      ["1.4\u200b", "Кровля"],
      ["Ss_15_10_30", "Piled foundations"],
      ["Ss_15_10_030.", "Piled foundations"],
      ["А.01", "Cyrillic А"],
      ["A.01", "Latin A"],
      ["01-01-003", "Разработка грунта"],
      ["01–01–003", "Разработка грунта"],
    ]),
  );

  it("names a leading zero, a closing dot, and both, as probable duplicates", () => {
    const { said } = checked();
    expect(said.filter((p) => p.kind === "near-duplicate-codes" && p.cell !== "B17")).toEqual([
      {
        kind: "near-duplicate-codes",
        severity: "warning",
        cell: "B7",
        en: {
          message:
            "The Code “01.02” in B7 reads like “1.02” in B6 but for leading zeros, so the two are probably one position; the platform treats them as two positions.",
          fix: "If they are one position, write both codes the same way (or remove the repeated row); otherwise nothing needs doing.",
        },
        ru: {
          message:
            "Код «01.02» в B7 читается как «1.02» в B6, если не считать нулей в начале чисел, поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
          fix: "Если это одна позиция, напишите оба кода одинаково (или уберите повторяющуюся строку); иначе ничего делать не нужно.",
        },
      },
      {
        kind: "near-duplicate-codes",
        severity: "warning",
        cell: "B9",
        en: {
          message:
            "The Code “1.3.” in B9 reads like “1.3” in B8 but for the punctuation at the end, so the two are probably one position; the platform treats them as two positions.",
          fix: "If they are one position, write both codes the same way (or remove the repeated row); otherwise nothing needs doing.",
        },
        ru: {
          message:
            "Код «1.3.» в B9 читается как «1.3» в B8, если не считать знака препинания в конце, поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
          fix: "Если это одна позиция, напишите оба кода одинаково (или уберите повторяющуюся строку); иначе ничего делать не нужно.",
        },
      },
      {
        kind: "near-duplicate-codes",
        severity: "warning",
        cell: "B13",
        en: {
          message:
            "The Code “Ss_15_10_030.” in B13 reads like “Ss_15_10_30” in B12 but for leading zeros and punctuation (a mark doubled or at the end), so the two are probably one position; the platform treats them as two positions.",
          fix: "If they are one position, write both codes the same way (or remove the repeated row); otherwise nothing needs doing.",
        },
        ru: {
          message:
            "Код «Ss_15_10_030.» в B13 читается как «Ss_15_10_30» в B12, если не считать нулей в начале чисел и знаков препинания (удвоенного знака или знака в конце), поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
          fix: "Если это одна позиция, напишите оба кода одинаково (или уберите повторяющуюся строку); иначе ничего делать не нужно.",
        },
      },
    ]);
  });

  it("names codes that differ in the kind of dash (an en dash typed by Word beside a hyphen)", () => {
    const { said } = checked();
    expect(said.filter((p) => p.cell === "B17")).toEqual([
      {
        kind: "near-duplicate-codes",
        severity: "warning",
        cell: "B17",
        en: {
          message:
            "The Code “01–01–003” in B17 reads like “01-01-003” in B16 but for the kind of dash (a hyphen, an en dash and a minus sign look alike), so the two are probably one position; the platform treats them as two positions.",
          fix: "If they are one position, write both codes the same way (or remove the repeated row); otherwise nothing needs doing.",
        },
        ru: {
          message:
            "Код «01–01–003» в B17 читается как «01-01-003» в B16, если не считать вида тире (дефис, короткое тире и минус выглядят похоже), поэтому это, вероятно, одна позиция; платформа считает их двумя разными позициями.",
          fix: "Если это одна позиция, напишите оба кода одинаково (или уберите повторяющуюся строку); иначе ничего делать не нужно.",
        },
      },
    ]);
  });

  it("names an invisible character: the code is read without it, and then repeats the other row's", () => {
    const { positions, said } = checked();
    expect(said.filter((p) => p.cell === "B11")).toEqual([
      {
        kind: "code-cleaned",
        severity: "warning",
        cell: "B11",
        en: {
          message:
            "The Code in B11 held invisible or decomposed characters (“1.4<U+200B>”); it is read as “1.4”.",
          fix: "Retype the code in B11 so the sheet holds exactly “1.4”.",
        },
        ru: {
          message:
            "Код в B11 содержал невидимые или разложенные символы («1.4<U+200B>»); он читается как «1.4».",
          fix: "Введите код в B11 заново, чтобы в ячейке было ровно «1.4».",
        },
      },
      {
        kind: "duplicate-code",
        severity: "error",
        cell: "B11",
        en: {
          message:
            "The Code “1.4” in B11 repeats the Code in B10; the platform imports the first and ignores row 11.",
          fix: "Give one of the positions in B10 and B11 a different code, or delete the repeated row.",
        },
        ru: {
          message:
            "Код «1.4» в B11 повторяет код в B10; платформа импортирует первую позицию и пропустит строку 11.",
          fix: "Дайте одной из позиций в B10 и B11 другой код или удалите повторяющуюся строку.",
        },
      },
    ]);
    expect(positions.some((p) => p.row === 11)).toBe(false);
  });

  it("names look-alike letters (Cyrillic А beside Latin A)", () => {
    const { said } = checked();
    expect(said.filter((p) => p.kind === "lookalike-codes")).toEqual([
      {
        kind: "lookalike-codes",
        severity: "warning",
        cell: "B15",
        en: {
          message:
            "The Code “A.01” in B15 looks like “А.01” in B14 but is written with different characters that look alike (letters of Latin, Cyrillic, Greek or another script, full-width forms); the platform treats them as two positions.",
          fix: "Retype the look-alike characters of one of the codes (often on the other keyboard layout) so both read the same, unless they are meant to differ.",
        },
        ru: {
          message:
            "Код «A.01» в B15 выглядит как «А.01» в B14, но набран другими, похожими на них символами (буквы латиницы, кириллицы, греческого или другого алфавита, полноширинные формы); платформа считает их двумя разными позициями.",
          fix: "Если коды не должны различаться, наберите похожие символы одного из них заново (часто — в другой раскладке), чтобы коды совпали.",
        },
      },
    ]);
  });
});

describe("a control-points cell that cannot be read", () => {
  const checked = lazily(() =>
    check([
      ["Code", "Name", "Control points"],
      ["Ss", "Systems", ""],
      ["Ss_15", "Foundations", "Volume=V, Area=S"],
      ["Ss_20", "Structures", ";"],
      ["Ss_25", "Walls", "Volume=V; Area=S"],
    ]),
  );

  it("is reported at its cell, never dropped: items joined by a comma, and separators alone", () => {
    const { said } = checked();
    expect(said).toEqual([
      {
        kind: "malformed-control-points",
        severity: "error",
        cell: "D6",
        en: {
          message:
            "The Control points in D6 cannot be read: item 1 (“Volume=…”) has a second “=”; items are separated by “;” or a line break, not by a comma or a space.",
          fix: 'Write them as Binding=Variable; Binding2=Variable2 (or as a JSON array of {"Binding","VariableName"}) in D6.',
        },
        ru: {
          message:
            "Контрольные точки в D6 нельзя прочитать: в пункте 1 («Volume=…») второй знак «=»; пункты разделяются «;» или переносом строки, а не запятой или пробелом.",
          fix: 'Запишите их в D6 в виде Привязка=Переменная; Привязка2=Переменная2 (или JSON-массивом объектов {"Binding","VariableName"}).',
        },
      },
      {
        kind: "malformed-control-points",
        severity: "error",
        cell: "D7",
        en: {
          message:
            "The Control points in D7 cannot be read: it holds only separators (“;”), no Binding=Variable item.",
          fix: 'Write them as Binding=Variable; Binding2=Variable2 (or as a JSON array of {"Binding","VariableName"}) in D7.',
        },
        ru: {
          message:
            "Контрольные точки в D7 нельзя прочитать: в ячейке только разделители («;»), нет ни одного пункта Привязка=Переменная.",
          fix: 'Запишите их в D7 в виде Привязка=Переменная; Привязка2=Переменная2 (или JSON-массивом объектов {"Binding","VariableName"}).',
        },
      },
    ]);
  });

  it("keeps its row out of what is sent until it is fixed, and reads the well-formed cell", () => {
    const { positions, counts } = checked();
    expect(positions.map((p) => p.Code)).toEqual(["Ss", "Ss_25"]);
    expect(positions[1]?.ControlPoints).toEqual([
      { Binding: "Volume", VariableName: "V" },
      { Binding: "Area", VariableName: "S" },
    ]);
    expect(counts.errors).toBe(2);
  });
});

describe("a name cell holding TRUE or a number", () => {
  it("is questioned: a warning naming the cell, the field and the fix; the row is imported as shown", () => {
    const { positions, said } = check([
      ["Код", "Наименование"],
      ["Ss", "Системы"],
      ["Ss_15", true],
      ["Ss_20", 1250],
    ]);
    expect(positions.map((p) => p.Name)).toEqual(["Системы", "TRUE", "1250"]);
    expect(said).toEqual([
      {
        kind: "name-not-text",
        severity: "warning",
        cell: "C6",
        en: {
          message:
            "The Name in C6 is the TRUE/FALSE value TRUE, not text; it is imported as the name “TRUE”.",
          fix: "Enter the position's name in C6; if the names are in another column, choose that column for Name under Columns.",
        },
        ru: {
          message:
            "Наименование в C6 — логическое значение TRUE, а не текст; оно импортируется как наименование «TRUE».",
          fix: "Введите наименование позиции в C6; если наименования в другом столбце, выберите этот столбец для поля «Наименование» в разделе «Столбцы».",
        },
      },
      {
        kind: "name-not-text",
        severity: "warning",
        cell: "C7",
        en: {
          message: "The Name in C7 is the number 1250, not text; it is imported as the name “1250”.",
          fix: "Enter the position's name in C7; if the names are in another column, choose that column for Name under Columns.",
        },
        ru: {
          message: "Наименование в C7 — число 1250, а не текст; оно импортируется как наименование «1250».",
          fix: "Введите наименование позиции в C7; если наименования в другом столбце, выберите этот столбец для поля «Наименование» в разделе «Столбцы».",
        },
      },
    ]);
  });
});

describe("which cells make an “ID” column one of row numbers", () => {
  const rowNumbers = (said: ReturnType<typeof check>["said"]) =>
    said.filter((p) => p.kind === "row-number-column").map((p) => [p.cell, p.en.message]);

  it("every filled cell a whole number: 0, numbers written as text (“12”, “13.”), blank and space-only cells between", () => {
    const { mapping, problems, said } = check([
      ["ID", "Code", "Name"],
      [0, "Ss", "Systems"],
      ["", "Ss_15", "Foundations"],
      [" ", "Ss_20", "Frames"],
      ["12", "Ss_25", "Walls"],
      ["13.", "Ss_30", "Roofs"],
    ]);
    expect(mapping?.columns).toEqual({ Code: "C", Name: "D" });
    expect(rowNumbers(said)).toEqual([
      [
        "B4",
        "Column B (“ID” in B4) holds whole numbers, not GUIDs, so it is taken for row numbers and not read; no column gives the positions' Guids.",
      ],
    ]);
    // The problem is about the Guid field (the pane files it there), unlike a "№" column's.
    expect(problems.find((p) => p.kind === "row-number-column")?.field).toBe("Guid");
  });

  it.each<[string, CellValue]>([
    ["a fraction", 2.5],
    ["a negative number", -2],
    ["TRUE", true],
    ["text with a number in it", "12a"],
  ])(
    "one cell holding %s: the column is read as the Guid, and its cells are named as not GUIDs",
    (_, odd) => {
      const { mapping, said } = check([
        ["ID", "Code", "Name"],
        [1, "Ss", "Systems"],
        [odd, "Ss_15", "Foundations"],
      ]);
      expect(mapping?.columns.Guid).toBe("B");
      expect(rowNumbers(said)).toEqual([]);
      expect(said.map((p) => [p.kind, p.cell])).toEqual([
        ["malformed-guid", "B5"],
        ["malformed-guid", "B6"],
      ]);
    },
  );

  it("nothing below the header: the column is read as the Guid (new positions), not taken for row numbers", () => {
    const { mapping, said } = check([
      ["ID", "Code", "Name"],
      ["", "Ss", "Systems"],
      [" ", "Ss_15", "Foundations"],
    ]);
    expect(mapping?.columns.Guid).toBe("B");
    expect(said).toEqual([]);
  });

  it("only the first 200 rows below the header decide (a long sheet is not read twice)", () => {
    const numbered = Array.from({ length: 200 }, (_, i): CellValue[] => [
      i + 1,
      i === 0 ? "Ss" : `Ss_${i}`,
      "n",
    ]);
    const { mapping, said } = check([["ID", "Code", "Name"], ...numbered, ["x", "Ss_999", "n"]]);
    expect(mapping?.columns).toEqual({ Code: "C", Name: "D" });
    expect(rowNumbers(said).map(([cell]) => cell)).toEqual(["B4"]);
  });

  it("a “№” column is said to number the rows, about no field", () => {
    const { problems } = check([
      ["№", "Code", "Name"],
      [1, "Ss", "Systems"],
      [2, "Ss_15", "Foundations"],
    ]);
    expect(problems.map((p) => [p.kind, p.cell, p.field])).toEqual([["row-number-column", "B4", null]]);
  });
});

describe("two columns naming Price where the stronger header's column has blank cells", () => {
  it("reads the stronger header's column: its blank and space-only cells do not count against it", () => {
    const { mapping, said } = check([
      ["Code", "Name", "Цена", "Стоимость"],
      ["Ss", "Systems", 10, 5],
      ["Ss_15", "Foundations", "", 6],
      ["Ss_20", "Frames", " ", 7],
    ]);
    expect(mapping?.columns.Price).toBe("D");
    expect(said.map((p) => [p.kind, p.cell, p.en.message])).toEqual([
      [
        "duplicate-column",
        "E4",
        "The header in E4 (“Стоимость”) also names Price, but column D (“Цена”) fits it better and is read; column E is not read.",
      ],
    ]);
  });
});

describe("cells named where the table does not start in its first row or column", () => {
  it("a two-row header below a blank row, with Code in the second column: rows and the code cell named as they are", () => {
    const { mapping, said } = check([
      ["", "", "", ""],
      ["Наименование", "Код", "Цена", ""],
      ["", "", "за ед.", "валюта"],
      ["Системы", "Ss", "", ""],
      ["Фундаменты", "Ss_15", 1200, "RUB"],
    ]);
    expect(mapping?.columns).toEqual({ Name: "B", Code: "C", Price: "D", CurrencyCharCode: "E" });
    expect(said.map((p) => [p.kind, p.cell, p.en.message, p.en.fix])).toEqual([
      [
        "header-two-rows",
        "D6",
        "Rows 5 and 6 are read together as one header (the words in D6 complete those above them): D “Цена за ед.” and E “Цена валюта”; the positions start in row 7.",
        "Nothing needs doing if row 6 belongs to the header; if it is a position, enter its code in C6.",
      ],
    ]);
  });

  it("a title row naming Code in its second column is named at that cell", () => {
    const { said } = check([
      ["", "Код Наименование", ""],
      ["", "Код", "Наименование"],
      ["", "Классификатор Uniclass 2015, таблица Ss", ""],
      ["", "", ""],
      ["Примечание", "Шифр", "Наименование работ"],
      ["x", "Ss", "Системы"],
      ["y", "Ss_15", "Фундаменты"],
    ]);
    expect(said.filter((p) => p.kind === "title-above-header").map((p) => [p.cell, p.en.message])).toEqual([
      [
        "C5",
        "Row 5 names “Code” and “Name” as a header would (from C5), but it is read as part of a title above the table: the header is taken to be row 8, and nothing above it is imported.",
      ],
    ]);
  });
});

describe("a row whose read cells are blank", () => {
  it("is empty when its other cells hold only spaces, and is named at its first real note otherwise", () => {
    const analysis = analyseCatalog(
      pricesBlock([
        ["Code", "Name", "", ""],
        ["Ss", "Systems", "", ""],
        ["", "", " ", "see note"],
        ["", "", "  ", ""],
        ["Ss_15", "Foundations", "", ""],
      ]),
      { mapping: { headerRow: 4, columns: { Code: "B", Name: "C" } } },
    );
    expect([analysis.counts.positions, analysis.counts.emptyRows, analysis.counts.skippedRows]).toEqual([
      2, 1, 1,
    ]);
    expect(
      analysis.problems
        .filter((p) => p.kind === "unmapped-data")
        .map((p) => [p.cell, problemText(p, "en").message]),
    ).toEqual([
      [
        "E6",
        "Row 6 has data only in columns that are not read (E6 holds “see note”), so it is not imported.",
      ],
    ]);
  });
});
