// WorkbookError's sentences reach the import screens (selecting a problem's cell, reading the
// range, writing the log): in the pane's language, with Excel's own words kept as they are.
import { EmulatedOfficeError, ErrorMessages } from "../../dev/office-emulation";
import { errorText, setLanguage } from "../../src/i18n";
import { toWorkbookError, type ErrorSituation } from "../../src/workbook";

/** Office's error as it reaches a catch: a code and Excel's own message. */
function officeError(code: string): EmulatedOfficeError {
  return new EmulatedOfficeError({ code, message: excelWords(code) });
}

function excelWords(code: string): string {
  return (ErrorMessages as Readonly<Record<string, string>>)[code] ?? `Excel says ${code}.`;
}

const CASES: Array<[string, ErrorSituation]> = [
  ["AccessDenied", { action: "create", sheet: "Log" }],
  ["AccessDenied", { action: "read", sheet: "Прайс" }],
  ["AccessDenied", { action: "write", sheet: "Прайс" }],
  ["AccessDenied", { action: "write" }],
  ["ItemNotFound", { action: "read", sheet: "Прайс" }],
  ["ItemNotFound", { action: "read" }],
  ["ItemAlreadyExists", { action: "create", sheet: "Log" }],
  ["InvalidOperationInCellEditMode", { action: "read" }],
  ["InvalidSelection", { action: "read" }],
  ["RequestPayloadSizeLimitExceeded", { action: "write", sheet: "Log", address: "A1:F9000" }],
  ["GeneralException", { action: "read", sheet: "Прайс" }],
];

afterEach(() => setLanguage("en"));

describe("toWorkbookError in Russian", () => {
  it.each(CASES)("%s while %j reads in Russian", (code, situation) => {
    setLanguage("ru");
    // Excel's own words are Excel's (in Russian in a Russian Excel; the emulator speaks English).
    const message = errorText(toWorkbookError(officeError(code), situation)).replace(excelWords(code), "");
    expect(message).toMatch(/[а-яё]/i);
    expect(message).not.toMatch(/\{\w+\}|\b(sheet|the|try again|Excel could not)\b/);
    if (situation.sheet !== undefined && code !== "AccessDenied") expect(message).toContain(situation.sheet);
  });

  it("names the cells and the sheet of a refused write, and keeps Excel's words", () => {
    setLanguage("ru");
    expect(
      errorText(
        toWorkbookError(officeError("RequestPayloadSizeLimitExceeded"), {
          action: "write",
          sheet: "Log",
          address: "A1:F9000",
        }),
      ),
    ).toBe("Excel отказался записать A1:F9000 (лист «Log»): один запрос превысил бы его предел в 5 МБ.");
    expect(
      errorText(toWorkbookError(officeError("GeneralException"), { action: "read", sheet: "Прайс" })),
    ).toBe(`Excel не смог прочитать лист «Прайс»: ${ErrorMessages.GeneralException}`);
  });
});
