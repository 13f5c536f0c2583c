// The target catalog's list for the pane: the catalogs the company's projects' priority schemes
// name (endpoint 7, loaded once per company in the background: the pane never waits for it),
// merged with those this workbook imported into and those typed before (catalogList.ts). A list
// that cannot be loaded leaves the other sources; the pane says so quietly.

import { platformCatalogNames, mergeCatalogNames, catalogStatus } from "../model/catalogList";
import type { CatalogChoice, CatalogStatus } from "../model/catalogList";
import { detailOf, type Journey } from "./journey";

export type PlatformCatalogs =
  | { status: "loading" }
  | { status: "loaded"; names: string[] }
  /** `detail`: for "Details" (the request, its status, the platform's words). */
  | { status: "failed"; detail: string }
  /** No company chosen, or no way to ask (tests without endpoint 7). */
  | { status: "unavailable" };

export class CatalogNames {
  private readonly byCompany = new Map<string, PlatformCatalogs>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly journey: Journey) {}

  /** Called when the platform's list of a company changes state; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Where the platform's list of the company stands. */
  platform(companyId: string): PlatformCatalogs {
    if (companyId === "" || this.journey.deps.listProjects === undefined) return { status: "unavailable" };
    return this.byCompany.get(companyId) ?? { status: "loading" };
  }

  /** Loads the company's list once (again after a failure when `again`); never throws. */
  async load(companyId: string, again = false): Promise<void> {
    const list = this.journey.deps.listProjects;
    if (companyId === "" || list === undefined) return;
    const known = this.byCompany.get(companyId);
    if (known !== undefined && !(again && known.status === "failed")) return;
    this.set(companyId, { status: "loading" });
    try {
      const projects = await list(companyId);
      this.set(companyId, { status: "loaded", names: platformCatalogNames(projects) });
    } catch (error) {
      this.journey.warn("could not load the company's catalog names", error);
      this.set(companyId, { status: "failed", detail: detailOf(error) });
    }
  }

  /** Every name the add-in knows of for the company, with where it was seen. */
  choices(companyId: string): CatalogChoice[] {
    const platform = this.platform(companyId);
    const history = this.journey.history;
    return mergeCatalogNames({
      platform: platform.status === "loaded" ? platform.names : [],
      workbook: history.catalogNames(),
      typed: history.typedCatalogs(),
    });
  }

  /** What is known of a name for the company (before any check). */
  status(name: string, companyId: string): CatalogStatus {
    return catalogStatus(name, this.choices(companyId));
  }

  private set(companyId: string, value: PlatformCatalogs): void {
    this.byCompany.set(companyId, value);
    for (const l of [...this.listeners]) l();
  }
}
