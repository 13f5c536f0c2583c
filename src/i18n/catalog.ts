// The message catalog: one entry per area. An area is a file of ./areas; add yours here, one line.
import { boq } from "./areas/boq";
import { common } from "./areas/common";

export const catalog = {
  common,
  boq,
} as const;
