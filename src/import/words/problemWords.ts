// A problem of the catalog check in words, in the user's language: src/catalog returns a kind, a
// reason code and values only; every sentence the user reads about a problem (the Import screen,
// anything written from the journey) is made here from the message area "problems"
// (src/i18n/areas/problems.ts). Here rather than in the pane because src/import sits below the
// pane and above both src/catalog and src/i18n, so every consumer can import it.
import { PROBLEM_REASONS } from "../../catalog";
import type { CatalogField, ControlPointsReason, Problem, ProblemKind, ProblemReasonOf } from "../../catalog";
import { getLanguage, localeOf, t, type Language, type MessageKey, type MessageValues } from "../../i18n";
import "../../i18n/deferred"; // the import and problems messages load with this module

/** Longest text from the sheet quoted in a sentence. */
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

/** Why control points could not be read, by the reader's reason code. */
const CONTROL_POINTS_KEYS: Readonly<Record<ControlPointsReason, MessageKey>> = {
  "json-object": "problems.controlPointsJsonObject",
  "lone-escape": "problems.controlPointsLoneEscape",
  "not-json": "problems.controlPointsNotJson",
  "not-array": "problems.controlPointsNotArray",
  "element-not-object": "problems.controlPointsElementNotObject",
  "element-no-binding": "problems.controlPointsElementNoBinding",
  "element-no-variable": "problems.controlPointsElementNoVariable",
  "item-no-equals": "problems.controlPointsItemNoEquals",
  "item-no-binding": "problems.controlPointsItemNoBinding",
  "item-no-variable": "problems.controlPointsItemNoVariable",
  "item-two-equals": "problems.controlPointsItemTwoEquals",
  "no-items": "problems.controlPointsNoItems",
  "element-unknown-key": "problems.controlPointsElementUnknownKey",
  "element-repeated-key": "problems.controlPointsElementRepeatedKey",
  "repeated-binding": "problems.controlPointsRepeatedBinding",
};

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

/** A problem's sentence and what to do about it. */
export interface ProblemWords {
  message: string;
  fix: string;
}

/** One problem's values as the sentences of its kind take them, in one language. */
class Wording {
  private readonly place: Record<string, string>;

  constructor(
    readonly p: Problem,
    readonly language: Language,
  ) {
    this.place = {
      cell: p.cell,
      row: String(p.row),
      column: p.column,
      sheet: p.sheet,
      field: p.field === null ? "" : fieldLabel(p.field, language),
    };
  }

  /** The problem sentence and the fix sentence, with the place and `more` filled in. */
  say(message: MessageKey, fix: MessageKey, more: MessageValues = {}): ProblemWords {
    const all = { ...this.place, ...more };
    return { message: t(message, all, this.language), fix: t(fix, all, this.language) };
  }

  /** A value as text, shortened like any text from the sheet; "" when absent. */
  text(name: string): string {
    const value = this.p.values[name];
    if (value === undefined) return "";
    return shorten(typeof value === "object" ? value.join(", ") : String(value));
  }

  count(name: string): number {
    const value = this.p.values[name];
    return typeof value === "number" ? value : Number(typeof value === "string" ? value : 0);
  }

  list(name: string): readonly string[] {
    const value = this.p.values[name];
    return typeof value === "object" ? value : [];
  }

  /** A number in the language's digits; a value the engine gives as text stays as it is. */
  shownNumber(name: string): string {
    const value = this.p.values[name];
    return typeof value === "number" ? numberIn(value, this.language) : this.text(name);
  }

  /** A field named by a value (a suggestion, the other field of a column), in the language. */
  fieldNamed(name: string): string {
    const value = this.text(name);
    return value in FIELD_KEYS ? fieldLabel(value as CatalogField, this.language) : value;
  }

  phrase(key: MessageKey, values: MessageValues = {}): string {
    return t(key, values, this.language);
  }
}

const INVALID_CODE_KEYS: Readonly<
  Record<ProblemReasonOf<"invalid-code">, readonly [MessageKey, MessageKey]>
> = {
  boolean: ["problems.invalidCodeBoolean", "problems.invalidCodeFix"],
  date: ["problems.invalidCodeDate", "problems.invalidCodeTextFix"],
  negative: ["problems.invalidCodeNegative", "problems.invalidCodeNegativeFix"],
  "too-many-digits": ["problems.invalidCodeTooManyDigits", "problems.invalidCodeTextFix"],
  "line-break": ["problems.invalidCodeLineBreak", "problems.invalidCodeLineBreakFix"],
  placeholder: ["problems.invalidCodePlaceholder", "problems.invalidCodeDeletionFix"],
  section: ["problems.invalidCodeSection", "problems.invalidCodeDeletionFix"],
};

const PRICE_NOT_NUMBER_KEYS: Readonly<Record<ProblemReasonOf<"price-not-number">, MessageKey>> = {
  boolean: "problems.priceNotNumberBoolean",
  blank: "problems.priceNotNumberBlank",
  "wrong-separator": "problems.priceNotNumberWrongSeparator",
  "not-a-number": "problems.priceNotNumber",
  "not-finite": "problems.priceNotNumberNotFinite",
  "too-small": "problems.priceNotNumberTooSmall",
};

const NEAR_DUPLICATE_KEYS: Readonly<Record<ProblemReasonOf<"near-duplicate-codes">, MessageKey>> = {
  "leading-zeros": "problems.nearDuplicateCodes",
  "trailing-mark": "problems.nearDuplicateCodesTrailingMark",
  "zeros-and-mark": "problems.nearDuplicateCodesZerosAndMark",
  dashes: "problems.nearDuplicateCodesDashes",
  "doubled-mark": "problems.nearDuplicateCodesDoubledMark",
};

/** The reason of a problem, when it is one of the kind's (see PROBLEM_REASONS). */
function reasonOf<K extends keyof typeof PROBLEM_REASONS>(
  p: Problem,
  kind: K,
): ProblemReasonOf<K> | undefined {
  const reasons: readonly string[] = PROBLEM_REASONS[kind];
  return p.reason !== undefined && reasons.includes(p.reason) ? (p.reason as ProblemReasonOf<K>) : undefined;
}

/** The words of each kind: a kind without words does not compile. */
const BY_KIND: { readonly [K in ProblemKind]: (w: Wording) => ProblemWords } = {
  "empty-selection": (w) => w.say("problems.emptySelection", "problems.emptySelectionFix"),
  "block-outside-sheet": (w) => w.say("problems.blockOutsideSheet", "problems.blockOutsideSheetFix"),
  "no-header": (w) => w.say("problems.noHeader", "problems.noHeaderFix", { rows: w.count("rows") }),
  "no-data-rows": (w) => {
    const headerRow = w.count("headerRow");
    return headerRow > 0
      ? w.say("problems.noDataRows", "problems.noDataRowsFix", { headerRow: String(headerRow) })
      : w.say("problems.noDataRowsNoHeader", "problems.noDataRowsFix");
  },
  "missing-column": (w) =>
    w.p.field === "Name"
      ? w.say("problems.missingColumnName", "problems.missingColumnNameFix", { count: w.count("positions") })
      : w.say("problems.missingColumn", "problems.missingColumnFix"),
  "duplicate-column": (w) =>
    w.say("problems.duplicateColumn", "problems.duplicateColumnFix", {
      header: w.text("header"),
      usedColumn: w.text("usedColumn"),
      usedHeader: w.text("usedHeader"),
    }),
  "ambiguous-column": (w) => {
    const cells = w.list("columns").map((c) => `${c}${w.p.row}`);
    return w.say("problems.ambiguousColumn", "problems.ambiguousColumnFix", {
      cells: listIn(cells, w.language),
    });
  },
  "unmapped-column": (w) => {
    // Several plain ones summed up in one line (selectProblemsInOrder): the columns and their headers.
    const columns = w.list("columns");
    if (columns.length > 1) {
      return w.say("problems.unmappedColumns", "problems.unmappedColumnsFix", {
        columns: listIn(columns, w.language),
        headers: listIn(
          w.list("headers").map((h) => `“${h}”`),
          w.language,
        ),
      });
    }
    const more = { header: w.text("header"), count: w.count("filledRows") };
    if (w.text("header") === "")
      return w.say("problems.unmappedColumnNoHeader", "problems.unmappedColumnFix", more);
    if (w.text("suggestion") === "")
      return w.say("problems.unmappedColumn", "problems.unmappedColumnFix", more);
    return w.say("problems.unmappedColumnSuggested", "problems.unmappedColumnSuggestedFix", {
      ...more,
      suggestion: w.fieldNamed("suggestion"),
    });
  },
  "invalid-mapping": (w) => {
    switch (reasonOf(w.p, "invalid-mapping")) {
      case "header-outside-range":
        return w.say("problems.invalidMappingHeaderRow", "problems.invalidMappingHeaderRowFix", {
          headerRow: w.text("headerRow"),
        });
      case "same-column":
        return w.say("problems.invalidMappingSameColumn", "problems.invalidMappingSameColumnFix", {
          column: w.text("column"),
          otherField: w.fieldNamed("otherField"),
        });
      case "not-a-column":
        return w.say("problems.invalidMappingNotAColumn", "problems.invalidMappingFix", {
          column: w.text("column"),
        });
      default:
        return w.say("problems.invalidMapping", "problems.invalidMappingFix", {
          column: w.text("column").toUpperCase(),
        });
    }
  },
  "mapping-header-mismatch": (w) => {
    const headerRow = w.count("headerRow");
    if (w.p.values["foundRow"] === undefined) {
      return w.say("problems.mappingHeaderMismatchNumber", "problems.mappingHeaderMismatchNumberFix", {
        headerRow: String(headerRow),
        text: w.text("text"),
      });
    }
    const foundRow = w.count("foundRow");
    return w.say(
      foundRow > headerRow ? "problems.mappingHeaderMismatch" : "problems.mappingHeaderMismatchSkip",
      "problems.mappingHeaderMismatchFix",
      { headerRow: String(headerRow), foundRow: String(foundRow), nextRow: String(headerRow + 1) },
    );
  },
  "header-two-rows": (w) => {
    const headers = w.list("headers");
    const columns = w
      .list("columns")
      .map((column, i) => w.phrase("problems.columnHeader", { column, header: shorten(headers[i] ?? "") }));
    const fix =
      reasonOf(w.p, "header-two-rows") === "above"
        ? "problems.headerTwoRowsAboveFix"
        : "problems.headerTwoRowsFix";
    return w.say("problems.headerTwoRows", fix, {
      firstRow: w.text("firstRow"),
      headerRow: w.text("headerRow"),
      dataRow: String(w.count("headerRow") + 1),
      codeCell: w.text("codeCell"),
      headers: listIn(columns, w.language),
    });
  },
  "title-above-header": (w) => {
    const fields = w.list("fields").map((f) =>
      w.phrase("problems.quoted", {
        text: f in FIELD_KEYS ? fieldLabel(f as CatalogField, w.language) : f,
      }),
    );
    return w.say("problems.titleAboveHeader", "problems.titleAboveHeaderFix", {
      titleRow: w.text("titleRow"),
      headerRow: w.text("headerRow"),
      fields: listIn(fields, w.language),
    });
  },
  "row-number-column": (w) => {
    const more = {
      header: w.text("header"),
      usedColumn: w.text("usedColumn"),
      usedHeader: w.text("usedHeader"),
    };
    if (reasonOf(w.p, "row-number-column") === "numbering")
      return w.say("problems.rowNumberColumnNumbering", "problems.rowNumberColumnNumberingFix", more);
    const message = more.usedColumn === "" ? "problems.rowNumberColumnNoGuid" : "problems.rowNumberColumn";
    return w.say(message, "problems.rowNumberColumnFix", more);
  },
  "header-row-in-data": (w) =>
    w.say("problems.headerRowInData", "problems.headerRowInDataFix", { text: w.text("text") }),
  "not-a-position": (w) =>
    w.say(
      reasonOf(w.p, "not-a-position") === "section"
        ? "problems.notAPositionSection"
        : "problems.notAPosition",
      "problems.notAPositionFix",
      { text: w.text("text") },
    ),
  "unmapped-data": (w) =>
    w.say("problems.unmappedData", "problems.unmappedDataFix", { text: w.text("text") }),
  "excel-error": (w) => {
    const shown = w.text("text");
    return w.say("problems.excelError", "problems.excelErrorFix", {
      text: shown,
      cause: w.phrase(EXCEL_CAUSES[shown] ?? "problems.excelCauseOther"),
    });
  },
  "missing-code": (w) => w.say("problems.missingCode", "problems.missingCodeFix"),
  "missing-name": (w) => w.say("problems.missingName", "problems.missingNameFix"),
  "invalid-code": (w) => {
    const reason = reasonOf(w.p, "invalid-code");
    const [message, fix] =
      reason === undefined
        ? (["problems.invalidCode", "problems.invalidCodeFix"] as const)
        : INVALID_CODE_KEYS[reason];
    return w.say(message, fix, { text: w.text("text") });
  },
  "numeric-code": (w) => {
    const more = { text: w.text("text"), value: w.text("value") };
    switch (reasonOf(w.p, "numeric-code")) {
      case "shown":
        return w.say("problems.numericCodeShown", "problems.numericCodeFix", more);
      case "trailing-zeros":
        return w.say(
          w.p.severity === "error" ? "problems.numericCodeFractionDeletion" : "problems.numericCodeFraction",
          "problems.numericCodeFix",
          more,
        );
      default:
        return w.say("problems.numericCode", "problems.numericCodeFix", more);
    }
  },
  "name-not-text": (w) =>
    w.say(
      reasonOf(w.p, "name-not-text") === "boolean" ? "problems.nameNotTextBoolean" : "problems.nameNotText",
      "problems.nameNotTextFix",
      { text: w.text("text") },
    ),
  "formula-code": (w) =>
    w.say(
      w.p.severity === "error" ? "problems.formulaCodeDeletion" : "problems.formulaCode",
      "problems.formulaCodeFix",
      { text: w.text("text") },
    ),
  "code-cleaned": (w) =>
    w.say("problems.codeCleaned", "problems.codeCleanedFix", { text: w.text("text"), code: w.text("code") }),
  "code-mixed-script": (w) =>
    w.say("problems.codeMixedScript", "problems.codeMixedScriptFix", { text: w.text("text") }),
  "malformed-guid": (w) =>
    w.say("problems.malformedGuid", "problems.malformedGuidFix", { text: w.text("text") }),
  "nil-guid": (w) => w.say("problems.nilGuid", "problems.nilGuidFix"),
  "formula-guid": (w) => w.say("problems.formulaGuid", "problems.formulaGuidFix"),
  "price-not-number": (w) => {
    const separator = w.text("separator") || ".";
    const more = { text: w.text("text"), separator, otherSeparator: separator === "," ? "." : "," };
    const reason = reasonOf(w.p, "price-not-number");
    const message = reason === undefined ? "problems.priceNotNumber" : PRICE_NOT_NUMBER_KEYS[reason];
    return w.say(message, "problems.priceNotNumberFix", more);
  },
  "price-text": (w) =>
    w.say("problems.priceText", "problems.priceTextFix", {
      text: w.text("text"),
      value: w.shownNumber("value"),
    }),
  "price-ambiguous": (w) =>
    w.say("problems.priceAmbiguous", "problems.priceAmbiguousFix", {
      text: w.text("text"),
      grouped: w.shownNumber("grouped"),
      decimal: w.shownNumber("decimal"),
      separator: w.text("separator"),
    }),
  "price-negative": (w) =>
    w.say("problems.priceNegative", "problems.priceNegativeFix", { value: w.shownNumber("value") }),
  "price-too-large": (w) =>
    w.say("problems.priceTooLarge", "problems.priceTooLargeFix", { value: w.shownNumber("value") }),
  "malformed-currency": (w) => {
    const more = { text: w.text("text"), suggestion: w.text("suggestion") };
    return more.suggestion === ""
      ? w.say("problems.malformedCurrency", "problems.malformedCurrencyFix", more)
      : w.say("problems.malformedCurrencySuggested", "problems.currencySuggestedFix", more);
  },
  "unknown-currency": (w) => {
    const more = { text: w.text("text"), suggestion: w.text("suggestion") };
    return more.suggestion === ""
      ? w.say("problems.unknownCurrency", "problems.unknownCurrencyFix", more)
      : w.say("problems.unknownCurrencySuggested", "problems.currencySuggestedFix", more);
  },
  "malformed-control-points": (w) => {
    const reason = reasonOf(w.p, "malformed-control-points");
    const words =
      reason === undefined
        ? w.phrase("problems.controlPointsUnreadable")
        : w.phrase(CONTROL_POINTS_KEYS[reason], { item: w.text("item"), binding: w.text("binding") });
    return w.say("problems.malformedControlPoints", "problems.malformedControlPointsFix", { reason: words });
  },
  "unrecognised-deletion-mark": (w) =>
    w.say("problems.unrecognisedDeletionMark", "problems.unrecognisedDeletionMarkFix", {
      text: w.text("text"),
    }),
  "deletion-without-key": (w) => w.say("problems.deletionWithoutKey", "problems.deletionWithoutKeyFix"),
  "long-text": (w) =>
    w.say(
      w.p.field === "ControlPoints" ? "problems.longTextControlPoints" : "problems.longText",
      "problems.longTextFix",
      { count: w.count("length") },
    ),
  "duplicate-code": (w) =>
    w.say("problems.duplicateCode", "problems.duplicateCodeFix", {
      code: w.text("code"),
      otherCell: w.text("otherCell"),
    }),
  "duplicate-guid": (w) =>
    w.say("problems.duplicateGuid", "problems.duplicateGuidFix", { otherCell: w.text("otherCell") }),
  "case-twin-codes": (w) =>
    w.say("problems.caseTwinCodes", "problems.caseTwinCodesFix", {
      code: w.text("code"),
      otherCode: w.text("otherCode"),
      otherCell: w.text("otherCell"),
    }),
  "lookalike-codes": (w) =>
    w.say("problems.lookalikeCodes", "problems.lookalikeCodesFix", {
      code: w.text("code"),
      otherCode: w.text("otherCode"),
      otherCell: w.text("otherCell"),
    }),
  "near-duplicate-codes": (w) =>
    w.say(
      NEAR_DUPLICATE_KEYS[reasonOf(w.p, "near-duplicate-codes") ?? "leading-zeros"],
      "problems.nearDuplicateCodesFix",
      {
        code: w.text("code"),
        otherCode: w.text("otherCode"),
        otherCell: w.text("otherCell"),
      },
    ),
  "orphan-code": (w) => {
    const quoted = w.list("parents").map((code) => w.phrase("problems.quoted", { text: shorten(code) }));
    const more = w.count("more");
    if (more > 0) quoted.push(w.phrase("problems.listMore", { count: more }));
    const parentCount = w.count("parentCount");
    const positions = w.count("positions");
    const total = w.count("total");
    const all = positions === total;
    const one = parentCount === 1;
    return w.say(
      one
        ? all
          ? "problems.orphanCodeAll"
          : "problems.orphanCode"
        : all
          ? "problems.orphanCodeManyAll"
          : "problems.orphanCodeMany",
      one ? "problems.orphanCodeFix" : "problems.orphanCodeManyFix",
      { list: listIn(quoted, w.language), parentCount, positions, total },
    );
  },
  "deleted-and-imported": (w) =>
    w.say(
      w.text("key") === "Guid" ? "problems.deletedAndImportedGuid" : "problems.deletedAndImported",
      "problems.deletedAndImportedFix",
      { value: w.text("value"), otherRow: w.text("otherRow"), otherCell: w.text("otherCell") },
    ),
  "deleted-parent": (w) =>
    w.say("problems.deletedParent", "problems.deletedParentFix", {
      code: w.text("code"),
      deletedCode: w.text("deletedCode"),
      otherCell: w.text("otherCell"),
    }),
};

/** The problem and what to do about it, in `language` (default: the pane's). */
export function problemText(p: Problem, language: Language = getLanguage()): ProblemWords {
  return BY_KIND[p.kind](new Wording(p, language));
}
