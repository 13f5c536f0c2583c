// The send slice: what the preview shows will be sent, the dry run of it, and, once it goes out,
// what was sent, computed once when the body was built and kept: the log's reasons and the Result
// column read it here instead of deriving it from the check's analysis again.

import type { ImportEvent, ImportState, SendSlice, SentRecord } from "./types";

export const EMPTY_SEND: SendSlice = { summary: null, prediction: null, sent: null, outgoing: null };

/** The send slice after an event the journey took (`state` is the state before it). */
export function reduceSend(state: ImportState, event: ImportEvent): SendSlice {
  const send = state.send;
  switch (event.type) {
    case "choices":
    case "analysed":
      return EMPTY_SEND;
    case "back":
      return state.phase === "previewed" ? EMPTY_SEND : send;
    case "previewed":
    case "restore-previewed":
      return { ...EMPTY_SEND, summary: event.send };
    case "predicted":
      return { ...send, prediction: event.prediction };
    case "posting":
      return { ...send, sent: event.sent, outgoing: null };
    case "sending":
      return { ...send, outgoing: { bytes: event.bytes, limitMs: event.limitMs, resendAt: null } };
    case "send-throttled":
      return send.outgoing === null
        ? send
        : { ...send, outgoing: { ...send.outgoing, resendAt: event.resendAt } };
    case "resumed":
    case "reset":
    case "lost-reopened":
      return EMPTY_SEND;
    default:
      return send;
  }
}

/** What the job on screen was sent with; null when it was not sent from this pane. */
export function selectSent(state: ImportState): SentRecord | null {
  return state.send.sent;
}
