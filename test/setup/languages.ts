// Jest setup of the unit and integration projects: every language's messages are there from the
// start, as on the sign-in page. In the pane a language other than English loads on demand
// (src/i18n loadLanguage), which test/i18n/languages.test.ts tests on a fresh catalog.
import { addLanguageMessages } from "../../src/i18n";
import { russian } from "../../src/i18n/languages";

addLanguageMessages("ru", russian);
