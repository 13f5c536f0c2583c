// Building the OData UnionTree address (docs/interface.md 4, endpoint 11).
// Company, project, model and scheme are names, not identifiers: each is an OData string literal
// (single quotes, a quote inside doubled), then percent-encoded as a whole, so spaces, Cyrillic,
// `#`, `/`, `%` and `?` cannot break the path, while the `(`, `,` and `)` of the key stay as syntax.
import type { Said } from "../i18n";

export interface UnionTreeKey {
  company: string;
  project: string;
  model: string;
  /** The priority scheme name (its original name if it was renamed). */
  scheme: string;
}

export const UNION_TREE_PATH = "/api/odata/UnionTree";

/** An OData string literal: 'O''Brien' for O'Brien. */
export function odataStringLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Percent-encodes one key part. encodeURIComponent leaves ' ( ) ! * alone; that is valid in a path. */
export function encodeKeyPart(value: string): string {
  return encodeURIComponent(odataStringLiteral(value));
}

/** The path of the UnionTree entity set for these names, below {base_url}. */
export function unionTreePath(key: UnionTreeKey): string {
  const parts = [key.company, key.project, key.model, key.scheme].map(encodeKeyPart);
  return `${UNION_TREE_PATH}(${parts.join(",")})`;
}

/** Both numbers are non-negative integers on the wire; anything else cannot name a version. */
const MIN_VERSION_NUMBER = 0;

/**
 * A version number that cannot be one: what is said names the argument and the value the user
 * gave (worded at the edge, PLATFORM.VERSIONTAG's #VALUE!). Error.message, for the logs: the key
 * and the argument's name.
 */
export class VersionArgumentError extends RangeError {
  constructor(
    readonly argument: string,
    readonly said: Said,
  ) {
    super(`${said.key} (${argument})`);
    this.name = "VersionArgumentError";
  }
}

function requireVersionNumber(value: unknown, argumentName: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new VersionArgumentError(argumentName, {
      key: "api.versionNotNumber",
      values: { argument: argumentName },
    });
  }
  // Safe integers only: beyond 2^53 the digits printed are not the number the user typed.
  if (!Number.isSafeInteger(value) || value < MIN_VERSION_NUMBER) {
    throw new VersionArgumentError(argumentName, {
      key: "api.versionNotWholeNumber",
      values: { argument: argumentName, value: String(value) },
    });
  }
  return value;
}

/**
 * The `version` query value (docs/interface.md 4, rule 9): the model version number and the analysis
 * version number joined by a dot ("3.2"). The one place this rule lives: PLATFORM.VERSIONTAG and
 * the BOQ query both build it here. Throws VersionArgumentError naming the argument.
 */
export function boqVersion(modelVersionIndex: unknown, analysisVersion: unknown): string {
  const model = requireVersionNumber(modelVersionIndex, "modelVersionIndex");
  const analysis = requireVersionNumber(analysisVersion, "analysisVersion");
  return `${model}.${analysis}`;
}
