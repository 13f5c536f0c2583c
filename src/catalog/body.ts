// The import request body in the wire form of docs/interface.md 2.1 (PascalCase).
//
// Left-out rule: a field whose column is not mapped, or whose cell is blank, is left out of the
// position (not sent as null or ""), so the platform keeps what it already has for that field
// rather than clearing it. The same holds for Guid, Code and Name of a deleted position.

import { GUID_PATTERN, NIL_GUID } from "./guid";
import { normaliseGuid } from "./guidText";
import type { CatalogAnalysis, CatalogDeletion, CatalogPosition } from "./types";
import type { DeletedPosition, ImportPosition, ImportRequest, ImportSettings } from "./wire";
import { runSteps, stepCounter, type Steps } from "./steps";
import { EVERY_POSITION_FIELD, sizeForEveryField } from "./records";

export type { ImportSettings } from "./wire";
/** The body of POST import (docs/interface.md 2.1): the zod schema in ./wire is its one definition. */
export type ImportBody = ImportRequest;
export type WirePosition = ImportPosition;
export type WireDeletion = DeletedPosition;

export interface AssignedGuid {
  /** Sheet row number of the position. */
  row: number;
  guid: string;
}

export interface BuildBodyOptions {
  /** Give each position without a Guid a new one, so re-importing the sheet updates it. */
  assignGuids?: boolean;
  /** Source of new GUIDs; injected so tests are repeatable. */
  newGuid?: () => string;
}

export interface BuiltBody {
  body: ImportBody;
  /** The GUIDs given to positions that had none, for writing back to the sheet. */
  assignedGuids: AssignedGuid[];
}

/** Thrown when an analysis still has errors: an import must not start with them. */
export class CatalogBlockedError extends Error {
  constructor(readonly errorCount: number) {
    super(
      `The catalog has ${errorCount} ${errorCount === 1 ? "error" : "errors"}; correct ${errorCount === 1 ? "it" : "them"} before importing.`,
    );
    this.name = "CatalogBlockedError";
  }
}

const defaultNewGuid = (): string => globalThis.crypto.randomUUID();

/** Build the body from an analysis without errors (warnings do not block). */
export function buildImportBody(
  analysis: Pick<CatalogAnalysis, "positions" | "deletions" | "problems">,
  settings: ImportSettings,
  options: BuildBodyOptions = {},
): BuiltBody {
  return runSteps(buildImportBodyInSteps(analysis, settings, options));
}

/** buildImportBody, pausing after every STEP_ITEMS items (see steps.ts); throws as it does. */
export function* buildImportBodyInSteps(
  analysis: Pick<CatalogAnalysis, "positions" | "deletions" | "problems">,
  settings: ImportSettings,
  options: BuildBodyOptions = {},
): Steps<BuiltBody> {
  const step = stepCounter();
  let errors = 0;
  for (const p of analysis.problems) {
    if (step()) yield;
    if (p.severity === "error") errors++;
  }
  if (errors > 0) throw new CatalogBlockedError(errors);
  // Assigning and writing the wire form in one pass: no intermediate copy of every position.
  // crypto.randomUUID gives canonical, unique GUIDs (122 random bits), so only a generator
  // passed in (tests, other sources) is checked for spelling and repeats.
  const newGuid = options.newGuid ?? null;
  const used = new Set<string>();
  if (options.assignGuids === true && newGuid !== null) {
    for (const p of analysis.positions) {
      if (step()) yield;
      if (p.Guid !== undefined) used.add(p.Guid);
    }
  }
  const assign = options.assignGuids === true;
  const assignedGuids: AssignedGuid[] = [];
  const data: WirePosition[] = new Array<WirePosition>(analysis.positions.length);
  for (let i = 0; i < analysis.positions.length; i++) {
    if (step()) yield;
    const p = analysis.positions[i] as CatalogPosition;
    if (p.Guid !== undefined || !assign) {
      data[i] = toWirePosition(p, p.Guid);
      continue;
    }
    const guid = newGuid === null ? defaultNewGuid() : checkedNewGuid(newGuid, used);
    assignedGuids.push({ row: p.row, guid });
    data[i] = toWirePosition(p, guid);
  }
  const deleted: WireDeletion[] = new Array<WireDeletion>(analysis.deletions.length);
  for (let i = 0; i < analysis.deletions.length; i++) {
    if (step()) yield;
    deleted[i] = toWireDeletion(analysis.deletions[i] as CatalogDeletion);
  }
  return {
    body: {
      Settings: { CatalogName: settings.CatalogName, CompanyId: settings.CompanyId },
      Data: data,
      DeletedData: deleted,
    },
    assignedGuids,
  };
}

/** A new GUID from the generator, checked: a generator giving a non-GUID or a repeat is a bug. */
function checkedNewGuid(newGuid: () => string, used: Set<string>): string {
  const raw = newGuid();
  // crypto.randomUUID() already gives the canonical form: only other spellings are normalised.
  const guid = GUID_PATTERN.test(raw) ? raw : normaliseGuid(raw);
  if (guid === null) throw new Error(`The GUID generator returned "${raw}", which is not a GUID.`);
  if (guid === NIL_GUID) throw new Error("The GUID generator returned the nil GUID.");
  if (used.has(guid)) throw new Error(`The GUID generator returned ${guid} twice.`);
  used.add(guid);
  return guid;
}

/** `{ Guid, Code }` and `{ Code }` with room for every other field of a wire position (records.ts). */
const WireRecord = function (this: WirePosition, guid: string, code: string) {
  this.Guid = guid;
  this.Code = code;
} as unknown as { new (guid: string, code: string): WirePosition; prototype: object };
const CodeWireRecord = function (this: WirePosition, code: string) {
  this.Code = code;
} as unknown as { new (code: string): WirePosition; prototype: object };
sizeForEveryField(WireRecord, () => new WireRecord("", "0"), EVERY_POSITION_FIELD);
sizeForEveryField(CodeWireRecord, () => new CodeWireRecord("0"), EVERY_POSITION_FIELD);

function toWirePosition(p: CatalogPosition, guid: string | undefined): WirePosition {
  // Keys in the interface document's order, so bodies diff and log readably.
  const w = guid !== undefined ? new WireRecord(guid, p.Code) : new CodeWireRecord(p.Code);
  if (p.Name !== undefined) w.Name = p.Name;
  if (p.Price !== undefined) w.Price = p.Price;
  if (p.Unit !== undefined) w.Unit = p.Unit;
  if (p.CurrencyCharCode !== undefined) w.CurrencyCharCode = p.CurrencyCharCode;
  if (p.Binding !== undefined) w.Binding = p.Binding;
  if (p.ControlPoints !== undefined) {
    w.ControlPoints = p.ControlPoints.map((c) => ({ Binding: c.Binding, VariableName: c.VariableName }));
  }
  return w;
}

function toWireDeletion(d: CatalogDeletion): WireDeletion {
  const w: WireDeletion = {};
  if (d.Guid !== undefined) w.Guid = d.Guid;
  if (d.Code !== undefined) w.Code = d.Code;
  if (d.Name !== undefined) w.Name = d.Name;
  return w;
}
