import type { ValidationError } from "./http";
import type { DeletedPosition, ImportPosition, ImportRequest } from "./model";
import { isUuid } from "./util";

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reads a field in PascalCase or camelCase (docs/interface.md 2.2: both casings of every field). */
function field(obj: Json, pascal: string): unknown {
  if (pascal in obj) return obj[pascal];
  const camel = pascal.charAt(0).toLowerCase() + pascal.slice(1);
  return obj[camel];
}

class Reader {
  readonly errors: ValidationError[] = [];

  string(obj: Json, name: string, member: string): string | null {
    const v = field(obj, name);
    if (v === undefined || v === null) return null;
    if (typeof v === "number" && (name === "Code" || name === "Name")) return String(v);
    if (typeof v !== "string") {
      this.errors.push({ message: `The field ${name} must be a string.`, members: [member] });
      return null;
    }
    return v;
  }

  guid(obj: Json, member: string): string | null {
    const v = this.string(obj, "Guid", member);
    if (v === null || v.trim() === "") return null;
    if (!isUuid(v.trim())) {
      this.errors.push({
        message: `The field Guid must be a UUID (got '${v.slice(0, 40)}').`,
        members: [member],
      });
      return null;
    }
    return v.trim().toLowerCase();
  }

  number(obj: Json, name: string, member: string): number | null {
    const v = field(obj, name);
    if (v === undefined || v === null) return null;
    if (typeof v !== "number" || !Number.isFinite(v)) {
      this.errors.push({ message: `The field ${name} must be a number.`, members: [member] });
      return null;
    }
    return v;
  }
}

/**
 * Parses an import body (docs/interface.md 2.1) in either casing into the emulator's request, or returns
 * the validation errors with member names as the platform reports them (e.g. "Data[3].Price").
 */
export function parseImportBody(
  body: unknown,
  options: { missingFieldsReset?: boolean } = {},
): { ok: true; request: ImportRequest } | { ok: false; errors: ValidationError[] } {
  // The missingFieldsReset variation: what ASP.NET's binder gives for a field the body leaves out.
  const reset = options.missingFieldsReset === true;
  const orZero = (v: number | null): number | null => (v === null && reset ? 0 : v);
  const orEmpty = (v: string | null): string | null => (v === null && reset ? "" : v);
  const r = new Reader();
  if (!isObject(body)) {
    return {
      ok: false,
      errors: [{ message: "The request body must be a JSON object.", members: ["input"] }],
    };
  }
  const settings = field(body, "Settings");
  let catalogName = "";
  let companyId: string | null = null;
  if (!isObject(settings)) {
    r.errors.push({ message: "The Settings field is required.", members: ["Settings"] });
  } else {
    catalogName = r.string(settings, "CatalogName", "Settings.CatalogName")?.trim() ?? "";
    if (!catalogName)
      r.errors.push({ message: "The CatalogName field is required.", members: ["Settings.CatalogName"] });
    const company = r.string(settings, "CompanyId", "Settings.CompanyId");
    if (company !== null && company.trim() !== "") {
      if (isUuid(company.trim())) companyId = company.trim().toLowerCase();
      else r.errors.push({ message: "The field CompanyId must be a UUID.", members: ["Settings.CompanyId"] });
    }
  }

  const data: ImportPosition[] = [];
  const rawData = field(body, "Data");
  if (rawData !== undefined && rawData !== null && !Array.isArray(rawData)) {
    r.errors.push({ message: "The field Data must be an array.", members: ["Data"] });
  }
  if (Array.isArray(rawData)) {
    rawData.forEach((item: unknown, i) => {
      const m = `Data[${i}]`;
      if (item === null) return;
      if (!isObject(item)) {
        r.errors.push({ message: "A position must be an object.", members: [m] });
        return;
      }
      const cps = field(item, "ControlPoints");
      let controlPoints: ImportPosition["controlPoints"] = null;
      if (cps !== undefined && cps !== null) {
        if (!Array.isArray(cps)) {
          r.errors.push({
            message: "The field ControlPoints must be an array.",
            members: [`${m}.ControlPoints`],
          });
        } else {
          controlPoints = [];
          cps.forEach((cp: unknown, k) => {
            const cm = `${m}.ControlPoints[${k}]`;
            if (!isObject(cp)) {
              r.errors.push({ message: "A control point must be an object.", members: [cm] });
              return;
            }
            controlPoints?.push({
              Binding: r.string(cp, "Binding", `${cm}.Binding`) ?? "",
              VariableName: r.string(cp, "VariableName", `${cm}.VariableName`) ?? "",
            });
          });
        }
      }
      data.push({
        guid: r.guid(item, `${m}.Guid`),
        code: r.string(item, "Code", `${m}.Code`),
        name: r.string(item, "Name", `${m}.Name`),
        price: orZero(r.number(item, "Price", `${m}.Price`)),
        unit: orEmpty(r.string(item, "Unit", `${m}.Unit`)),
        currency: orEmpty(r.string(item, "CurrencyCharCode", `${m}.CurrencyCharCode`)),
        binding: orEmpty(r.string(item, "Binding", `${m}.Binding`)),
        controlPoints,
      });
    });
  }

  const deleted: DeletedPosition[] = [];
  const rawDeleted = field(body, "DeletedData");
  if (rawDeleted !== undefined && rawDeleted !== null && !Array.isArray(rawDeleted)) {
    r.errors.push({ message: "The field DeletedData must be an array.", members: ["DeletedData"] });
  }
  if (Array.isArray(rawDeleted)) {
    rawDeleted.forEach((item: unknown, i) => {
      const m = `DeletedData[${i}]`;
      if (item === null) return;
      if (!isObject(item)) {
        r.errors.push({ message: "A deleted position must be an object.", members: [m] });
        return;
      }
      deleted.push({
        guid: r.guid(item, `${m}.Guid`),
        code: r.string(item, "Code", `${m}.Code`),
        name: r.string(item, "Name", `${m}.Name`),
      });
    });
  }
  if (r.errors.length > 0) return { ok: false, errors: r.errors };
  return { ok: true, request: { catalogName, companyId, data, deleted } };
}
