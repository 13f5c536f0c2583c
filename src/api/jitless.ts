// Zod compiles fast object parsers with `new Function` where a page allows eval. The add-in's pages
// forbid eval (their Content-Security-Policy, deploy/headers.cjs), and zod's probe for it would be
// reported as a policy violation at every start. This tells zod not to try; it must run before any
// schema is built, so webpack.config.js puts it first in the entries that load zod (the pane, the
// ribbon commands, the sign-in page). The functions entry stays without zod on purpose.
import { z } from "zod";

z.config({ jitless: true });
