// The Russian messages of the areas in ./catalog (all but ./areas/headers, whose words in every
// language are matched against sheets' headers, so they stay in the catalog). Not part of the first
// screen's scripts: ./index loads this file with import() (loadLanguage) and the pane's start waits
// for it before a first render in Russian (src/taskpane/index.tsx). Until it is there, t() gives
// the English of these areas.
import type { catalog } from "./catalog";
import { apiRu } from "./areas/api.ru";
import { boqRu } from "./areas/boq.ru";
import { commonRu } from "./areas/common.ru";
import { dialogRu } from "./areas/dialog.ru";
import { errorsRu } from "./areas/errors.ru";
import { sessionRu } from "./areas/session.ru";
import { shellRu } from "./areas/shell.ru";
import { signinRu } from "./areas/signin.ru";
import { workbookRu } from "./areas/workbook.ru";
import type { Message } from "./types";

/** Every area of ./catalog with English only, in Russian. */
export const russian = {
  api: apiRu,
  boq: boqRu,
  common: commonRu,
  dialog: dialogRu,
  errors: errorsRu,
  session: sessionRu,
  shell: shellRu,
  signin: signinRu,
  workbook: workbookRu,
} as const satisfies { [A in keyof typeof catalog]?: Readonly<Record<string, Message>> };
