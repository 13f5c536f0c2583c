// The message catalog: one entry per area. An area is a file of ./areas; add yours here, one line.
// These areas load with the pane's first screen (and the custom functions), in English: their
// Russian (./areas/<area>.ru.ts, gathered by ./languages) loads on demand (loadLanguage in ./index),
// except the headers', matched against sheets in every language. The areas only the feature
// screens use are in ./deferred and load with them, in every language; those of the BOQ comparison
// and sheet in ./deferredBoq, with the functions' engine or the BOQ screens.
import { api } from "./areas/api";
import { boq } from "./areas/boq";
import { common } from "./areas/common";
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
  shell,
  signin,
  session,
  api,
  workbook,
  headers,
} as const;
