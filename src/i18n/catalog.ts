// The message catalog: one entry per area. An area is a file of ./areas; add yours here, one line.
// These areas load with the pane's first screen (and the custom functions), in English: their
// Russian (./areas/<area>.ru.ts, gathered by ./languages) loads on demand (loadLanguage in ./index),
// except the headers', matched against sheets in every language. The areas only the feature
// screens use are in ./deferred and load with them, in every language.
import { api } from "./areas/api";
import { boq } from "./areas/boq";
import { boqSheet } from "./areas/boqSheet";
import { boqdiff } from "./areas/boqdiff";
import { common } from "./areas/common";
import { compare } from "./areas/compare";
import { dialog } from "./areas/dialog";
import { errors } from "./areas/errors";
import { headers } from "./areas/headers";
import { session } from "./areas/session";
import { shell } from "./areas/shell";
import { signin } from "./areas/signin";
import { workbook } from "./areas/workbook";

export const catalog = {
  common,
  dialog,
  errors,
  boq,
  boqSheet,
  shell,
  signin,
  session,
  api,
  workbook,
  headers,
  compare,
  boqdiff,
} as const;
