// The authorization server's API clients (docs/interface.md 2.10; the platform notes' [stated]
// table of the client management API): a client as listed, a created one with its secret (shown
// once), and a new secret.

import { z } from "zod";
import { list } from "./shape";

/** A client as the list, the creation and the update return it. */
export const apiClientSchema = z.object({
  clientId: z.string().min(1),
  clientName: z.string(),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  redirectUris: list(z.string()),
  platformServices: list(z.string()),
});
export const apiClientListSchema = z.array(apiClientSchema);
export type ApiClient = z.output<typeof apiClientSchema>;

/** The creation's answer: the client and its secret, which cannot be read back later. */
export const createdApiClientSchema = apiClientSchema.extend({ clientSecret: z.string().min(1) });
export type CreatedApiClient = z.output<typeof createdApiClientSchema>;

/** A new secret: the old one no longer works for a sign-in. */
export const newClientSecretSchema = z.object({ clientSecret: z.string().min(1) });
