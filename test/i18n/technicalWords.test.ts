// Every sentence of the message catalog, in both languages, reads as words for an estimator: no
// HTTP status, no API field path, no status code beside "status" or "error" (issue 25). The
// technical detail a user can copy is the errors' Details, which the catalog does not hold.
import { catalog } from "../../src/i18n/catalog";
import { deferredAreas } from "../../src/i18n/deferred";
import { setupAreas } from "../../src/i18n/deferredSetup";
import { boqAreas } from "../../src/i18n/deferredBoq";
import { russian } from "../../src/i18n/languages";
import { LANGUAGES, type Language } from "../../src/i18n/types";
import { technicalWords } from "./technicalWords";

/** The catalog's areas with their Russian, which src/i18n/languages.ts holds apart. */
const catalogAreas = Object.fromEntries(
  Object.entries(catalog).map(([name, area]) => [
    name,
    { ...area, ...(name in russian ? { ru: russian[name as keyof typeof russian] } : {}) },
  ]),
);
const allAreas = { ...catalogAreas, ...deferredAreas, ...setupAreas, ...boqAreas } as unknown as Record<
  string,
  Record<Language, Record<string, unknown>>
>;

function texts(message: unknown): string[] {
  if (typeof message === "string") return [message];
  if (message !== null && typeof message === "object") {
    return Object.values(message).filter((v): v is string => typeof v === "string");
  }
  return [];
}

describe("the message catalog", () => {
  it.each(LANGUAGES.flatMap((language) => Object.keys(allAreas).map((area) => [area, language] as const)))(
    "area %s in %s has no HTTP status, API field or status code",
    (area, language) => {
      const found: string[] = [];
      for (const [key, message] of Object.entries(allAreas[area]?.[language] ?? {})) {
        for (const text of texts(message)) {
          for (const hit of technicalWords(text)) found.push(`${area}.${key}: ${hit}`);
        }
      }
      expect(found).toEqual([]);
    },
  );
});

describe("the scan", () => {
  it("finds what the issue saw in the pane, and passes plain words", () => {
    const seen =
      "The platform refused the import. The platform refused the catalog import (HTTP 404): … check Settings.CatalogName";
    expect(technicalWords(seen)).toEqual([
      "HTTP: “HTTP”",
      "API field: “Settings.C”",
      "status code: “HTTP 404”",
    ]);
    expect(technicalWords("Server error 503, try later")).toEqual(["status code: “error 503”"]);
    expect(technicalWords("статус 500")).toEqual(["status code: “статус 500”"]);
    expect(technicalWords("404 error")).toEqual(["status code: “404 error”"]);
    expect(technicalWords("Check the service addresses in Settings. 120 positions, 150 errors")).toEqual([]);
    expect(technicalWords("Позиций: 120, ошибок: 150")).toEqual([]);
  });
});
