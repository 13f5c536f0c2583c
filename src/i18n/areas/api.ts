// What ApiError says by default (src/api/errors.ts), when the caller has no better sentence: it
// reaches the History tab's failure reasons and the custom functions' #N/A messages. {what} is
// one of the request* messages, the request's short name ("the catalog import"): kept in English
// in both languages, as the logs and support name them, and left out of the Russian sentences
// (the renewal notices of area "session" and the Details show it). {said} is the platform's own
// words, shown as they are; {found} one of the found* messages, what the add-in itself found wrong
// with an answer (technical, in English in both languages, as beside the platform's words). No
// HTTP status here: it is in the error's technical details ("Show details", details), never in a
// sentence for an estimator.
import { defineEnglish, type MessageValues } from "../types";

/**
 * "Show details", a line each where given: the request's name with its status and code, what the
 * add-in found, the platform's words (src/api bounds them), the field path.
 */
function details(v: MessageValues): string {
  const head = `${String(v["what"] ?? "")}${String(v["head"] ?? "")}`;
  const lines = [head, v["found"], v["text"], v["field"]].map((line) =>
    line === undefined ? "" : String(line),
  );
  return lines.filter((line) => line !== "").join("\n");
}

/** The same in both languages: technical names and findings (see above), and the Details' layout. */
export const inBothLanguages = {
  // The request's name (src/api ApiEndpoint)
  requestCatalogImport: "the catalog import",
  requestImportStatus: "the import status",
  requestImportStatusOfCatalog: "the import status of a catalog",
  requestImportLog: "the import log",
  requestCompanyList: "the company list",
  requestProjectList: "the project list",
  requestModel: "the model and its versions",
  requestAnalysesOfModelVersion: "the analyses of a model version",
  requestAnalysesOfUnionModel: "the analyses of a union model",
  requestBoq: "the bill of quantities",
  requestToken: "the sign-in (token endpoint)",
  requestDiscovery: "the sign-in server's configuration",
  requestRevocation: "the sign-out (token revocation)",
  requestEndSession: "the sign-out (end session)",
  requestRenewal: "the sign-in renewal",
  requestPlatform: "the platform",
  requestClientList: "the company's API clients",
  requestClientCreate: "the creation of an API client",
  requestClientUpdate: "the change of an API client",
  requestClientDelete: "the deletion of an API client",
  requestClientSecret: "a new secret of an API client",
  // What the add-in found wrong with an answer
  foundNotJson: "the answer is not JSON",
  foundForeignNextLink: "the platform pointed to a next page on a different server, which is not followed",
  foundNextLinkCircle: "the next-page links go round in a circle",
  foundTooManyPages: "it still points to a next page after {pages} pages",
  foundParentsMissing: "the parent positions were asked for, but no row has children",
  foundUnexpectedShape: "unexpected shape",
  foundRedirect: "the server answered with a redirect to another address, which is not followed",
  foundTooLarge: "the answer is larger than the {size} the add-in reads for it",
  foundTooDeep: "the answer nests its values deeper than the add-in reads",
  // The field path of an answer wrong as a whole
  fieldWholeBody: "(the whole body)",
  // An invalid request's sentence when the platform's words are the whole of it
  invalidRequestSaid: "{said}",
  details,
} as const;

export const api = defineEnglish({
  en: {
    network:
      "Could not reach the platform ({what}). Check the network connection and the service addresses in Settings.",
    timeout: "The platform did not answer in time ({what}). Try again in a moment.",
    aborted: "The request was cancelled ({what}).",
    signedOut: "You are not signed in, or your sign-in has ended. Sign in again.",
    signedOutSaid: "{said} Sign in again.",
    authSaid: "Sign-in failed: {said}",
    authCode: "Sign-in failed ({code}).",
    authUnknown: "Sign-in failed (unknown reason).",
    invalidRequest: "The request for {what} is incomplete.",
    invalidResponse: "The platform's answer to {what} did not have the expected form.",
    invalidResponseSaid: "The platform's answer to {what} did not have the expected form: {said}",
    invalidResponseField:
      'The platform\'s answer to {what} did not have the expected form at field "{field}".',
    invalidResponseFieldSaid:
      'The platform\'s answer to {what} did not have the expected form at field "{field}": {said}',
    invalidResponseFound: "The platform's answer to {what} did not have the expected form: {found}.",
    invalidResponseFieldFound:
      'The platform\'s answer to {what} did not have the expected form at field "{field}": {found}.',
    httpSaid: "The platform refused {what}: {said}",
    http403: "You do not have the rights for {what}. Ask your company administrator.",
    http404: "The platform found nothing for {what}. Check the names and identifiers.",
    http413: "The request for {what} is too large for the platform. Send fewer rows at once.",
    http429: "The platform is busy and asks to slow down ({what}).",
    http429Retry: "The platform is busy and asks to slow down ({what}); try again in {seconds} s.",
    http429Tried: {
      one: "The platform is busy ({what}): it was asked {count} time and is still busy. Try again in a few minutes.",
      other:
        "The platform is busy ({what}): it was asked {count} times, waiting as long as it said each time, and is still busy. Try again in a few minutes.",
    },
    http5xx: "The platform failed on {what}. Try again later.",
    httpOther: "The platform refused {what}.",
    // Gave up at the deadline of one request with its retries (src/api/faults.ts)
    deadline:
      "The platform did not answer within {seconds} seconds ({what}). Check the network connection, then try again.",
    // A catalog name or id that would change the address it is sent to ("." or ".."), or none
    catalogNameEmpty: "Type the name of the catalog whose import you want to see.",
    catalogNameNotSendable:
      'A catalog named "{name}" cannot be looked up by its name: the platform would read the name as part of an address. Use the job id of its import instead.',
    idNotSendable: '"{id}" cannot be sent to the platform as an identifier.',
    // PLATFORM.VERSIONTAG's #VALUE! message: the argument's name as the function shows it
    versionNotNumber: "{argument} must be a number, for example 3.",
    versionNotWholeNumber: "{argument} must be a whole number of 0 or more; got {value}.",
    ...inBothLanguages,
  },
});
