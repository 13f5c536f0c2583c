// The follow-up import that puts values back (pure: codes and values, no words): "Restore the
// previous values" of the positions the platform cleared (cleared.ts), and "Undo the updates" of
// any import, from the values before (Source…) its log reports. Each position is addressed as the
// import addressed it: by the Guid it sent (the log's ExternalId, or the body this pane sent), else
// by its code, which an update matched by code did not change. An update that changed the code was
// matched by Guid: without that Guid it cannot be addressed, and is listed, never guessed.

import type { ImportLog, ImportRequest, UpdatedTwig } from "../../api/schemas";
import { SentIndex, type ClearedPosition } from "./cleared";
import { isNilId } from "./ignoredReasons";

export type RestoreKind = "restore" | "undo";
export type RestoreField = "code" | "name" | "price" | "unit" | "currency";
export type NotRestorableReason = "guid-unknown" | "code-unknown" | "no-name";

/** One field put back: the value the import left (as its log reports it) and the one sent back. */
export interface RestoreChange {
  field: RestoreField;
  now: string | number | null;
  back: string | number;
}

export interface RestoreItem {
  /** The position's code now, as the catalog shows it. */
  code: string;
  name: string;
  by: "guid" | "code";
  changes: RestoreChange[];
}

export interface NotRestorable {
  code: string;
  name: string;
  reason: NotRestorableReason;
}

export interface RestorePlan {
  kind: RestoreKind;
  /** The import whose values are put back. */
  jobId: string;
  catalogName: string;
  companyId: string;
  companyName: string;
  items: RestoreItem[];
  notRestorable: NotRestorable[];
  /** What an undo cannot undo: positions the import inserted (they stay) and deleted (not brought back). */
  inserted: number;
  deleted: number;
  /** Exactly what is posted. */
  body: ImportRequest;
}

export interface RestoreTarget {
  jobId: string;
  catalogName: string;
  companyId: string;
  companyName: string;
}

type SentPosition = ImportRequest["Data"][number];
type Position = ImportRequest["Data"][number];
type Address =
  { by: "guid"; guid: string; code: string } | { by: "code"; code: string } | NotRestorableReason;

const trimmed = (v: string | null | undefined): string => (v ?? "").trim();

/** How the import addressed an updated position, and so how to address it again. */
export function addressOf(twig: UpdatedTwig, sent: SentPosition | undefined): Address {
  const before = trimmed(twig.sourceCode);
  const now = trimmed(twig.updatedCode);
  const guid = !isNilId(twig.externalId)
    ? trimmed(twig.externalId).toLowerCase()
    : sent?.Guid !== undefined && !isNilId(sent.Guid)
      ? sent.Guid.trim().toLowerCase()
      : null;
  if (guid !== null) return now || before ? { by: "guid", guid, code: now || before } : "code-unknown";
  // Sent without a Guid: matched by code, so the code did not change.
  if (sent !== undefined) return now || before ? { by: "code", code: now || before } : "code-unknown";
  if (before === "" || now === "") return "code-unknown";
  return before === now ? { by: "code", code: now } : "guid-unknown";
}

/** A text field in the body: "" only when it changes something (a field left out may keep or clear). */
function textField(value: string, now: string): string | undefined {
  return value === "" && now === "" ? undefined : value;
}

function position(address: Exclude<Address, NotRestorableReason>, code: string, name: string): Position {
  return address.by === "guid" ? { Guid: address.guid, Code: code, Name: name } : { Code: code, Name: name };
}

/**
 * Every field the body gives: the ones put back with their value before, the others with the
 * value the catalog has now, so a platform that clears a field left out clears nothing more.
 */
function withFields(
  base: Position,
  values: { price: number | null; unit: string | null; currency: string | null },
  now: { unit: string; currency: string },
): Position {
  const out: Position = { ...base };
  if (values.price !== null) out.Price = values.price;
  const unit = values.unit === null ? undefined : textField(values.unit, now.unit);
  if (unit !== undefined) out.Unit = unit;
  const currency = values.currency === null ? undefined : textField(values.currency, now.currency);
  if (currency !== undefined) out.CurrencyCharCode = currency;
  return out;
}

const num = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;
const str = (v: string | null | undefined): string | null =>
  v === null || v === undefined ? null : v.trim();

function emptyPlan(kind: RestoreKind, target: RestoreTarget): RestorePlan {
  return {
    kind,
    ...target,
    items: [],
    notRestorable: [],
    inserted: 0,
    deleted: 0,
    body: {
      Settings: { CatalogName: target.catalogName, CompanyId: target.companyId },
      Data: [],
      DeletedData: [],
    },
  };
}

/** "Restore the previous values": the cleared fields back, every other field as it is now. */
export function restorePlan(
  target: RestoreTarget,
  log: ImportLog,
  body: ImportRequest,
  cleared: readonly ClearedPosition[],
): RestorePlan {
  const plan = emptyPlan("restore", target);
  const sent = new SentIndex(body);
  for (const c of cleared) {
    const twig = log.updatedTwigs[c.index];
    if (twig === undefined) continue;
    const address = addressOf(twig, sent.find(twig));
    const code = trimmed(twig.updatedCode) || trimmed(twig.sourceCode);
    const name = trimmed(twig.updatedName) || trimmed(twig.sourceName);
    if (typeof address === "string" || name === "") {
      plan.notRestorable.push({ code, name, reason: typeof address === "string" ? address : "no-name" });
      continue;
    }
    const back = (field: RestoreChange["field"]) => c.values.find((v) => v.field === field)?.before;
    const price = back("price");
    const unit = back("unit");
    const currency = back("currency");
    const now = { unit: trimmed(twig.updatedUnit), currency: trimmed(twig.updatedCurrencyCharCode) };
    plan.body.Data.push(
      withFields(
        position(address, code, name),
        {
          price: typeof price === "number" ? price : num(twig.updatedPrice),
          unit: typeof unit === "string" ? unit : str(twig.updatedUnit),
          currency: typeof currency === "string" ? currency : str(twig.updatedCurrencyCharCode),
        },
        now,
      ),
    );
    plan.items.push({
      code,
      name,
      by: address.by,
      changes: c.values.map((v) => ({ field: v.field, now: v.field === "price" ? 0 : "", back: v.before })),
    });
  }
  return plan;
}

/**
 * "Undo the updates": every updated position back to the values before the import, as far as the
 * log reports them. `body`: what the import sent, when this pane still has it.
 */
export function undoPlan(target: RestoreTarget, log: ImportLog, body: ImportRequest | null): RestorePlan {
  const plan = emptyPlan("undo", target);
  plan.inserted = log.insertedTwigs.length;
  plan.deleted = log.deletedTwigs.length;
  const sent = body === null ? null : new SentIndex(body);
  for (const twig of log.updatedTwigs) {
    const address = addressOf(twig, sent?.find(twig));
    const codeNow = trimmed(twig.updatedCode) || trimmed(twig.sourceCode);
    const codeBefore = trimmed(twig.sourceCode) || codeNow;
    const nameNow = trimmed(twig.updatedName);
    const name = trimmed(twig.sourceName) || nameNow;
    if (typeof address === "string" || name === "") {
      plan.notRestorable.push({
        code: codeNow,
        name: nameNow || name,
        reason: typeof address === "string" ? address : "no-name",
      });
      continue;
    }
    const now = { unit: trimmed(twig.updatedUnit), currency: trimmed(twig.updatedCurrencyCharCode) };
    const values = {
      price: num(twig.sourcePrice),
      unit: str(twig.sourceUnit),
      currency: str(twig.sourceCurrencyCharCode),
    };
    // Addressed by code, the code is the one it has now (an update matched by code kept it).
    const code = address.by === "guid" ? codeBefore : codeNow;
    plan.body.Data.push(withFields(position(address, code, name), values, now));
    const changes: RestoreChange[] = [];
    const change = (field: RestoreField, was: string | number | null, back: string | number | null) => {
      if (back !== null && was !== back) changes.push({ field, now: was, back });
    };
    change("code", codeNow, code);
    change("name", nameNow === "" ? null : nameNow, name);
    change("price", num(twig.updatedPrice), values.price);
    change("unit", now.unit, values.unit);
    change("currency", now.currency, values.currency);
    plan.items.push({ code: codeNow, name: nameNow || name, by: address.by, changes });
  }
  return plan;
}
