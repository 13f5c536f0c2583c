// A dialog window refused in Excel on the web (Office docs, "Handle errors and events in the Office
// dialog box": 12009 "The user chose to ignore the dialog box", 12011 the browser's configuration
// blocks pop-ups; messages as office.js gives them, en-us/office_strings.js).
import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";

const URL = "https://localhost:3000/signin.html";

function open(
  excel: OfficeEmulation,
  options: Office.DialogOptions,
): Promise<Office.AsyncResult<Office.Dialog>> {
  return new Promise((resolve) => excel.globals.Office.context.ui.displayDialogAsync(URL, options, resolve));
}

describe("blocked dialogs in Excel on the web (dialog errors 12009 and 12011)", () => {
  it("12009: the user ignores Office's prompt before a dialog window opens", async () => {
    const excel = createEmulatedExcel({ dialogBlocking: "ignore-prompt" });
    const result = await open(excel, { height: 60, width: 30 });
    expect(result.status).toBe("failed");
    expect(result.error).toMatchObject({
      code: 12009,
      name: "Display Dialog Error",
      message: "The user chose to ignore the dialog box.",
    });
    expect(excel.dialogs.current).toBeUndefined();
  });

  it("12009 needs Office's prompt: with promptBeforeOpen false there is none to ignore", async () => {
    const excel = createEmulatedExcel({ dialogBlocking: "ignore-prompt" });
    const result = await open(excel, { promptBeforeOpen: false });
    expect(result.status).toBe("succeeded");
  });

  it("12011: the browser blocks the pop-up window, prompt or not", async () => {
    const excel = createEmulatedExcel();
    excel.dialogs.blocking = "block-popups";
    for (const promptBeforeOpen of [true, false]) {
      const result = await open(excel, { promptBeforeOpen });
      expect(result.error).toMatchObject({ code: 12011, name: "Display Dialog Error" });
      expect(result.error.message).toMatch(
        /^Browser restrictions prevented us from creating the dialog box\./,
      );
    }
  });

  it("a dialog shown in an iframe (displayInIframe) is not a window: neither error applies", async () => {
    const excel = createEmulatedExcel({ dialogBlocking: "block-popups" });
    await expect(open(excel, { displayInIframe: true })).resolves.toMatchObject({ status: "succeeded" });
  });

  it("desktop Excel opens the dialog in its own window: neither error applies", async () => {
    const excel = createEmulatedExcel({ host: "desktop", dialogBlocking: "block-popups" });
    await expect(open(excel, {})).resolves.toMatchObject({ status: "succeeded" });
  });
});
