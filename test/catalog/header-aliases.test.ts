// The header texts people write over a catalog's columns, in English and Russian: each one names
// its field, with how surely it does (a weak header loses to a strong one for the same field). The
// texts are written out as a user types them, not taken from the alias table they test.
import { matchHeaderStrength, type CatalogField } from "../../src/catalog";

describe("a header as people write it", () => {
  it.each<[string, CatalogField, boolean]>([
    ["UUID", "Guid", false],
    ["External ID", "Guid", false],
    ["ГУИД", "Guid", false],
    ["Внешний идентификатор", "Guid", false],
    ["GUID позиции", "Guid", false],
    ["Ид", "Guid", true],
    ["Position code", "Code", false],
    ["Item code", "Code", false],
    ["Код позиции", "Code", false],
    ["Шифр позиции", "Code", false],
    ["Обозначение", "Code", false],
    ["Шифр расценки", "Code", false],
    ["Код ресурса", "Code", false],
    ["Артикул", "Code", false],
    ["Section number", "Code", false],
    ["Title", "Name", false],
    ["Description", "Name", false],
    ["Position name", "Name", false],
    ["Item name", "Name", false],
    ["Item description", "Name", false],
    ["Наименование материала", "Name", false],
    ["Наименование работ и затрат", "Name", false],
    ["Наименование позиции", "Name", false],
    ["Наименование ресурса", "Name", false],
    ["Описание", "Name", false],
    ["Unit price", "Price", false],
    ["Price per unit", "Price", false],
    ["Цена за единицу", "Price", false],
    ["Цена единицы", "Price", false],
    ["Цена без НДС", "Price", false],
    ["Цена с НДС", "Price", false],
    ["Расценка", "Price", false],
    ["Стоимость за единицу", "Price", false],
    ["Unit cost", "Price", false],
    ["Units", "Unit", false],
    ["UoM", "Unit", false],
    ["Unit of measurement", "Unit", false],
    ["Measure", "Unit", false],
    ["Ед.", "Unit", false],
    ["Ед. измерения", "Unit", false],
    ["Единица", "Unit", false],
    ["Единица изм.", "Unit", false],
    ["Единицы измерения", "Unit", false],
    ["Currency code", "CurrencyCharCode", false],
    ["CurrencyCharCode", "CurrencyCharCode", false],
    ["Код валюты", "CurrencyCharCode", false],
    ["Control point", "ControlPoints", false],
    ["Контрольная точка", "ControlPoints", false],
    ["КТ", "ControlPoints", false],
    ["Deleted", "Delete", false],
    ["Del", "Delete", false],
    ["Remove", "Delete", false],
    ["To delete", "Delete", false],
    ["Mark for deletion", "Delete", false],
    ["Удаление", "Delete", false],
    ["Удалено", "Delete", false],
    ["Пометка удаления", "Delete", false],
    ["К удалению", "Delete", false],
  ])("%p names %s (weak: %p)", (text, field, weak) => {
    expect(matchHeaderStrength(text)).toEqual({ field, weak });
  });

  it.each(["Код:12-345", "Код:   12-345", "Name:Школа"])(
    "%p is a label with its value, whatever the spaces after the colon, not a header",
    (text) => {
      expect(matchHeaderStrength(text)).toBeNull();
    },
  );
});
