/**
 * The proxy machinery of Office.js: objects whose properties are readable only after `load()`
 * and a `sync()`, writes and method calls queued on the request context and applied in order at
 * `sync()`, and a per-sync request/response size that Excel on the web refuses above 5 MB.
 */
import { apiNotFoundAtSync, excelApiVersionOf } from "./api-sets";
import { EmulatedOfficeError, ErrorCodes, officeError, propertyNotLoaded } from "./errors";
import type { DisplayLocale } from "./format";
import { ModelError, type SyncLogEntry, type WorkbookModel } from "./model";

/** Excel on the web refuses a request or a response above 5 MB. */
export const DEFAULT_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * One action of the request office.js sends at sync (excel-web-16.00.debug.js,
 * CommonActionFactory and ClientRequestBase.buildRequestMessageBodyAndRequestFlags): the body is
 * `JSON.stringify({AutoKeepReference, Actions, ObjectPaths})`, posted as UTF-8.
 */
export interface OfficeAction {
  /** 2 query (load), 3 method, 4 set property. */
  ActionType: 2 | 3 | 4;
  Name: string;
  ArgumentInfo?: { Arguments: unknown[] };
  QueryInfo?: { Select: string[] };
}

const utf8 = new TextEncoder();

/** Bytes of text in UTF-8, as it travels (an emoji is 4 bytes, a Cyrillic letter 2). */
export function utf8Length(text: string): number {
  return utf8.encode(text).length;
}

/**
 * What a request over the payload limit gets. Today's Excel on the web answers
 * `RequestPayloadSizeLimitExceeded` ("Resource limits and performance optimization", Excel
 * add-ins). Older reports show the same oversize write answered with an internal error instead:
 * office-js-docs-reference issue 354 (Excel Online 2019, 2,000 × 10 values: "RichApi.Error: An
 * internal error has occurred.", fine under 500 rows) and office-js issue 1012 (a CSV import in
 * Excel Online, `GeneralException` at `context.sync()`). `"GeneralException"` is that variation;
 * either way nothing of the request is applied.
 */
export type OversizeRequestError = "RequestPayloadSizeLimitExceeded" | "GeneralException";

export interface ExcelEnvironment {
  model: WorkbookModel;
  payloadLimitBytes: number;
  /** The error of a request over `payloadLimitBytes` (default RequestPayloadSizeLimitExceeded). */
  oversizeRequestError?: OversizeRequestError;
  /** Application.decimalSeparator: Excel's own separator (shown only without system separators). */
  decimalSeparator: string;
  /** Application.useSystemSeparators (default true, as in Excel). */
  useSystemSeparators?: boolean;
  /** The system's regional format, as Application.cultureInfo describes it. */
  culture: DisplayLocale;
  /** In the browser a sync lets the page repaint, as a round trip to Excel does. */
  yieldToEventLoop: boolean;
  /** Excel on the web (default) or desktop, where an API behaviour differs by host. */
  host?: "web" | "desktop";
  /** Whether the host has ExcelApi `version` (api-sets.ts); absent: every version. */
  excelApi?: (version: string) => boolean;
}

export interface LoadSpec {
  all: boolean;
  children: Map<string, LoadSpec>;
}

function newSpec(all: boolean): LoadSpec {
  return { all, children: new Map() };
}

function addPath(spec: LoadSpec, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || head === "") return;
  let child = spec.children.get(head);
  if (!child) {
    child = newSpec(rest.length === 0);
    spec.children.set(head, child);
  } else if (rest.length === 0) {
    child.all = true;
  }
  addPath(child, rest);
}

function addObjectForm(spec: LoadSpec, value: Record<string, unknown>): void {
  for (const [key, inner] of Object.entries(value)) {
    if (key === "$all" && inner === true) spec.all = true;
    else if (key.startsWith("$")) continue;
    else if (inner === true) addPath(spec, [key]);
    else if (inner !== null && typeof inner === "object") {
      addPath(spec, [key]);
      const child = spec.children.get(key);
      if (child) {
        child.all = false;
        addObjectForm(child, inner as Record<string, unknown>);
      }
    }
  }
}

/** Parses every form `load()` accepts: nothing, "a, b/c", ["a", "b/c"], {select, expand}, {a: true}. */
export function parseLoadOption(option: unknown): LoadSpec {
  if (option === undefined || option === null) return newSpec(true);
  const spec = newSpec(false);
  const addString = (text: string): void => {
    for (const part of text.split(",")) addPath(spec, part.trim().split("/"));
  };
  if (typeof option === "string") addString(option);
  else if (Array.isArray(option)) option.forEach((item) => typeof item === "string" && addString(item));
  else if (typeof option === "object") {
    const record = option as Record<string, unknown>;
    if (typeof record["select"] === "string" || typeof record["expand"] === "string") {
      if (typeof record["select"] === "string") addString(record["select"]);
      else spec.all = true;
      if (typeof record["expand"] === "string") addString(record["expand"]);
    } else {
      addObjectForm(spec, record);
    }
  }
  if (spec.children.size === 0) spec.all = true;
  return spec;
}

/** Bytes of a value's JSON in UTF-8 (JSON.stringify leaves non-ASCII characters unescaped). */
export function jsonBytes(value: unknown): number {
  if (value === undefined) return 0;
  return utf8Length(JSON.stringify(value));
}

/** The Select list of a load() option, as office.js puts it in QueryInfo. */
function selectList(option: unknown): string[] {
  if (option === undefined || option === null) return [];
  if (typeof option === "string") return option.split(",").map((part) => part.trim());
  if (Array.isArray(option)) return option.map(String);
  return [JSON.stringify(option)];
}

/** A range's per-cell matrices: loading or setting one moves cells, not bookkeeping. */
const CELL_MATRIX_PROPERTIES: ReadonlySet<string> = new Set([
  "values",
  "valuesAsJson",
  "valuesAsJsonLocal",
  "valueTypes",
  "formulas",
  "formulasLocal",
  "formulasR1C1",
  "text",
  "numberFormat",
  "numberFormatLocal",
]);

function movesCells(op: QueuedOperation): boolean {
  if (op.target?._entityName !== "Range" || op.kind === "call") return false;
  if (op.kind === "write") return CELL_MATRIX_PROPERTIES.has(op.action?.Name ?? "");
  const select = op.action?.QueryInfo?.Select ?? [];
  // range.load() with no list loads every scalar, the matrices among them.
  return select.length === 0 || select.some((name) => CELL_MATRIX_PROPERTIES.has(name));
}

/** Bytes of the request body office.js would post for these operations. */
function requestBodyBytes(ops: readonly QueuedOperation[]): number {
  let nextId = 1;
  const pathIds = new Map<unknown, number>();
  const objectPaths: Record<number, unknown> = {};
  const pathOf = (op: QueuedOperation): number => {
    const known = pathIds.get(op.target ?? op);
    if (known !== undefined) return known;
    const id = nextId++;
    pathIds.set(op.target ?? op, id);
    objectPaths[id] = { Id: id, ObjectPathType: 5, Name: op.statement.split(".")[0] ?? "" };
    return id;
  };
  const actions = ops.map((op) => {
    const action = op.action ?? {
      ActionType: op.kind === "load" ? 2 : 3,
      Name: (op.statement.split(".").pop() ?? "").split("(")[0] ?? "",
      ArgumentInfo: { Arguments: [] },
    };
    return { Id: nextId++, ...action, ObjectPathId: pathOf(op) };
  });
  return utf8Length(JSON.stringify({ AutoKeepReference: false, Actions: actions, ObjectPaths: objectPaths }));
}

export interface Snapshot {
  fields: Map<string, unknown>;
  nested: Array<{ target: ClientObjectBase; snapshot: Snapshot }>;
  extra?: () => void;
}

function snapshotBytes(snapshot: Snapshot): number {
  let bytes = jsonBytes(Object.fromEntries(snapshot.fields));
  for (const n of snapshot.nested) bytes += snapshotBytes(n.snapshot);
  return bytes;
}

function commitSnapshot(target: ClientObjectBase, snapshot: Snapshot): void {
  for (const [key, value] of snapshot.fields) target._fields.set(key, value);
  for (const n of snapshot.nested) commitSnapshot(n.target, n.snapshot);
  snapshot.extra?.();
}

interface LoadOutcome {
  bytes: number;
  commit: () => void;
}

interface QueuedOperation {
  kind: "write" | "call" | "load";
  statement: string;
  /** What office.js would send for it; without one, a method call without arguments. */
  action?: OfficeAction;
  /** The proxy the action is on (one object path per proxy in the request). */
  target?: ClientObjectBase;
  run: () => LoadOutcome | void;
}

function toOfficeError(error: unknown, statement: string, location: string): EmulatedOfficeError {
  if (error instanceof EmulatedOfficeError) {
    if (error.debugInfo.statement === undefined) error.debugInfo.statement = statement;
    return error;
  }
  if (error instanceof ModelError) {
    const e = officeError(error.code, location);
    e.debugInfo.statement = statement;
    return e;
  }
  const e = officeError(ErrorCodes.generalException, location);
  e.debugInfo.statement = statement;
  return e;
}

export class EmulatedRequestContext {
  private queue: QueuedOperation[] = [];
  /** Proxies made since the last sync, with how many operations were queued before each. */
  private created: Array<{ obj: ClientObjectBase; queuedBefore: number }> = [];
  readonly trackedObjects = {
    add: (_item: unknown): void => undefined,
    remove: (_item: unknown): void => undefined,
  };
  readonly debugInfo = { pendingStatements: [] as string[] };

  constructor(readonly env: ExcelEnvironment) {}

  get model(): WorkbookModel {
    return this.env.model;
  }

  /** @internal */
  _created(obj: ClientObjectBase): void {
    this.created.push({ obj, queuedBefore: this.queue.length });
  }

  /** @internal */
  _enqueue(op: QueuedOperation): void {
    this.queue.push(op);
  }

  async sync<T>(passThroughValue?: T): Promise<T> {
    const ops = this.queue;
    const created = this.created;
    this.queue = [];
    this.created = [];
    if (ops.length === 0) {
      // office.js sends nothing for an empty queue: no round trip, nothing in the log.
      await Promise.resolve();
      for (const { obj } of created) obj._settleNull();
      return passThroughValue as T;
    }
    const log = this.env.model.syncLog;
    const entry: SyncLogEntry = {
      index: log.length + 1,
      requestBytes: requestBodyBytes(ops),
      responseBytes: 0,
      operations: ops.length,
      writes: ops.filter((op) => op.kind !== "load").length,
      loads: ops.filter((op) => op.kind === "load").length,
      cellData: ops.some(movesCells),
    };
    log.push(entry);
    if (this.env.yieldToEventLoop) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    else await Promise.resolve();

    const limit = this.env.payloadLimitBytes;
    if (entry.requestBytes > limit) {
      const code = this.env.oversizeRequestError ?? ErrorCodes.requestPayloadSizeLimitExceeded;
      entry.error = code;
      throw officeError(code);
    }
    const commits: Array<() => void> = [];
    // A *OrNullObject lookup is an action of the batch: Excel answers it where it stands in the
    // queue, so a sheet added after getItemOrNullObject in the same sync still reads as null.
    // Their answers are kept only if the whole sync succeeds, like every other result.
    let looked = 0;
    const nullAnswers: Array<() => void> = [];
    const settleCreatedBefore = (position: number): void => {
      while (looked < created.length && (created[looked]?.queuedBefore ?? Infinity) <= position) {
        const obj = created[looked]?.obj;
        if (obj) nullAnswers.push(obj._lookUpNull());
        looked += 1;
      }
    };
    for (const [position, op] of ops.entries()) {
      settleCreatedBefore(position);
      try {
        // One operation (a Range.values of a block, say) is one recalculation.
        const outcome = this.env.model.batch(() => op.run());
        if (outcome) {
          entry.responseBytes += outcome.bytes;
          commits.push(outcome.commit);
          if (entry.responseBytes > limit) throw officeError(ErrorCodes.responsePayloadSizeLimitExceeded);
        }
      } catch (error) {
        const officeErr = toOfficeError(error, op.statement, op.statement.split("(")[0] ?? op.statement);
        entry.error = officeErr.code;
        this.env.model.notifyChanged();
        throw officeErr;
      }
    }
    settleCreatedBefore(Infinity);
    for (const commit of commits) commit();
    for (const answer of nullAnswers) answer();
    this.env.model.notifyChanged();
    return passThroughValue as T;
  }
}

/**
 * office.js refuses a proxy argument made by another request context (one kept from an earlier
 * Excel.run, say) when the method is called, before anything is queued.
 */
export function requireSameContext(
  context: EmulatedRequestContext,
  argument: unknown,
  location: string,
): void {
  if (argument instanceof ClientObjectBase && argument.context !== context) {
    throw officeError(ErrorCodes.invalidRequestContext, location);
  }
}

/** OfficeExtension.ClientResult: the value of a method such as getCount(), readable after sync. */
export class EmulatedClientResult<T> {
  private loaded = false;
  private result: T | undefined;

  /** @internal */
  _set(value: T): void {
    this.loaded = true;
    this.result = value;
  }

  get value(): T {
    if (!this.loaded) throw officeError(ErrorCodes.valueNotLoaded);
    return this.result as T;
  }
}

/**
 * A collection's getCount(): queued like a load, answered when the sync runs (8 bytes back), with
 * `count` read from the workbook at that moment.
 */
export function queueCount(
  context: EmulatedRequestContext,
  collection: string,
  count: () => number,
): EmulatedClientResult<number> {
  const result = new EmulatedClientResult<number>();
  context._enqueue({
    kind: "load",
    statement: `${collection}.getCount()`,
    run: () => {
      const value = count();
      return { bytes: 8, commit: () => result._set(value) };
    },
  });
  return result;
}

export abstract class ClientObjectBase {
  /** @internal Loaded values, and values written through this proxy (Office.js keeps those too). */
  readonly _fields = new Map<string, unknown>();
  /** @internal */
  _isNull: boolean | undefined = undefined;
  /** @internal Null objects come from *OrNullObject methods. */
  protected readonly _nullable: boolean;
  protected abstract readonly _entity: string;
  protected abstract readonly _scalars: readonly string[];

  constructor(
    readonly context: EmulatedRequestContext,
    nullable = false,
  ) {
    this._nullable = nullable;
    context._created(this);
  }

  /** True when the target exists in the workbook; throws ItemNotFound only via _resolve. */
  protected abstract _exists(): boolean;

  /** Reads one scalar property from the model at sync time. */
  protected abstract _read(name: string): unknown;

  /** Navigation properties (format, font, worksheet...) reachable in a load path. */
  protected _navigation(_name: string): ClientObjectBase | undefined {
    return undefined;
  }

  get isNullObject(): boolean {
    if (this._isNull === undefined) throw propertyNotLoaded(this._entity, "isNullObject");
    return this._isNull;
  }

  /** @internal */
  _settleNull(): void {
    this._lookUpNull()();
  }

  /** @internal Looks the object up now; the returned function records the answer. */
  _lookUpNull(): () => void {
    if (this._isNull !== undefined) return () => undefined;
    // Only *OrNullObject results are looked up here; other objects are resolved when an
    // operation first uses them (a missing one then fails that sync with ItemNotFound).
    const isNull = this._nullable ? !this._exists() : false;
    return () => {
      this._isNull ??= isNull;
    };
  }

  /** @internal The Office entity this proxy stands for ("Range", "Worksheet" …). */
  get _entityName(): string {
    return this._entity;
  }

  protected _get<T>(name: string): T {
    if (this._isNull === true) return undefined as T;
    if (!this._fields.has(name)) throw propertyNotLoaded(this._entity, name);
    return this._fields.get(name) as T;
  }

  /** @internal The scalar properties `load()` can read (api-guard.ts tells them from navigation). */
  _scalarNames(): readonly string[] {
    return this._scalars;
  }

  /** @internal The ExcelApi version `member` needs when the host lacks it (api-sets.ts), else undefined. */
  _missingApi(member: string): string | undefined {
    const version = excelApiVersionOf(this._entity, member);
    return version !== undefined && this.context.env.excelApi?.(version) === false ? version : undefined;
  }

  protected _queue(kind: "write" | "call", statement: string, payload: unknown, apply: () => void): void {
    const name = statement.split("(")[0] ?? statement;
    // A property Excel does not know is sent all the same (office.js checks no setter): refused at sync.
    if (kind === "write" && this._missingApi(name) !== undefined) {
      const entity = this._entity;
      apply = () => {
        throw apiNotFoundAtSync(entity, name);
      };
    }
    const noArguments = payload === null || payload === undefined;
    this.context._enqueue({
      kind,
      statement: `${this._entity}.${statement}`,
      action:
        kind === "write"
          ? { ActionType: 4, Name: name, ArgumentInfo: { Arguments: [payload] } }
          : { ActionType: 3, Name: name, ArgumentInfo: { Arguments: noArguments ? [] : [payload] } },
      target: this,
      run: () => {
        this._requireExists();
        apply();
      },
    });
  }

  protected _queueSet(name: string, value: unknown, apply: () => void): void {
    this._fields.set(name, value);
    this._queue("write", name, value, apply);
  }

  /** Throws ItemNotFound when a write or method targets an object that does not exist. */
  protected _requireExists(): void {
    if (!this._exists()) throw officeError(ErrorCodes.itemNotFound, this._entity);
  }

  /** @internal Reads what `spec` asks for from the model; called while the sync executes. */
  _snapshot(spec: LoadSpec): Snapshot {
    const snapshot: Snapshot = { fields: new Map(), nested: [] };
    if (!this._exists()) {
      if (this._nullable) return snapshot;
      throw officeError(ErrorCodes.itemNotFound, this._entity);
    }
    if (spec.all) for (const name of this._scalars) snapshot.fields.set(name, this._read(name));
    for (const [name, child] of spec.children) {
      // A property Excel does not know, named in a load: Excel refuses the sync.
      if (this._missingApi(name) !== undefined) throw apiNotFoundAtSync(this._entity, name);
      if (this._scalars.includes(name)) {
        if (!snapshot.fields.has(name)) snapshot.fields.set(name, this._read(name));
        continue;
      }
      const nav = this._navigation(name);
      if (!nav) throw officeError(ErrorCodes.invalidArgument, `${this._entity}.load`, name);
      snapshot.nested.push({ target: nav, snapshot: nav._snapshot(child) });
    }
    return snapshot;
  }

  load(option?: unknown): this {
    const spec = parseLoadOption(option);
    this.context._enqueue({
      kind: "load",
      statement: `${this._entity}.load(${jsonBytes(option) < 200 ? JSON.stringify(option ?? "") : "..."})`,
      action: { ActionType: 2, Name: "", QueryInfo: { Select: selectList(option) } },
      target: this,
      run: () => {
        const snapshot = this._snapshot(spec);
        return { bytes: snapshotBytes(snapshot), commit: () => commitSnapshot(this, snapshot) };
      },
    });
    return this;
  }

  /** Sets several writable properties at once, as ClientObject.set does. */
  set(properties: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(properties)) {
      const nav = this._navigation(key);
      if (nav && value !== null && typeof value === "object") nav.set(value as Record<string, unknown>);
      else (this as unknown as Record<string, unknown>)[key] = value;
    }
  }

  track(): this {
    return this;
  }

  untrack(): this {
    return this;
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this._fields);
  }
}
