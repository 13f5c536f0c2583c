// The message the sign-in dialog sends to the task pane with Office.context.ui.messageParent, and
// the query the task pane opens the dialog with. Shared by both sides; no auth library here, so the
// task pane can import it without pulling oidc-client-ts into its bundle.

import { z } from "zod";

export const SIGNIN_PAGE = "signin.html";
export const MESSAGE_TYPE = "boq-bridge-signin";

/** Query parameters of the first dialog URL. */
export const QUERY = {
  authority: "authority",
  clientId: "client_id",
  /** "login" after a sign-out, so the next user is asked for a password. */
  prompt: "prompt",
} as const;

export const dialogSuccessSchema = z.object({
  type: z.literal(MESSAGE_TYPE),
  ok: z.literal(true),
  tokens: z.object({
    access_token: z.string().min(1),
    refresh_token: z.string().nullish(),
    id_token: z.string().nullish(),
    expires_in: z.number().nullish(),
  }),
});

export const dialogFailureSchema = z.object({
  type: z.literal(MESSAGE_TYPE),
  ok: z.literal(false),
  /** OAuth error code (access_denied, ...) or "dialog" for failures of the page itself. */
  error: z.string(),
  message: z.string(),
});

export const dialogMessageSchema = z.discriminatedUnion("ok", [dialogSuccessSchema, dialogFailureSchema]);
export type DialogMessage = z.output<typeof dialogMessageSchema>;
