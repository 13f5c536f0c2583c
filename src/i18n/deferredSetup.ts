// The message area of the company set-up and of the guide for a user with no client id: loaded with
// those screens (src/taskpane/setup/screens.tsx imports this file), not with the first screen nor
// with the feature tabs. Like ./deferred, it adds its area to the catalog when it loads.
import { addAreas } from "./index";
import { setup } from "./areas/setup";

export const setupAreas = { setup } as const;

addAreas(setupAreas);
