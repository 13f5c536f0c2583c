// The words of a problem are made in src/import (problemWords.ts), where the journey can use them
// too; the Import screen's files import them from here.
export { fieldLabel, problemText } from "../../import";
