// The message catalog: one entry per area. An area is a file of ./areas; add yours here, one line.
import { api } from "./areas/api";
import { boq } from "./areas/boq";
import { common } from "./areas/common";
import { dialog } from "./areas/dialog";
import { errors } from "./areas/errors";
import { history } from "./areas/history";
import { session } from "./areas/session";
import { importArea } from "./areas/import";
import { problems } from "./areas/problems";
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
  import: importArea,
  problems,
  api,
  workbook,
  history,
} as const;
