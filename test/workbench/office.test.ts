import { createEmulatedExcel, type OfficeEmulation } from "../../dev/office-emulation";

type DialogResult = Office.AsyncResult<Office.Dialog>;

function openDialog(
  excel: OfficeEmulation,
  url: string,
  options?: Office.DialogOptions,
): Promise<DialogResult> {
  return new Promise((resolve) =>
    excel.globals.Office.context.ui.displayDialogAsync(url, options ?? {}, resolve),
  );
}

describe("Office.onReady and requirement sets", () => {
  it("resolves onReady with Excel on the web", async () => {
    const excel = createEmulatedExcel();
    await expect(excel.globals.Office.onReady()).resolves.toEqual({
      host: "Excel",
      platform: "OfficeOnline",
    });
  });

  it("answers isSetSupported from the configured versions", () => {
    const excel = createEmulatedExcel();
    const req = excel.globals.Office.context.requirements;
    expect(req.isSetSupported("ExcelApi", "1.21")).toBe(true);
    expect(req.isSetSupported("ExcelApi", "1.22")).toBe(false);
    expect(req.isSetSupported("SharedRuntime", "1.1")).toBe(true);
    expect(req.isSetSupported("DialogApi", "1.2")).toBe(true);
    expect(req.isSetSupported("CustomFunctionsRuntime", "1.3")).toBe(true);
    expect(req.isSetSupported("WordApi")).toBe(false);
    excel.requirements.set("ExcelApi", "1.7");
    expect(req.isSetSupported("ExcelApi", "1.9")).toBe(false);
  });
});

describe("document settings and OfficeRuntime.storage", () => {
  it("writes settings into the workbook only when saveAsync runs", async () => {
    const excel = createEmulatedExcel();
    const settings = excel.globals.Office.context.document.settings;
    settings.set("boqBridge.server", { authUrl: "https://auth.example.com" });
    expect(settings.get("boqBridge.server")).toEqual({ authUrl: "https://auth.example.com" });
    expect(excel.documentSettings()).toEqual({});
    await new Promise<void>((resolve) => settings.saveAsync(() => resolve()));
    expect(excel.documentSettings()).toEqual({ "boqBridge.server": { authUrl: "https://auth.example.com" } });
    settings.remove("boqBridge.server");
    expect(settings.get("boqBridge.server")).toBeNull();
  });

  it("keeps OfficeRuntime.storage items outside the workbook", async () => {
    const excel = createEmulatedExcel();
    const storage = excel.globals.OfficeRuntime.storage;
    await storage.setItem("boqBridge.refreshToken", "secret-refresh-token");
    await expect(storage.getItem("boqBridge.refreshToken")).resolves.toBe("secret-refresh-token");
    await expect(storage.getKeys()).resolves.toEqual(["boqBridge.refreshToken"]);
    expect(JSON.stringify(excel.documentSettings())).not.toContain("secret-refresh-token");
    await storage.removeItem("boqBridge.refreshToken");
    await expect(storage.getItem("boqBridge.refreshToken")).resolves.toBeNull();
  });

  it("refuses non-string storage values as OfficeRuntime.storage does", async () => {
    const excel = createEmulatedExcel();
    const setItem = excel.globals.OfficeRuntime.storage.setItem as (
      key: string,
      value: unknown,
    ) => Promise<void>;
    await expect(setItem("k", { token: "x" })).rejects.toThrow(/must be a string/);
  });
});

describe("dialogs", () => {
  it("delivers messageParent messages to the add-in as DialogMessageReceived", async () => {
    const excel = createEmulatedExcel();
    const result = await openDialog(excel, "https://localhost:3000/signin.html?authority=x", {
      height: 60,
      width: 30,
    });
    expect(result.status).toBe("succeeded");
    const received: string[] = [];
    result.value.addEventHandler(excel.globals.Office.EventType.DialogMessageReceived, (arg) => {
      if ("message" in arg) received.push(arg.message);
    });
    expect(excel.dialogs.current?.url).toBe("https://localhost:3000/signin.html?authority=x");
    excel.dialogs.current?.messageParent('{"ok":true}');
    expect(received).toEqual(['{"ok":true}']);
    result.value.close();
    expect(excel.dialogs.current).toBeUndefined();
  });

  it("reports 12006 when the user closes the dialog", async () => {
    const excel = createEmulatedExcel();
    const result = await openDialog(excel, "https://localhost:3000/signin.html");
    const events: number[] = [];
    result.value.addEventHandler(excel.globals.Office.EventType.DialogEventReceived, (arg) => {
      if ("error" in arg) events.push(arg.error);
    });
    excel.dialogs.current?.closeByUser();
    expect(events).toEqual([12006]);
  });

  it("refuses a second dialog with 12007 and a plain-HTTP remote URL with 12005", async () => {
    const excel = createEmulatedExcel();
    await openDialog(excel, "https://localhost:3000/signin.html");
    const second = await openDialog(excel, "https://localhost:3000/signin.html");
    expect(second.status).toBe("failed");
    expect(second.error.code).toBe(12007);
    excel.dialogs.current?.closeByUser();
    const http = await openDialog(excel, "http://auth.example.com/login");
    expect(http.error.code).toBe(12005);
  });

  it("refuses http://localhost too unless the page opted in (the workbench, served over HTTP)", async () => {
    const strict = createEmulatedExcel();
    expect((await openDialog(strict, "http://localhost:3000/signin.html")).error.code).toBe(12005);
    const workbench = createEmulatedExcel({ allowHttpLocalhostDialogs: true });
    expect((await openDialog(workbench, "http://localhost:3000/signin.html")).status).toBe("succeeded");
  });

  it("refuses with 12004 a URL on a domain the add-in does not trust (Handle errors and events in the Office dialog box)", async () => {
    const excel = createEmulatedExcel({
      addinOrigin: "https://addin.example.com",
      appDomains: ["https://auth.example.com"],
    });
    const foreign = await openDialog(excel, "https://elsewhere.example.org/login");
    expect(foreign.status).toBe("failed");
    expect(foreign.error.code).toBe(12004);
    const otherPort = await openDialog(excel, "https://addin.example.com:8443/signin.html");
    expect(otherPort.error.code).toBe(12004);
    const own = await openDialog(excel, "https://addin.example.com/signin.html");
    expect(own.status).toBe("succeeded");
    excel.dialogs.current?.closeByUser();
    const appDomain = await openDialog(excel, "https://auth.example.com/authorize");
    expect(appDomain.status).toBe("succeeded");
  });

  it("reports 12003 when the dialog's page goes on to a page over HTTP, and leaves the window open", async () => {
    const excel = createEmulatedExcel();
    const result = await openDialog(excel, "https://localhost:3000/signin.html");
    const events: number[] = [];
    result.value.addEventHandler(excel.globals.Office.EventType.DialogEventReceived, (arg) => {
      if ("error" in arg) events.push(arg.error);
    });
    excel.dialogs.current?.navigate("https://auth.example.com/authorize");
    expect(events).toEqual([]);
    excel.dialogs.current?.navigate("http://auth.example.com/login");
    expect(events).toEqual([12003]);
    expect(excel.dialogs.current?.url).toBe("https://localhost:3000/signin.html");
  });
});

describe("ribbon actions and task pane visibility", () => {
  it("runs an associated action until it calls completed()", async () => {
    const excel = createEmulatedExcel();
    const calls: string[] = [];
    excel.globals.Office.actions.associate("refreshBoq", (event: Office.AddinCommands.Event) => {
      calls.push("refreshBoq");
      event.completed();
    });
    expect(excel.actions.names()).toEqual(["refreshBoq"]);
    await excel.actions.invoke("refreshBoq");
    expect(calls).toEqual(["refreshBoq"]);
  });

  it("hides and shows the task pane through Office.addin", async () => {
    const excel = createEmulatedExcel();
    await excel.globals.Office.addin.hide();
    expect(excel.addin.visible).toBe(false);
    await excel.globals.Office.addin.showAsTaskpane();
    expect(excel.addin.visible).toBe(true);
  });
});
