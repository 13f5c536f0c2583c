// What the catalog's remembered columns mean for the sheet checked, in words (src/import's
// layouts.ts returns the fit as a code): used, used over a sheet without a header row (saying how
// row 1 is read and how to change it), or a choice that differs from this sheet's headers.
import { fieldLabel, type RememberedFit } from "../../import";
import { t } from "../../i18n";
import "../../i18n/deferred"; // the catalogPicker messages

/** What the catalog's remembered columns mean here, in words; null when there is nothing to say. */
export function rememberedText(fit: RememberedFit, catalog: string): string | null {
  switch (fit.kind) {
    case "none":
      return null;
    case "applies":
      return t("catalogPicker.rememberedApplies", { catalog });
    case "no-header":
      if (fit.firstRow === "header") {
        return t("catalogPicker.rememberedNoHeaderAsHeader", { catalog, row: fit.row });
      }
      return fit.field === null
        ? t("catalogPicker.rememberedNoHeaderAsData", { catalog })
        : t("catalogPicker.rememberedNoHeaderAsPosition", {
            catalog,
            row: fit.row,
            field: fieldLabel(fit.field),
          });
    case "differs":
      if (fit.legacy) return t("catalogPicker.rememberedLegacy", { catalog });
      return fit.madeWithoutHeader
        ? t("catalogPicker.rememberedDiffersNoHeader", { catalog })
        : t("catalogPicker.rememberedDiffers", { catalog });
  }
}
