// The catalog import: the screens of the pane, the log sheets and the Result column.
import { defineMessages } from "../types";
import { en } from "./import.en";
import { ru } from "./import.ru";

export const importArea = defineMessages({ en, ru });
