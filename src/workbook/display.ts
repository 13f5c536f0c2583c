/**
 * The separators Excel shows numbers with in `Range.text`: Excel's own when "Use system
 * separators" is off, else the system's regional format (`cultureInfo`). src/catalog reads shown
 * numbers back in en-US form with them, so a check does not depend on the display locale.
 */
import type { TextSeparators } from "../catalog";
import { isOfficeError } from "./errors";

/** Application's separators and cultureInfo arrived with ExcelApi 1.11 (as SEPARATORS_API_VERSION in read.ts). */
const DISPLAY_API_VERSION = "1.11";

function displayApiSupported(): boolean {
  return (
    typeof Office !== "undefined" &&
    typeof Office.context?.requirements?.isSetSupported === "function" &&
    Office.context.requirements.isSetSupported("ExcelApi", DISPLAY_API_VERSION)
  );
}

/**
 * The decimal and group separators of `Range.text`; undefined when the host cannot say (older than
 * ExcelApi 1.11, or it refuses the members), and the shown text is then taken as it is.
 */
export async function readTextSeparators(context: Excel.RequestContext): Promise<TextSeparators | undefined> {
  if (!displayApiSupported()) return undefined;
  const application = context.application;
  application.load("decimalSeparator, useSystemSeparators");
  application.load(
    "cultureInfo/numberFormat/numberDecimalSeparator, cultureInfo/numberFormat/numberGroupSeparator",
  );
  try {
    await context.sync();
  } catch (error) {
    if (isOfficeError(error)) return undefined;
    throw error;
  }
  const culture = application.cultureInfo.numberFormat;
  const system: TextSeparators = {
    decimal: culture.numberDecimalSeparator,
    group: culture.numberGroupSeparator,
  };
  if (application.useSystemSeparators) return system;
  // Excel's own separators. Its own group separator (Application.thousandsSeparator) is not asked
  // for: a host without the member refuses the whole sync (the workbench does). The system's is
  // kept unless it is the decimal separator too; then the group separator is unknown ("") and
  // left as shown, which only a grouped number in the Code column would notice.
  const decimal = application.decimalSeparator === "" ? system.decimal : application.decimalSeparator;
  return { decimal, group: system.group === decimal ? "" : system.group };
}
