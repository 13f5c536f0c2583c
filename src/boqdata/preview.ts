// The navigator's preview of a BOQ: its rows pulled through the same path and under the same key as
// the formula and the BOQ sheet (with parents), so inserting either afterwards asks nothing more.
import { isApiError } from "../api/errors";
import type { Project } from "../api/schemas";
import { summarizeBoq, type BoqSummary } from "../boq/summary";
import { pullBoq, type BoqRequest } from "./boq";
import type { BoqData } from "./data";

export interface BoqPreview extends BoqSummary {
  /** The project's currency where the platform states one. */
  currency: string | undefined;
}

/** The project's currency: a code as text, or an object naming one; the interface leaves it open. */
export function currencyOf(project: Project): string | undefined {
  const c: unknown = project.currency;
  if (typeof c === "string") return c.trim() || undefined;
  if (c !== null && typeof c === "object") {
    for (const field of ["code", "charCode", "currencyCharCode", "name"]) {
      const value = (c as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  }
  return undefined;
}

export async function previewBoq(
  data: BoqData,
  request: BoqRequest,
  signal?: AbortSignal,
): Promise<BoqPreview> {
  const pulled = await pullBoq(data, request, { signal });
  return { ...summarizeBoq(pulled.rows), currency: currencyOf(pulled.path.project) };
}

/**
 * The platform's reason when it refused the BOQ itself (the names it takes are company, project,
 * model and scheme; the first three come from its own lists, so the scheme or the version is what
 * it does not know: a renamed scheme asked by its new name). Undefined for any other failure.
 */
export function refusalReason(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== "http" || error.status !== 404) return undefined;
  return error.platformMessage ?? "";
}
