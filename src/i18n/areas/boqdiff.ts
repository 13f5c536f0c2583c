// Messages of PLATFORM.BOQDIFF itself (issue 28): its column list and its size. The comparison's
// column headers and change words are the area compare's.
import { defineEnglish } from "../types";

export const boqdiff = defineEnglish({
  en: {
    columnUnknown: "The column {column} is not a column of the comparison. Columns: {columns}.",
    tooLarge:
      "The comparison has {rows} rows and {columns} columns ({cells} cells), more than {host} takes from one function ({limit}). To get it: leave out unchanged rows, ask for fewer columns, or use Compare with… → Insert comparison sheet in the BOQ tab of the BOQ Bridge task pane.",
  },
});
