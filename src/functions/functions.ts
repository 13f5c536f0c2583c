// Custom functions of the PLATFORM namespace. These wrappers only parse arguments and map errors
// to CustomFunctions.Error; custom-functions-metadata-plugin reads the JSDoc below to generate
// functions.json and appends the CustomFunctions.associate calls at build time.
import { boqVersion, VersionArgumentError } from "../api/odata";

/**
 * Builds the version tag of a bill of quantities: model version and analysis version joined by a dot ("3.2").
 * @customfunction VERSIONTAG
 * @param modelVersionIndex Model version number (versionIndex of the model version).
 * @param analysisVersion Analysis version number.
 * @returns The version tag, for example "3.2".
 */
export function versionTag(modelVersionIndex: number, analysisVersion: number): string {
  try {
    return boqVersion(modelVersionIndex, analysisVersion);
  } catch (error) {
    if (error instanceof VersionArgumentError) {
      throw new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, error.message);
    }
    throw error;
  }
}
