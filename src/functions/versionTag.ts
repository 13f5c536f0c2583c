// Builds the `version` parameter of the OData UnionTree query (interface 4, rule 9): the model
// version number and the analysis version number joined by a dot, e.g. "3.2".
// Pure so that both the custom function and the BOQ reader can share it and it is testable
// without Office.

/** Both numbers are non-negative integers on the wire; anything else cannot name a version. */
const MIN_VERSION_NUMBER = 0;

export class VersionArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VersionArgumentError";
  }
}

function requireVersionNumber(value: unknown, argumentName: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new VersionArgumentError(`${argumentName} must be a number, for example 3.`);
  }
  if (!Number.isSafeInteger(value) || value < MIN_VERSION_NUMBER) {
    throw new VersionArgumentError(`${argumentName} must be a whole number of 0 or more; got ${value}.`);
  }
  return value;
}

export function formatVersionTag(modelVersionIndex: unknown, analysisVersion: unknown): string {
  const model = requireVersionNumber(modelVersionIndex, "modelVersionIndex");
  const analysis = requireVersionNumber(analysisVersion, "analysisVersion");
  return `${model}.${analysis}`;
}
