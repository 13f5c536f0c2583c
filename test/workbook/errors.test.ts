import { EmulatedOfficeError, ErrorMessages } from "../../dev/office-emulation";
import { errorText } from "../../src/i18n";
import { WorkbookError, toWorkbookError } from "../../src/workbook";

function officeError(code: keyof typeof ErrorMessages): EmulatedOfficeError {
  return new EmulatedOfficeError({ code, message: ErrorMessages[code] });
}

describe("toWorkbookError", () => {
  it("tells the user to unprotect a sheet Excel refused to change", () => {
    const error = toWorkbookError(officeError("AccessDenied"), { action: "write", sheet: "Catalog" });
    expect(error).toBeInstanceOf(WorkbookError);
    expect(error.code).toBe("sheet-protected");
    expect(error.officeCode).toBe("AccessDenied");
    expect(errorText(error)).toBe(
      'Sheet "Catalog" is protected: unprotect it (Review > Unprotect Sheet) and try again.',
    );
  });

  it("does not call a refused read a protected sheet (protection does not stop reading)", () => {
    const error = toWorkbookError(officeError("AccessDenied"), { action: "read", sheet: "Catalog" });
    expect(error.code).toBe("excel");
    expect(error.officeCode).toBe("AccessDenied");
    expect(errorText(error)).toBe(
      'Excel refused to read sheet "Catalog": you may not have access to this workbook.',
    );
  });

  it("explains the 5 MB limit in words", () => {
    const error = toWorkbookError(officeError("RequestPayloadSizeLimitExceeded"), {
      action: "write",
      sheet: "Log",
      address: "A1:F9000",
    });
    expect(error.code).toBe("payload-too-large");
    expect(errorText(error)).toContain('A1:F9000 on sheet "Log"');
    expect(errorText(error)).toContain("5 MB");
  });

  it("keeps Office's message for errors it has no better words for, and names the sheet", () => {
    const error = toWorkbookError(officeError("GeneralException"), { action: "read", sheet: "Prices" });
    expect(error.code).toBe("excel");
    expect(errorText(error)).toBe(`Excel could not read sheet "Prices": ${ErrorMessages.GeneralException}`);
  });

  it("carries what is said as keys and values, Excel's words a value, and its log message no sentence", () => {
    const error = toWorkbookError(officeError("GeneralException"), {
      action: "write",
      sheet: "Prices",
      address: "A1:B2",
    });
    expect(error.said).toEqual({
      key: "workbook.couldNotWrite",
      values: {
        where: {
          key: "workbook.whereCells",
          values: { address: "A1:B2", sheet: { key: "workbook.whereSheet", values: { sheet: "Prices" } } },
        },
        text: ErrorMessages.GeneralException,
      },
    });
    expect(error.message).toBe("excel: workbook.couldNotWrite (GeneralException)");
  });

  it("passes a WorkbookError through unchanged", () => {
    const original = new WorkbookError("invalid-argument", "Row 3 is too wide.");
    expect(toWorkbookError(original, { action: "write" })).toBe(original);
  });
});
