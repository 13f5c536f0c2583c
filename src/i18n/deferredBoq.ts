// Message areas of the BOQ comparison and of the BOQ sheet (compare, boqSheet, boqdiff): only the
// functions' engine (PLATFORM.BOQDIFF) and the BOQ screens use them, so they are not part of the
// first screen's scripts. A module that uses them imports this file (`import "../i18n/deferredBoq"`),
// which adds them to the catalog, in every language, when it loads; their keys are typed like every
// other area's.
import { addAreas } from "./index";
import { boqSheet } from "./areas/boqSheet";
import { boqSheetRu } from "./areas/boqSheet.ru";
import { boqdiff } from "./areas/boqdiff";
import { boqdiffRu } from "./areas/boqdiff.ru";
import { compare } from "./areas/compare";
import { compareRu } from "./areas/compare.ru";

export const boqAreas = {
  compare: { ...compare, ru: compareRu },
  boqSheet: { ...boqSheet, ru: boqSheetRu },
  boqdiff: { ...boqdiff, ru: boqdiffRu },
} as const;

addAreas(boqAreas);
