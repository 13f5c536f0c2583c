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
} from "../catalog";
import {
  importSourceFromSelection,
  readRangeBlock,
  selectCell,
  toWorkbookError,
  type WorkbookError,
} from "../workbook";
import { detailOf, said, type Journey } from "./journey";
import { runInSlices } from "./slices";
import type { Said, SourceInfo } from "./state";

export class RangeCheck {
  private block: CellBlock | null = null;
  private decimalSeparator: string | undefined;

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
    await this.read(source, this.rememberedMapping());
  }

  /** Reads a given range (its sheet and its address on that sheet) and checks it. */
  async readRange(source: SourceInfo, mapping: ColumnMapping | null = null): Promise<void> {
    await this.read(source, mapping ?? this.rememberedMapping());
  }

  /** "Check again": reads the same range again with the same mapping, after the user fixed cells. */
  async checkAgain(): Promise<void> {
    const source = this.journey.state.source;
    if (source === null) return this.readSelection();
    await this.read(source, this.journey.state.mapping);
  }

  /**
   * A column chosen by hand: the same cells are checked again with the new mapping (no new read).
   * The mapping is remembered for the catalog in this workbook (a mapping is not secret).
   */
  async setMapping(mapping: ColumnMapping): Promise<void> {
    const state = this.journey.state;
    if (this.block === null || state.source === null) return;
    const analysed = this.analyse(state.source, mapping);
    const catalog = state.choices.catalogName.trim();
    if (catalog !== "") {
      void this.journey.history
        .saveMapping(catalog, mapping)
        .catch((e: unknown) => this.journey.warn("could not remember the column mapping", e));
    }
    await analysed;
  }

  /**
   * The mapping the user edits: the one in use, or, when no header row naming a Code column was
   * found, an empty one with the range's first row as its header, so the user can say which
   * column is which instead of being stuck.
   */
  mappingDraft(): ColumnMapping | null {
    const mapping = this.journey.state.mapping;
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
    await this.analyse(source, this.journey.state.mapping, said("import.cellsChanged"));
    return false;
  }

  private rememberedMapping(): ColumnMapping | null {
    return this.journey.history.mappingFor(this.journey.state.choices.catalogName.trim());
  }

  private async read(source: SourceInfo, mapping: ColumnMapping | null): Promise<void> {
    try {
      const result = await this.journey.deps.excel((context) => readRangeBlock(context, source));
      this.block = result.block;
      this.decimalSeparator = result.decimalSeparator;
      const address = result.address === "" ? source.address : result.address;
      await this.analyse({ sheet: result.block.sheet, address }, mapping);
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
