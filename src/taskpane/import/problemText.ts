// A problem of the catalog check in the user's language: src/catalog words its problems in English
// for logs and tests; the Import screen words them from the problem's kind, cell, field and values
// through the message area "problems" (src/i18n/areas/problems.ts).
import type { CatalogField, Problem } from "../../catalog";
import { getLanguage, localeOf, t, type Language, type MessageKey, type MessageValues } from "../../i18n";
import "../../i18n/deferred"; // the import and problems messages load with this module

/** Longest text from the sheet quoted in a sentence, as the engine quotes it. */
const MAX_QUOTED = 60;

const FIELD_KEYS: Readonly<Record<CatalogField, MessageKey>> = {
  Guid: "problems.fieldGuid",
  Code: "problems.fieldCode",
  Name: "problems.fieldName",
  Price: "problems.fieldPrice",
  Unit: "problems.fieldUnit",
  CurrencyCharCode: "problems.fieldCurrencyCharCode",
  Binding: "problems.fieldBinding",
  ControlPoints: "problems.fieldControlPoints",
  Delete: "problems.fieldDelete",
};

/** A field's name as the user reads it ("Price", "Цена"). */
export function fieldLabel(field: CatalogField, language: Language = getLanguage()): string {
  return t(FIELD_KEYS[field], {}, language);
}

/** What Excel's error values mean, by the text the cell shows. */
const EXCEL_CAUSES: Readonly<Record<string, MessageKey>> = {
  "#N/A": "problems.excelCauseNA",
  "#REF!": "problems.excelCauseRef",
  "#VALUE!": "problems.excelCauseValue",
  "#DIV/0!": "problems.excelCauseDiv0",
  "#NAME?": "problems.excelCauseName",
  "#NULL!": "problems.excelCauseNull",
  "#NUM!": "problems.excelCauseNum",
  "#SPILL!": "problems.excelCauseSpill",
  "#CALC!": "problems.excelCauseCalc",
  "#GETTING_DATA": "problems.excelCauseGettingData",
  "#FIELD!": "problems.excelCauseField",
  "#BLOCKED!": "problems.excelCauseBlocked",
  "#CONNECT!": "problems.excelCauseConnect",
  "#BUSY!": "problems.excelCauseGettingData",
  "#UNKNOWN!": "problems.excelCauseUnknown",
  "#PYTHON!": "problems.excelCausePython",
};

/**
 * Why control points could not be read: the engine gives its reason as an English phrase
 * (src/catalog/controlPoints.ts); each phrase it makes is recognised here and worded again.
 * A phrase not recognised gives a general reason rather than English in another language.
 */
const CONTROL_POINT_REASONS: ReadonlyArray<
  readonly [RegExp, MessageKey, (m: RegExpMatchArray) => MessageValues]
> = [
  [/^it is a single JSON object/, "problems.controlPointsJsonObject", () => ({})],
  [/^the text ends with a lone /, "problems.controlPointsLoneEscape", () => ({})],
  [/^it starts with \[ but is not valid JSON$/, "problems.controlPointsNotJson", () => ({})],
  [/^the JSON is not an array$/, "problems.controlPointsNotArray", () => ({})],
  [/^element (\d+) of the JSON array is not an object$/, "problems.controlPointsElementNotObject", item],
  [/^element (\d+) of the JSON array has no text "Binding"$/, "problems.controlPointsElementNoBinding", item],
  [
    /^element (\d+) of the JSON array has no text "VariableName"$/,
    "problems.controlPointsElementNoVariable",
    item,
  ],
  [
    /^item (\d+) \("([\s\S]*)"\) has no "=" between the binding and the variable name$/,
    "problems.controlPointsItemNoEquals",
    itemAndBinding,
  ],
  [/^item (\d+) has no binding before "="$/, "problems.controlPointsItemNoBinding", item],
  [
    /^item (\d+) \("([\s\S]*)="\) has no variable name after "="$/,
    "problems.controlPointsItemNoVariable",
    itemAndBinding,
  ],
];

function item(m: RegExpMatchArray): MessageValues {
  return { item: m[1] ?? "" };
}

function itemAndBinding(m: RegExpMatchArray): MessageValues {
  return { item: m[1] ?? "", binding: shorten(m[2] ?? "") };
}

function controlPointsReason(reason: string, language: Language): string {
  for (const [pattern, key, values] of CONTROL_POINT_REASONS) {
    const m = reason.match(pattern);
    if (m) return t(key, values(m), language);
  }
  return t("problems.controlPointsUnreadable", {}, language);
}

function shorten(text: string): string {
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
}

/** A number as the language writes it, to Excel's 15 significant digits. */
function numberIn(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { maximumSignificantDigits: 15 }).format(value);
}

/** "C3 and D3" / "C3 и D3". */
function listIn(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { style: "long", type: "conjunction" }).format(items);
}

/** The problem and what to do about it, in `language` (default: the pane's). */
export function problemText(
  p: Problem,
  language: Language = getLanguage(),
): { message: string; fix: string } {
  const v = p.values;
  const text = (name: string): string => {
    const value = v[name];
    return value === undefined ? "" : shorten(String(value));
  };
  const count = (name: string): number => {
    const value = v[name];
    return typeof value === "number" ? value : Number(value ?? 0);
  };
  const shownNumber = (name: string): string => {
    const value = v[name];
    return typeof value === "number" ? numberIn(value, language) : text(name);
  };
  const values: Record<string, string | number> = {
    cell: p.cell,
    row: String(p.row),
    column: p.column,
    sheet: p.sheet,
    field: p.field === null ? "" : fieldLabel(p.field, language),
  };
  const say = (message: MessageKey, fix: MessageKey, more: MessageValues = {}) => {
    const all = { ...values, ...more };
    return { message: t(message, all, language), fix: t(fix, all, language) };
  };

  switch (p.kind) {
    case "empty-selection":
      return say("problems.emptySelection", "problems.emptySelectionFix");
    case "block-outside-sheet":
      return say("problems.blockOutsideSheet", "problems.blockOutsideSheetFix");
    case "no-header":
      return say("problems.noHeader", "problems.noHeaderFix", { rows: count("rows") });
    case "no-data-rows": {
      const headerRow = count("headerRow");
      return headerRow > 0
        ? say("problems.noDataRows", "problems.noDataRowsFix", { headerRow: String(headerRow) })
        : say("problems.noDataRowsNoHeader", "problems.noDataRowsFix");
    }
    case "missing-column":
      return p.field === "Name"
        ? say("problems.missingColumnName", "problems.missingColumnNameFix", { count: count("positions") })
        : say("problems.missingColumn", "problems.missingColumnFix");
    case "duplicate-column":
      return say("problems.duplicateColumn", "problems.duplicateColumnFix", {
        header: text("header"),
        usedColumn: text("usedColumn"),
        usedHeader: text("usedHeader"),
      });
    case "ambiguous-column": {
      const cells = text("columns")
        .split(", ")
        .filter((c) => c !== "")
        .map((c) => `${c}${p.row}`);
      return say("problems.ambiguousColumn", "problems.ambiguousColumnFix", {
        cells: listIn(cells, language),
      });
    }
    case "unmapped-column": {
      const suggestion = text("suggestion");
      const more = { header: text("header"), count: count("filledRows") };
      if (text("header") === "")
        return say("problems.unmappedColumnNoHeader", "problems.unmappedColumnFix", more);
      if (suggestion === "") return say("problems.unmappedColumn", "problems.unmappedColumnFix", more);
      const suggested =
        suggestion in FIELD_KEYS ? fieldLabel(suggestion as CatalogField, language) : suggestion;
      return say("problems.unmappedColumnSuggested", "problems.unmappedColumnSuggestedFix", {
        ...more,
        suggestion: suggested,
      });
    }
    case "invalid-mapping": {
      const reason = text("reason");
      if (reason === "header-outside-range") {
        return say("problems.invalidMappingHeaderRow", "problems.invalidMappingHeaderRowFix", {
          headerRow: text("headerRow"),
        });
      }
      if (reason === "same-column") {
        const other = text("otherField");
        return say("problems.invalidMappingSameColumn", "problems.invalidMappingSameColumnFix", {
          column: text("column"),
          otherField: other in FIELD_KEYS ? fieldLabel(other as CatalogField, language) : other,
        });
      }
      if (reason === "not-a-column") {
        return say("problems.invalidMappingNotAColumn", "problems.invalidMappingFix", {
          column: text("column"),
        });
      }
      return say("problems.invalidMapping", "problems.invalidMappingFix", {
        column: text("column").toUpperCase(),
      });
    }
    case "mapping-header-mismatch": {
      const headerRow = count("headerRow");
      if (v["foundRow"] === undefined) {
        return say("problems.mappingHeaderMismatchNumber", "problems.mappingHeaderMismatchNumberFix", {
          headerRow: String(headerRow),
          text: text("text"),
        });
      }
      const foundRow = count("foundRow");
      return say(
        foundRow > headerRow ? "problems.mappingHeaderMismatch" : "problems.mappingHeaderMismatchSkip",
        "problems.mappingHeaderMismatchFix",
        { headerRow: String(headerRow), foundRow: String(foundRow), nextRow: String(headerRow + 1) },
      );
    }
    case "header-row-in-data":
      return say("problems.headerRowInData", "problems.headerRowInDataFix", { text: text("text") });
    case "not-a-position":
      return say(
        text("reason") === "section" ? "problems.notAPositionSection" : "problems.notAPosition",
        "problems.notAPositionFix",
        { text: text("text") },
      );
    case "unmapped-data":
      return say("problems.unmappedData", "problems.unmappedDataFix", { text: text("text") });
    case "excel-error": {
      const shown = text("text");
      return say("problems.excelError", "problems.excelErrorFix", {
        text: shown,
        cause: t(EXCEL_CAUSES[shown] ?? "problems.excelCauseOther", {}, language),
      });
    }
    case "missing-code":
      return say("problems.missingCode", "problems.missingCodeFix");
    case "missing-name":
      return say("problems.missingName", "problems.missingNameFix");
    case "invalid-code": {
      const more = { text: text("text") };
      switch (text("reason")) {
        case "boolean":
          return say("problems.invalidCodeBoolean", "problems.invalidCodeFix", more);
        case "date":
          return say("problems.invalidCodeDate", "problems.invalidCodeTextFix", more);
        case "negative":
          return say("problems.invalidCodeNegative", "problems.invalidCodeNegativeFix", more);
        case "too-many-digits":
          return say("problems.invalidCodeTooManyDigits", "problems.invalidCodeTextFix", more);
        case "line-break":
          return say("problems.invalidCodeLineBreak", "problems.invalidCodeLineBreakFix", more);
        case "placeholder":
          return say("problems.invalidCodePlaceholder", "problems.invalidCodeDeletionFix", more);
        case "section":
          return say("problems.invalidCodeSection", "problems.invalidCodeDeletionFix", more);
        default:
          return say("problems.invalidCode", "problems.invalidCodeFix", more);
      }
    }
    case "numeric-code": {
      const shown = text("text");
      const value = text("value");
      const more = { text: shown, value };
      if (shown !== value) return say("problems.numericCodeShown", "problems.numericCodeFix", more);
      if (/[.,]/.test(value)) {
        return say(
          p.severity === "error" ? "problems.numericCodeFractionDeletion" : "problems.numericCodeFraction",
          "problems.numericCodeFix",
          more,
        );
      }
      return say("problems.numericCode", "problems.numericCodeFix", more);
    }
    case "formula-code":
      return say(
        p.severity === "error" ? "problems.formulaCodeDeletion" : "problems.formulaCode",
        "problems.formulaCodeFix",
        { text: text("text") },
      );
    case "code-cleaned":
      return say("problems.codeCleaned", "problems.codeCleanedFix", {
        text: text("text"),
        code: text("code"),
      });
    case "code-mixed-script":
      return say("problems.codeMixedScript", "problems.codeMixedScriptFix", { text: text("text") });
    case "malformed-guid":
      return say("problems.malformedGuid", "problems.malformedGuidFix", { text: text("text") });
    case "nil-guid":
      return say("problems.nilGuid", "problems.nilGuidFix");
    case "formula-guid":
      return say("problems.formulaGuid", "problems.formulaGuidFix");
    case "price-not-number": {
      const separator = text("separator") || ".";
      const more = { text: text("text"), separator, otherSeparator: separator === "," ? "." : "," };
      const keys: Readonly<Record<string, MessageKey>> = {
        boolean: "problems.priceNotNumberBoolean",
        blank: "problems.priceNotNumberBlank",
        "wrong-separator": "problems.priceNotNumberWrongSeparator",
        "not-finite": "problems.priceNotNumberNotFinite",
      };
      return say(keys[text("reason")] ?? "problems.priceNotNumber", "problems.priceNotNumberFix", more);
    }
    case "price-text":
      return say("problems.priceText", "problems.priceTextFix", {
        text: text("text"),
        value: shownNumber("value"),
      });
    case "price-ambiguous":
      return say("problems.priceAmbiguous", "problems.priceAmbiguousFix", {
        text: text("text"),
        grouped: shownNumber("grouped"),
        decimal: shownNumber("decimal"),
        separator: text("separator"),
      });
    case "price-negative":
      return say("problems.priceNegative", "problems.priceNegativeFix", { value: shownNumber("value") });
    case "price-too-large":
      return say("problems.priceTooLarge", "problems.priceTooLargeFix", { value: shownNumber("value") });
    case "malformed-currency": {
      const suggestion = text("suggestion");
      const more = { text: text("text"), suggestion };
      return suggestion === ""
        ? say("problems.malformedCurrency", "problems.malformedCurrencyFix", more)
        : say("problems.malformedCurrencySuggested", "problems.currencySuggestedFix", more);
    }
    case "unknown-currency": {
      const suggestion = text("suggestion");
      const more = { text: text("text"), suggestion };
      return suggestion === ""
        ? say("problems.unknownCurrency", "problems.unknownCurrencyFix", more)
        : say("problems.unknownCurrencySuggested", "problems.currencySuggestedFix", more);
    }
    case "malformed-control-points":
      return say("problems.malformedControlPoints", "problems.malformedControlPointsFix", {
        reason: controlPointsReason(String(v["reason"] ?? ""), language),
      });
    case "unrecognised-deletion-mark":
      return say("problems.unrecognisedDeletionMark", "problems.unrecognisedDeletionMarkFix", {
        text: text("text"),
      });
    case "deletion-without-key":
      return say("problems.deletionWithoutKey", "problems.deletionWithoutKeyFix");
    case "text-too-long":
      return say(
        p.field === "ControlPoints" ? "problems.textTooLongControlPoints" : "problems.textTooLong",
        "problems.textTooLongFix",
        { count: count("length"), limit: count("limit") },
      );
    case "duplicate-code":
      return say("problems.duplicateCode", "problems.duplicateCodeFix", {
        code: text("code"),
        otherCell: text("otherCell"),
      });
    case "duplicate-guid":
      return say("problems.duplicateGuid", "problems.duplicateGuidFix", { otherCell: text("otherCell") });
    case "case-twin-codes":
    case "lookalike-codes": {
      const more = { code: text("code"), otherCode: text("otherCode"), otherCell: text("otherCell") };
      return p.kind === "case-twin-codes"
        ? say("problems.caseTwinCodes", "problems.caseTwinCodesFix", more)
        : say("problems.lookalikeCodes", "problems.lookalikeCodesFix", more);
    }
    case "orphan-code": {
      const named = text("parents") === "" ? [] : String(v["parents"]).split(", ");
      const quoted = named.map((code) => t("problems.quoted", { text: shorten(code) }, language));
      const more = count("more");
      if (more > 0) quoted.push(t("problems.listMore", { count: more }, language));
      const parentCount = count("parentCount");
      const positions = count("positions");
      const total = count("total");
      const all = positions === total;
      const one = parentCount === 1;
      return say(
        one
          ? all
            ? "problems.orphanCodeAll"
            : "problems.orphanCode"
          : all
            ? "problems.orphanCodeManyAll"
            : "problems.orphanCodeMany",
        one ? "problems.orphanCodeFix" : "problems.orphanCodeManyFix",
        { list: listIn(quoted, language), parentCount, positions, total },
      );
    }
    case "deleted-and-imported":
      return say(
        text("key") === "Guid" ? "problems.deletedAndImportedGuid" : "problems.deletedAndImported",
        "problems.deletedAndImportedFix",
        { value: text("value"), otherRow: text("otherRow"), otherCell: text("otherCell") },
      );
    case "deleted-parent":
      return say("problems.deletedParent", "problems.deletedParentFix", {
        code: text("code"),
        deletedCode: text("deletedCode"),
        otherCell: text("otherCell"),
      });
    default: {
      // A new kind without words fails to compile here; at run time it keeps the engine's English.
      const unknown: never = p.kind;
      void unknown;
      return { message: p.message, fix: p.fix };
    }
  }
}
