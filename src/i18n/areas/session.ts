// The sign-in, its renewal and sign-out, the company list and the service addresses: what the
// session and the platform client say to the user.
import { defineEnglish } from "../types";

export const session = defineEnglish({
  en: {
    savedSignInInvalid: "Your saved sign-in is no longer valid. Sign in again.",
    revoked: "The platform no longer accepts your sign-in. Sign in again.",
    renewalRefused: "Your sign-in has ended and could not be renewed. Sign in again.",
    renewalRefusedWhile:
      "Your sign-in ended and could not be renewed while loading {what}. Sign in again, then repeat what you were doing.",
    renewalUnreachableWhile:
      "Your sign-in needed renewing while loading {what}, and the sign-in server did not answer. Check the network connection and try again.",
    addressesChanged: "The service addresses changed. Sign in to the new server.",
    notRevoked:
      "You are signed out on this computer, but your sign-in could not be revoked at the platform: it stays valid there until it expires. If this computer is shared, ask your administrator to end it.",
    wrongPassword: "The user name or password is wrong. Check them and try again.",
    wrongClient:
      "The client id or client secret is not accepted. Check them with your company administrator.",
    companiesFailed: "The company list could not be loaded.",
    companiesRetry: "Load the companies again",
    companiesLoading: "Loading the company list…",
    companyUnknownName: "company not loaded yet",
    noCompanyForImport:
      "No company is chosen for the import. Choose a company at the top of the pane, or load the company list again, then import.",
    noServerConfigured:
      "No server is set up yet. Open Settings and enter the three service addresses your administrator gave you.",
    parentsMissing:
      "The parent positions were asked for but none came back: the service may not understand the parents parameter. Ask your administrator which platform version is installed.",
  },
});
