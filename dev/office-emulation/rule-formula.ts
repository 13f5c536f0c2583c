/**
 * The formulas of conditional-format rules (`=$J2>0`, `=0`, `=AND($C2<>"",$D2<0)`), evaluated for
 * one cell of the rule's range. As in Excel, a relative reference is written for the range's
 * top-left cell and moves with the cell being formatted; `$` keeps a row or column fixed
 * (Microsoft support, "Use formulas to apply conditional formatting"). A small evaluator, not
 * Excel's: numbers, text, TRUE/FALSE, references on the rule's own sheet, + - * / &, comparisons,
 * AND, OR, NOT, ABS, ISBLANK, LEN. Anything else evaluates to null (the rule does not match).
 */
import { lettersToColumn } from "./address";
import type { CellValue, SheetModel } from "./model";

type Value = CellValue | null;

interface Token {
  kind: "num" | "str" | "ref" | "name" | "op" | "(" | ")" | ",";
  text: string;
}

const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|("(?:[^"]|"")*")|(\$?[A-Za-z]{1,3}\$?\d+)(?![A-Za-z(])|([A-Za-z_][A-Za-z0-9_.]*)|(<>|<=|>=|[-+*/&=<>^])|([(),]))/y;

function tokenize(text: string): Token[] | undefined {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (text.slice(at).trim() === "") break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return undefined;
    at = TOKEN.lastIndex;
    if (m[1]) out.push({ kind: "num", text: m[1] });
    else if (m[2]) out.push({ kind: "str", text: m[2].slice(1, -1).replace(/""/g, '"') });
    else if (m[3]) out.push({ kind: "ref", text: m[3] });
    else if (m[4]) out.push({ kind: "name", text: m[4].toUpperCase() });
    else if (m[5]) out.push({ kind: "op", text: m[5] });
    else if (m[6]) out.push({ kind: m[6] as "(" | ")" | ",", text: m[6] });
  }
  return out;
}

class Failure extends Error {}

interface Place {
  sheet: SheetModel;
  origin: { row: number; col: number };
  row: number;
  col: number;
}

function readReference(ref: string, place: Place): Value {
  const m = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/.exec(ref);
  if (!m?.[2] || !m[4]) throw new Failure();
  const col0 = lettersToColumn(m[2].toUpperCase());
  const row0 = Number(m[4]) - 1;
  const col = m[1] ? col0 : col0 + place.col - place.origin.col;
  const row = m[3] ? row0 : row0 + place.row - place.origin.row;
  const cell = place.sheet.getCell(row, col);
  if (cell?.isError) throw new Failure();
  return cell?.value ?? null;
}

function asNumber(v: Value): number {
  if (v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  const n = Number(v);
  if (v.trim() === "" || Number.isNaN(n)) throw new Failure();
  return n;
}

function asBoolean(v: Value): boolean {
  if (typeof v === "boolean") return v;
  return asNumber(v) !== 0;
}

function compareValues(a: Value, b: Value): number {
  // An empty cell compares as "" against text and as 0 against a number.
  const x = a ?? (typeof b === "string" ? "" : 0);
  const y = b ?? (typeof a === "string" ? "" : 0);
  if (typeof x === "number" && typeof y === "number") return x - y;
  if (typeof x === "string" && typeof y === "string") return x.toLowerCase().localeCompare(y.toLowerCase());
  const rank = (v: CellValue): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  if (rank(x) !== rank(y)) return rank(x) - rank(y);
  return Number(x) - Number(y);
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly place: Place,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private take(): Token {
    const t = this.tokens[this.i];
    if (!t) throw new Failure();
    this.i += 1;
    return t;
  }

  parse(): Value {
    const v = this.comparison();
    if (this.i !== this.tokens.length) throw new Failure();
    return v;
  }

  private comparison(): Value {
    const left = this.concat();
    const t = this.peek();
    if (t?.kind === "op" && ["=", "<>", "<", ">", "<=", ">="].includes(t.text)) {
      this.take();
      const c = compareValues(left, this.concat());
      return { "=": c === 0, "<>": c !== 0, "<": c < 0, ">": c > 0, "<=": c <= 0, ">=": c >= 0 }[
        t.text as "="
      ];
    }
    return left;
  }

  private concat(): Value {
    let v = this.additive();
    while (this.peek()?.text === "&") {
      this.take();
      const w = this.additive();
      v = `${v ?? ""}${w ?? ""}`;
    }
    return v;
  }

  private additive(): Value {
    let v = this.term();
    for (let t = this.peek(); t?.kind === "op" && (t.text === "+" || t.text === "-"); t = this.peek()) {
      this.take();
      const w = this.term();
      v = t.text === "+" ? asNumber(v) + asNumber(w) : asNumber(v) - asNumber(w);
    }
    return v;
  }

  private term(): Value {
    let v = this.unary();
    for (let t = this.peek(); t?.kind === "op" && (t.text === "*" || t.text === "/"); t = this.peek()) {
      this.take();
      const w = asNumber(this.unary());
      if (t.text === "/" && w === 0) throw new Failure();
      v = t.text === "*" ? asNumber(v) * w : asNumber(v) / w;
    }
    return v;
  }

  private unary(): Value {
    const t = this.peek();
    if (t?.kind === "op" && (t.text === "-" || t.text === "+")) {
      this.take();
      const v = asNumber(this.unary());
      return t.text === "-" ? -v : v;
    }
    return this.primary();
  }

  private primary(): Value {
    const t = this.take();
    if (t.kind === "num") return Number(t.text);
    if (t.kind === "str") return t.text;
    if (t.kind === "ref") return readReference(t.text, this.place);
    if (t.kind === "(") {
      const v = this.comparison();
      if (this.take().kind !== ")") throw new Failure();
      return v;
    }
    if (t.kind === "name") {
      if (t.text === "TRUE" || t.text === "FALSE") {
        if (this.peek()?.kind === "(") {
          this.take();
          this.take();
        }
        return t.text === "TRUE";
      }
      if (this.take().kind !== "(") throw new Failure();
      const args: Value[] = [];
      if (this.peek()?.kind !== ")") {
        args.push(this.comparison());
        while (this.peek()?.kind === ",") {
          this.take();
          args.push(this.comparison());
        }
      }
      if (this.take().kind !== ")") throw new Failure();
      return this.call(t.text, args);
    }
    throw new Failure();
  }

  private call(name: string, args: Value[]): Value {
    switch (name) {
      case "AND":
        return args.every(asBoolean);
      case "OR":
        return args.some(asBoolean);
      case "NOT":
        return !asBoolean(args[0] ?? null);
      case "ABS":
        return Math.abs(asNumber(args[0] ?? null));
      case "ISBLANK":
        return args[0] === null;
      case "LEN":
        return String(args[0] ?? "").length;
      default:
        throw new Failure();
    }
  }
}

/**
 * The value of a rule formula for the cell at (row, col) of a range whose top-left is `origin`.
 * Text without "=" is a constant, as Excel reads formula1 "50"; null when it cannot be evaluated.
 */
export function evaluateRuleFormula(
  formula: string,
  sheet: SheetModel,
  origin: { row: number; col: number },
  row: number,
  col: number,
): Value {
  const text = formula.trim();
  if (!text.startsWith("=")) {
    const n = Number(text);
    return text !== "" && !Number.isNaN(n) ? n : text;
  }
  const tokens = tokenize(text.slice(1));
  if (!tokens || tokens.length === 0) return null;
  try {
    return new Parser(tokens, { sheet, origin, row, col }).parse();
  } catch (error) {
    if (error instanceof Failure) return null;
    throw error;
  }
}
