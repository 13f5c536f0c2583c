// Building the OData UnionTree address (interface 4, endpoint 11; platform-notes "Read flow").
// Company, project, model and scheme are names, not identifiers: each is an OData string literal
// (single quotes, a quote inside doubled), then percent-encoded as a whole, so spaces, Cyrillic,
// `#`, `/`, `%` and `?` cannot break the path, while the `(`, `,` and `)` of the key stay as syntax.

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

/**
 * The `version` query value: model version number and analysis version joined by a dot ("3.2").
 * Both must be non-negative integers; anything else is a bug of the caller, not a platform error.
 */
export function boqVersion(modelVersionIndex: number, analysisVersion: number): string {
  for (const [label, n] of [
    ["model version", modelVersionIndex],
    ["analysis version", analysisVersion],
  ] as const) {
    if (!Number.isInteger(n) || n < 0)
      throw new RangeError(`The ${label} must be a whole number ≥ 0, got ${n}.`);
  }
  return `${modelVersionIndex}.${analysisVersion}`;
}
