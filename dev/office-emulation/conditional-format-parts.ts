/**
 * The parts of one conditional format (Excel.ConditionalFormat): the CellValue and Custom rules
 * with their formats (fill, font), and the colour scale's criteria, over the rule recorded in
 * sheet-objects.ts.
 */
import { refuseIfProtected } from "./protection";
import { EmulatedOfficeError, ErrorCodes, officeError } from "./errors";
import { ClientObjectBase, type EmulatedRequestContext } from "./proxy";
import type { ColorScaleCriteria, ConditionalFormatModel, ConditionalStyle } from "./sheet-objects";
import { CELL_VALUE_OPERATORS } from "./sheet-object-enums";
import type {
  CellValueConditionalFormatSurface,
  ConditionalFormatRuleSurface,
  ConditionalRangeFontSurface,
  ConditionalRangeFormatSurface,
  CustomConditionalFormatSurface,
} from "./surface";

/** Base for the parts of one rule: they exist while the rule does. */
export abstract class RulePart extends ClientObjectBase {
  constructor(
    context: EmulatedRequestContext,
    protected readonly ruleOf: () => ConditionalFormatModel,
  ) {
    super(context);
  }

  /** A part of a rule of another type exists: reading it fails with that error, not ItemNotFound. */
  protected _exists(): boolean {
    try {
      this.ruleOf();
      return true;
    } catch (error) {
      return error instanceof EmulatedOfficeError && error.code === ErrorCodes.invalidOperation;
    }
  }

  protected notify(): void {
    this.context.model.notifyChanged();
  }

  /** The rule's sheet, when protected, refuses changes to it (protection.ts, "formatCells"). */
  protected refuseIfProtected(location: string): void {
    const sheet = this.context.model.getSheetById(this.ruleOf().sheetId);
    if (sheet) refuseIfProtected(sheet, "formatCells", location);
  }
}

/** CellValueConditionalFormat: a rule {formula1, formula2?, operator} and a format. */
export class EmulatedCellValueFormat extends RulePart implements CellValueConditionalFormatSurface {
  protected readonly _entity = "CellValueConditionalFormat";
  protected readonly _scalars = ["rule"] as const;
  readonly format: EmulatedConditionalRangeFormat;

  constructor(context: EmulatedRequestContext, rule: () => ConditionalFormatModel) {
    super(context, rule);
    this.format = new EmulatedConditionalRangeFormat(context, rule);
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "format" ? this.format : undefined;
  }

  protected _read(name: string): unknown {
    return name === "rule" ? { ...this.ruleOf().cellValueRule } : undefined;
  }

  get rule(): Excel.ConditionalCellValueRule {
    return this._get("rule");
  }
  set rule(value: Excel.ConditionalCellValueRule) {
    this._queueSet("rule", value, () => {
      this.refuseIfProtected("CellValueConditionalFormat.rule");
      const cf = this.ruleOf();
      const given = (value ?? {}) as unknown as Record<string, unknown>;
      const operator = given["operator"];
      const formula1 = given["formula1"];
      if (
        typeof operator !== "string" ||
        !CELL_VALUE_OPERATORS.includes(operator) ||
        typeof formula1 !== "string"
      ) {
        throw officeError(ErrorCodes.invalidArgument, "CellValueConditionalFormat.rule", "rule");
      }
      const formula2 = given["formula2"];
      if ((operator === "Between" || operator === "NotBetween") && typeof formula2 !== "string") {
        throw officeError(ErrorCodes.invalidArgument, "CellValueConditionalFormat.rule", "formula2");
      }
      cf.cellValueRule = { formula1, operator, ...(typeof formula2 === "string" ? { formula2 } : {}) };
      this.notify();
    });
  }
}

/** CustomConditionalFormat: a ConditionalFormatRule (`formula`) and a format. */
export class EmulatedCustomFormat extends RulePart implements CustomConditionalFormatSurface {
  protected readonly _entity = "CustomConditionalFormat";
  protected readonly _scalars = [] as const;
  readonly format: EmulatedConditionalRangeFormat;
  readonly rule: EmulatedConditionalFormatRule;

  constructor(context: EmulatedRequestContext, rule: () => ConditionalFormatModel) {
    super(context, rule);
    this.format = new EmulatedConditionalRangeFormat(context, rule);
    this.rule = new EmulatedConditionalFormatRule(context, rule);
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "format" ? this.format : name === "rule" ? this.rule : undefined;
  }

  protected _read(): unknown {
    return undefined;
  }
}

/** ConditionalFormatRule (of a Custom rule): `formula`, and formulaLocal read the same here. */
export class EmulatedConditionalFormatRule extends RulePart implements ConditionalFormatRuleSurface {
  protected readonly _entity = "ConditionalFormatRule";
  protected readonly _scalars = ["formula", "formulaLocal"] as const;

  protected _read(): unknown {
    return this.ruleOf().customFormula ?? "";
  }

  get formula(): string {
    return this._get("formula");
  }
  set formula(value: string) {
    this._queueSet("formula", value, () => {
      this.refuseIfProtected("ConditionalFormatRule.formula");
      if (typeof value !== "string" || value.trim() === "") {
        throw officeError(ErrorCodes.invalidArgument, "ConditionalFormatRule.formula", "formula");
      }
      this.ruleOf().customFormula = value;
      this.notify();
    });
  }
  get formulaLocal(): string {
    return this._get("formulaLocal");
  }
}

export class EmulatedConditionalRangeFormat extends RulePart implements ConditionalRangeFormatSurface {
  protected readonly _entity = "ConditionalRangeFormat";
  protected readonly _scalars = [] as const;
  readonly fill = new EmulatedConditionalStyle(this.context, this.ruleOf, "ConditionalRangeFill", ["color"]);
  readonly font = new EmulatedConditionalStyle(this.context, this.ruleOf, "ConditionalRangeFont", [
    "color",
    "bold",
    "italic",
  ]);

  protected _read(): unknown {
    return undefined;
  }

  protected override _navigation(name: string): ClientObjectBase | undefined {
    return name === "fill" ? this.fill : name === "font" ? this.font : undefined;
  }
}

/** ConditionalRangeFill (color) and ConditionalRangeFont (color, bold, italic). */
export class EmulatedConditionalStyle extends RulePart implements ConditionalRangeFontSurface {
  constructor(
    context: EmulatedRequestContext,
    rule: () => ConditionalFormatModel,
    protected readonly _entity: string,
    protected readonly _scalars: readonly string[],
  ) {
    super(context, rule);
  }

  private key(name: string): keyof ConditionalStyle {
    if (name === "color") return this._entity === "ConditionalRangeFill" ? "fill" : "fontColor";
    return name as keyof ConditionalStyle;
  }

  /** A property the rule does not set reads null (chosen: Office's docs do not say). */
  protected _read(name: string): unknown {
    return this.ruleOf().format[this.key(name)] ?? null;
  }

  private write(name: string, value: unknown): void {
    this._queueSet(name, value, () => {
      this.refuseIfProtected(`ConditionalFormat.${name}`);
      const format = this.ruleOf().format as Record<string, unknown>;
      format[this.key(name)] = value;
      this.notify();
    });
  }

  get color(): string {
    return this._get("color");
  }
  set color(value: string) {
    this.write("color", value);
  }
  get bold(): boolean {
    return this._get("bold");
  }
  set bold(value: boolean) {
    this.write("bold", value);
  }
  get italic(): boolean {
    return this._get("italic");
  }
  set italic(value: boolean) {
    this.write("italic", value);
  }

  clear(): void {
    this._queue("call", "clear()", null, () => {
      this.refuseIfProtected("ConditionalFormat.clear");
      const format = this.ruleOf().format;
      for (const name of this._scalars) delete format[this.key(name)];
      this.notify();
    });
  }
}

/** ColorScaleConditionalFormat: criteria {minimum, midpoint?, maximum}, each {formula, type, color}. */
export class EmulatedColorScale extends RulePart {
  protected readonly _entity = "ColorScaleConditionalFormat";
  protected readonly _scalars = ["criteria", "threeColorScale"] as const;

  protected _read(name: string): unknown {
    const scale = this.ruleOf().colorScale ?? {};
    if (name === "criteria") return structuredClone(scale);
    if (name === "threeColorScale") return scale.midpoint !== undefined;
    return undefined;
  }

  get criteria(): ColorScaleCriteria {
    return this._get("criteria");
  }
  set criteria(value: ColorScaleCriteria) {
    this._queueSet("criteria", value, () => {
      this.refuseIfProtected("ColorScaleConditionalFormat.criteria");
      if (!value?.minimum || !value.maximum) {
        throw officeError(ErrorCodes.invalidArgument, "ColorScaleConditionalFormat.criteria", "criteria");
      }
      this.ruleOf().colorScale = structuredClone(value);
      this.notify();
    });
  }
  get threeColorScale(): boolean {
    return this._get("threeColorScale");
  }
}
