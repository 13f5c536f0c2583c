// Checking a range: reading the selected (or a given) range from the workbook, checking its cells
// with the catalog engine, the column mapping the user edits, and, before an import, making sure
// the cells are still the ones checked.

import {
  analyseCatalogInSteps,
  columnLetter,
  spreadHeaderTexts,
  STEP_ITEMS,
  type CellBlock,
  type ColumnMapping,
  type Problem,
  type Steps,
} from "../../catalog";
import {
  importSourceFromSelection,
  readRangeBlock,
  selectCell,
  toWorkbookError,
  type WorkbookError,
} from "../../workbook";
import { detailOf, said, type Journey } from "./journey";
import { fitRemembered, rememberChoice, type RememberedFit } from "../model/layouts";
import { runInSlices } from "./slices";
import type { SourceInfo } from "../model/records";
import type { Said } from "../model/said";

export class RangeCheck {
  private block: CellBlock | null = null;
  private decimalSeparator: string | undefined;
  /** What the catalog's remembered columns mean for the cells read (layouts.ts). */
  private fit: RememberedFit = { kind: "none" };
  /** The mapping in use is one the user chose over these cells (remembered at the import). */
  private chosen = false;

  /** `onChecked` is told before a new check is shown: what was built from the cells before is stale. */
  constructor(
    private readonly journey: Journey,
    private readonly onChecked: () => void,
  ) {}

  /** The cells of the last check (null before the first). */
  get cells(): CellBlock | null {
    return this.block;
  }

  /** Reads the selected range (a single cell grows to its table, whole columns shrink to the used range) and checks it. */
  async readSelection(): Promise<void> {
    let source: SourceInfo;
    try {
      source = await this.journey.deps.excel((context) => importSourceFromSelection(context));
    } catch (error) {
      this.journey.dispatch({ type: "read-failed", error: said("import.failedRead", detailOf(error)) });
      return;
    }
    await this.read(source, null);
  }

  /**
   * Reads a given range (its sheet and its address on that sheet) and checks it: with `mapping`
   * when given, else with the catalog's remembered columns where they fit the sheet's header row.
   */
  async readRange(source: SourceInfo, mapping: ColumnMapping | null = null, notice?: Said): Promise<void> {
    await this.read(source, mapping, notice);
  }

  /** "Check again": reads the same range again with the same mapping, after the user fixed cells. */
  async checkAgain(): Promise<void> {
    const source = this.journey.state.check.source;
    if (source === null) return this.readSelection();
    await this.read(source, this.journey.state.check.mapping);
  }

  /**
   * A column chosen by hand: the same cells are checked again with the new mapping (no new read).
   * The choice is remembered for the catalog in this workbook with the header row it was made for
   * (a mapping is not secret); without a catalog name yet, at the import.
   */
  async setMapping(mapping: ColumnMapping): Promise<void> {
    const state = this.journey.state;
    if (this.block === null || state.check.source === null) return;
    this.chosen = true;
    this.fit = { kind: "none" };
    const analysed = this.analyse(state.check.source, mapping);
    void this.rememberChoice(mapping);
    await analysed;
  }

  /** What the catalog's remembered columns mean for the cells read: applied, or offered. */
  rememberedFit(): RememberedFit {
    return this.fit;
  }

  /** "Use the columns chosen before": the remembered choice that differs, applied as the user's. */
  async applyRemembered(): Promise<void> {
    if (this.fit.kind !== "differs") return;
    await this.setMapping(this.fit.mapping);
  }

  /**
   * The catalog's name changed after the check: its remembered columns are fitted to the cells
   * again, and the check redone where that changes the columns (never over the user's own choice).
   */
  async catalogChanged(): Promise<void> {
    const state = this.journey.state;
    if (this.block === null || state.check.source === null || state.phase !== "checked" || this.chosen)
      return;
    const before = this.fit;
    this.fit = fitRemembered(this.block, this.journey.history.remembered(this.catalog()));
    const was = before.kind === "applies" || before.kind === "no-header" ? before.mapping : null;
    const now = this.fit.kind === "applies" || this.fit.kind === "no-header" ? this.fit.mapping : null;
    if (JSON.stringify(was) !== JSON.stringify(now)) await this.analyse(state.check.source, now);
  }

  /** Keeps the user's choice of columns for the catalog and this header row (when both are known). */
  async rememberChoice(mapping = this.journey.state.check.mapping): Promise<void> {
    const catalog = this.catalog();
    if (!this.chosen || this.block === null || mapping === null || catalog === "") return;
    try {
      await this.journey.history.saveChoice(catalog, rememberChoice(this.block, mapping));
    } catch (e) {
      this.journey.warn("could not remember the column mapping", e);
    }
  }

  /**
   * The mapping the user edits: the one in use, or, when no header row naming a Code column was
   * found, an empty one with the range's first row as its header, so the user can say which
   * column is which instead of being stuck.
   */
  mappingDraft(): ColumnMapping | null {
    const mapping = this.journey.state.check.mapping;
    if (mapping !== null) return mapping;
    if (this.block === null) return null;
    return { headerRow: this.block.startRow, columns: {} };
  }

  /**
   * The columns of the range read, each with the text of its header cell ("" without a header
   * row), for the mapping's choices.
   */
  sourceColumns(): { letter: string; header: string }[] {
    const block = this.block;
    if (block === null) return [];
    const width = block.values.reduce((w, row) => Math.max(w, row.length), 0);
    const headerRow = this.mappingDraft()?.headerRow ?? null;
    const headerCells = headerRow === null ? [] : (block.values[headerRow - block.startRow] ?? []);
    // A header over two rows is offered as read: "Цена за ед.", not "за ед." alone.
    const spread = spreadHeaderTexts(block, headerRow);
    return Array.from({ length: width }, (_, i) => {
      const cell = headerCells[i];
      return {
        letter: columnLetter(block.startColumn + i),
        header:
          spread?.[i] ?? (typeof cell === "string" || typeof cell === "number" ? String(cell).trim() : ""),
      };
    });
  }

  /**
   * The range the selection would import now (a single cell grows to its table), to notice that
   * the user selected other cells while the pane was open. null when it cannot be read.
   */
  async selectionNow(): Promise<SourceInfo | null> {
    try {
      return await this.journey.deps.excel((context) => importSourceFromSelection(context));
    } catch {
      return null;
    }
  }

  /** Selects the cell of a problem in the sheet ("click a problem, land on its cell"). */
  async selectProblem(problem: Pick<Problem, "sheet" | "cell">): Promise<WorkbookError | null> {
    try {
      await this.journey.deps.excel((context) => selectCell(context, problem.sheet, problem.cell));
      return null;
    } catch (error) {
      return toWorkbookError(error, { action: "read", sheet: problem.sheet });
    }
  }

  /**
   * Before anything is written or posted, the checked range is read again: if its cells changed
   * since the check (the user edited the sheet with the pane open), they are checked again and
   * the user sees the new check and preview instead of an import of what the sheet no longer
   * says. Returns true when the import may go on.
   */
  async sameCellsAsChecked(source: SourceInfo): Promise<boolean> {
    const checked = this.block;
    if (checked === null) return true;
    let fresh: CellBlock;
    try {
      fresh = (await this.journey.deps.excel((context) => readRangeBlock(context, source))).block;
    } catch (error) {
      this.journey.dispatch({ type: "read-failed", error: said("import.failedRead", detailOf(error)) });
      return false;
    }
    const deps = this.journey.deps;
    if (await runInSlices(sameBlock(checked, fresh), deps.pause, deps.sliceClock ?? deps.now)) return true;
    this.block = fresh;
    await this.analyse(source, this.journey.state.check.mapping, said("import.cellsChanged"));
    return false;
  }

  private catalog(): string {
    return this.journey.state.check.choices.catalogName.trim();
  }

  /** Reads and checks; without a given mapping, the remembered one applies where it fits the sheet. */
  private async read(source: SourceInfo, given: ColumnMapping | null, notice?: Said): Promise<void> {
    try {
      const result = await this.journey.deps.excel((context) => readRangeBlock(context, source));
      this.block = result.block;
      this.decimalSeparator = result.decimalSeparator;
      this.chosen = given !== null;
      this.fit =
        given !== null
          ? { kind: "none" }
          : fitRemembered(result.block, this.journey.history.remembered(this.catalog()));
      const fitted = this.fit.kind === "applies" || this.fit.kind === "no-header" ? this.fit.mapping : null;
      const address = result.address === "" ? source.address : result.address;
      await this.analyse({ sheet: result.block.sheet, address }, given ?? fitted, notice);
    } catch (error) {
      this.journey.dispatch({ type: "read-failed", error: said("import.failedRead", detailOf(error)) });
    }
  }

  private async analyse(source: SourceInfo, mapping: ColumnMapping | null, notice?: Said): Promise<void> {
    if (this.block === null) return;
    const started = this.journey.begin();
    const deps = this.journey.deps;
    const analysis = await runInSlices(
      analyseCatalogInSteps(this.block, {
        ...(this.decimalSeparator !== undefined ? { decimalSeparator: this.decimalSeparator } : {}),
        mapping,
      }),
      deps.pause,
      deps.sliceClock ?? deps.now,
    );
    if (!this.journey.isLatest(started)) return;
    this.onChecked();
    this.journey.dispatch({ type: "analysed", source, analysis, ...(notice ? { notice } : {}) });
  }
}

/**
 * The same cells, value for value (what a check reads from them), pausing every STEP_ITEMS rows:
 * 300,000 rows of nine cells compared at once would be a long task just before the import.
 */
function* sameBlock(a: CellBlock, b: CellBlock): Steps<boolean> {
  if (a.sheet !== b.sheet || a.startRow !== b.startRow || a.startColumn !== b.startColumn) return false;
  if (a.values.length !== b.values.length) return false;
  for (let r = 0; r < a.values.length; r += 1) {
    if (r % STEP_ITEMS === STEP_ITEMS - 1) yield;
    const x = a.values[r] ?? [];
    const y = b.values[r] ?? [];
    if (x.length !== y.length) return false;
    for (let c = 0; c < x.length; c += 1) if (x[c] !== y[c]) return false;
    const tx = a.text?.[r];
    const ty = b.text?.[r];
    if (tx !== undefined && ty !== undefined) {
      for (let c = 0; c < tx.length; c += 1) if (tx[c] !== ty[c]) return false;
    }
  }
  return true;
}
