// The target catalog and the columns per sheet layout (issue 25) against the in-process emulator:
// the list of catalogs from the company's projects' priority schemes, a refusal at Import that
// names the catalog, and a second sheet with other headers imported into the same catalog.

import { createEmulatedExcel } from "../../../dev/office-emulation";
import { t } from "../../../src/i18n";
import "../../../src/i18n/deferred";
import { setLogSink } from "../../../src/log/logger";
import type { Session } from "../../../src/session/session";
import { sessionFor, signIn, startEnv, type Env } from "../api/setup";
import { technicalWords } from "../../i18n/technicalWords";
import { companyOf, demoWorkbook, newCatalog, pipelineFor } from "./helpers";

jest.setTimeout(60_000);

let env: Env;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  env = await startEnv();
  ({ session } = await sessionFor(env));
  await signIn(env, session);
});
afterAll(async () => {
  setLogSink(null);
  await env?.emu.stop();
});

const listProjects = (companyId: string) => session.api.listProjects(companyId);

describe("the target catalog's list", () => {
  it("holds the catalogs the company's priority schemes name, and says a name it has not seen is unseen", async () => {
    const h = pipelineFor(demoWorkbook(), session, { deps: { listProjects } });
    const company = companyOf(session);
    expect(h.pipeline.catalogs.platform(company.id)).toEqual({ status: "loading" });
    await h.pipeline.catalogs.load(company.id);
    const choices = h.pipeline.catalogs.choices(company.id);
    expect(choices).toEqual(
      expect.arrayContaining([
        { name: "Demo catalog", sources: ["platform"] },
        { name: "Materials", sources: ["platform"] },
      ]),
    );
    expect(h.pipeline.catalogs.status("Materials", company.id)).toBe("platform");
    expect(h.pipeline.catalogs.status("Nowhere catalog", company.id)).toBe("unseen");
  });

  it("that cannot be loaded leaves this workbook's and the typed names", async () => {
    const failing = () => Promise.reject(new Error("offline"));
    const h = pipelineFor(demoWorkbook(), session, { deps: { listProjects: failing } });
    const company = companyOf(session);
    h.pipeline.setChoices({ catalogName: "Typed prices", companyId: company.id, companyName: company.name });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:G17" });
    await h.pipeline.preview();
    await h.pipeline.catalogs.load(company.id);
    expect(h.pipeline.catalogs.platform(company.id)).toMatchObject({ status: "failed" });
    expect(h.pipeline.catalogs.choices(company.id)).toEqual([{ name: "Typed prices", sources: ["typed"] }]);
    expect(h.pipeline.catalogs.status("Typed prices", company.id)).toBe("typed");
  });
});

describe("an import into a catalog the platform does not have", () => {
  it("is refused with a sentence naming the catalog and the fix; the status is in the details only", async () => {
    const h = pipelineFor(demoWorkbook(), session);
    const company = companyOf(session);
    h.pipeline.setChoices({
      catalogName: "No such catalog",
      companyId: company.id,
      companyName: company.name,
    });
    await h.pipeline.readRange({ sheet: "Catalog", address: "A1:G17" });
    await h.pipeline.preview();
    await h.pipeline.start();
    const error = h.pipeline.getState().error;
    expect(error?.key).toBe("import.refusedCatalog");
    const sentence = t(error?.key ?? "import.failedRead", error?.values ?? {});
    expect(sentence).toBe(
      `The platform refused the import: it has no catalog “No such catalog” in ${company.name}, or you cannot see it. Choose the catalog from the list or correct its name, then import again. A new catalog is created on the platform’s website first.`,
    );
    expect(technicalWords(sentence)).toEqual([]);
    expect(error?.detail).toMatch(/^the catalog import · HTTP 404 · CatalogNotFound\n/);
  });
});

describe("columns per sheet layout", () => {
  // Headers the engine does not recognise: the user says which column is which.
  const OWN = [
    ["Item", "Description", "Cost", "UoM"],
    ["91", "Roofing", null, null],
    ["91.1", "Bitumen membrane", 12, "m2"],
  ];
  // Another layout with headers the engine reads.
  const OTHER = [
    ["Name", "Code", "Unit", "Price"],
    ["Walls", "92", null, null],
    ["Brick", "92.1", "m2", 22],
  ];

  it("a detected mapping is not remembered; a choice the user made is, for its header row only", async () => {
    const excel = createEmulatedExcel({ sheets: { Own: OWN, Other: OTHER } });
    const company = companyOf(session);
    const catalog = newCatalog(env, session, "Layouts catalog");
    const h = pipelineFor(excel, session);
    h.pipeline.setChoices({ catalogName: catalog, companyId: company.id, companyName: company.name });

    // The sheet the engine reads alone: imported, nothing remembered.
    await h.pipeline.readRange({ sheet: "Other", address: "A1:D3" });
    await h.pipeline.preview();
    await h.pipeline.start();
    expect(h.pipeline.getState().phase).toBe("done");
    expect(h.pipeline.history.remembered(catalog)).toEqual([]);

    // The user's own layout: the columns chosen, then imported; the choice is kept with its header.
    h.pipeline.reset();
    await h.pipeline.readRange({ sheet: "Own", address: "A1:D3" });
    expect(h.pipeline.getState().check.mapping).toBeNull();
    await h.pipeline.setMapping({ headerRow: 1, columns: { Code: "A", Name: "B", Price: "C", Unit: "D" } });
    await h.pipeline.preview();
    await h.pipeline.start();
    expect(h.pipeline.getState().log.counts?.inserted).toBe(2);
    expect(h.pipeline.history.remembered(catalog)).toEqual([
      {
        columns: { Code: "A", Name: "B", Price: "C", Unit: "D" },
        header: { A: "item", B: "description", C: "cost", D: "uom" },
        headerOffset: 0,
      },
    ]);

    // The other sheet again, in a new pane: its own headers give its columns; the remembered
    // choice is said to differ, and is not applied by letter.
    const again = pipelineFor(excel, session);
    again.pipeline.setChoices({ catalogName: catalog, companyId: company.id, companyName: company.name });
    await again.pipeline.readRange({ sheet: "Other", address: "A1:D3" });
    const other = again.pipeline.getState();
    expect(other.check.mapping?.columns).toMatchObject({ Code: "B", Name: "A", Price: "D", Unit: "C" });
    expect(other.check.analysis?.counts.errors).toBe(0);
    expect(again.pipeline.rememberedFit()).toMatchObject({ kind: "differs", legacy: false });

    // The user's layout again: the remembered choice applies, since its header row is there.
    await again.pipeline.readRange({ sheet: "Own", address: "A1:D3" });
    expect(again.pipeline.rememberedFit().kind).toBe("applies");
    expect(again.pipeline.getState().check.mapping).toEqual({
      headerRow: 1,
      columns: { Code: "A", Name: "B", Price: "C", Unit: "D" },
    });
    expect(again.pipeline.getState().check.analysis?.counts.errors).toBe(0);
  });

  it("the previous version's mapping is offered, never applied by itself; one click applies it", async () => {
    const excel = createEmulatedExcel({ sheets: { Other: OTHER } });
    const settings = excel.globals.Office.context.document.settings;
    settings.set("boq-bridge.import.mappings.v1", {
      Old: { headerRow: 1, columns: { Code: "A", Name: "B" } },
    });
    const h = pipelineFor(excel, session);
    const company = companyOf(session);
    h.pipeline.setChoices({ catalogName: "Old", companyId: company.id, companyName: company.name });
    await h.pipeline.readRange({ sheet: "Other", address: "A1:D3" });
    expect(h.pipeline.getState().check.mapping?.columns.Code).toBe("B");
    expect(h.pipeline.rememberedFit()).toMatchObject({ kind: "differs", legacy: true });
    await h.pipeline.applyRemembered();
    expect(h.pipeline.getState().check.mapping).toEqual({ headerRow: 1, columns: { Code: "A", Name: "B" } });
    expect(h.pipeline.rememberedFit().kind).toBe("none");
  });
});
