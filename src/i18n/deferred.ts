// Message areas only the feature screens use (the import screens and the catalog's problems, the
// largest areas; the History tab's and the BOQ navigator's). They are not part of the first screen's scripts: a module that uses them
// imports this file (`import "../i18n/deferred"`), which adds them to the catalog when it loads,
// so they arrive in the same chunk as the screens. Their keys are typed like every other area's.
import { addAreas } from "./index";
import { boqnav } from "./areas/boqnav";
import { catalogPicker } from "./areas/catalogPicker";
import { history } from "./areas/history";
import { importArea } from "./areas/import";
import { prediction } from "./areas/prediction";
import { problems } from "./areas/problems";
import { restore } from "./areas/restore";
import { send } from "./areas/send";
import { elsewhere } from "./areas/elsewhere";

export const deferredAreas = {
  import: importArea,
  problems,
  catalogPicker,
  restore,
  send,
  elsewhere,
  prediction,
  history,
  boqnav,
} as const;

addAreas(deferredAreas);
