// The set-up screens and what only they use (the client API, their messages): SetupView.tsx loads
// this module with import() when one of them opens, so neither the first screen nor the feature
// tabs carry them. Keep it the only way into these screens from the pane.
import "../../i18n/deferredSetup";
import { installSetupStyles } from "./Copyable";
import { NoClientGuide } from "./NoClientGuide";
import { SetupScreen } from "./SetupScreen";
import { addinAddress, setupApi } from "./setupModel";

export { NoClientGuide, SetupScreen, addinAddress, installSetupStyles, setupApi };
