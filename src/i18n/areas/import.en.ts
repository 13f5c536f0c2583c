// The English words of the import area (./import.ts); the Russian ones are in ./import.ru.ts.
import type { Message } from "../types";

export const importWordsEn = {
  tabImport: "Import",
  tabHistory: "History",
  // Source
  sourceTitle: "Catalog positions",
  sourceHint:
    "Choose the catalog, select the positions of the price catalog in the sheet (with their header row), then choose “{button}”. A single cell takes the whole table around it.",
  useSelection: "Use the selection and check",
  selectionChanged: "Selection changed: use {address}?",
  useNewSelection: "Use {address}",
  keepRange: "Keep the checked range",
  readSelectionAgain: "Read the selection again",
  readAgainHint:
    "Edited cells? Choose Check again. Selected other cells? Choose Read the selection again. The pane checks the cells as they are at that moment.",
  catalogHintEarlier:
    "Choose from the list or type a name: the catalogs of your company’s projects, those imported from this workbook and those typed before are offered.",
  problemsHint: "Errors first, then warnings. Choose a problem to go to its cell.",
  retryLog: "Write the log again",
  sourceRange: "Range: {address}",
  catalogName: "Catalog on the platform",
  catalogHint: "Choose from the list or type the name of an existing catalog of your company.",
  earlierCatalogs: "Catalogs imported from this workbook",
  company: "Company",
  noCompany: "Sign in to choose a company.",
  mappingTitle: "Columns",
  mappingField: "{field} column",
  mappingNone: "(not imported)",
  mappingDetected: "{letter}: {header}",
  mappingChange: "Change which column holds which field",
  mappingChangeHint:
    "The cells are checked again at once. The choice is remembered for this catalog and this header row in this workbook.",
  mappingUndetected:
    "No header naming the columns was found. Row {row} is taken as the header: choose the column of each field, at least Code and Name.",
  headerRow: "Header row: {row}",
  noHeaderRow: "No header row: every row is a position",
  // Check
  checkTitle: "Check",
  checkSummary: "{positions}, {deletions}, {errors}, {warnings}",
  checkPositions: { one: "{count} position", other: "{count} positions" },
  checkDeletions: { one: "{count} to delete", other: "{count} to delete" },
  checkErrors: { one: "{count} error", other: "{count} errors" },
  checkWarnings: { one: "{count} warning", other: "{count} warnings" },
  noProblems: "No problems found: the positions are ready to preview.",
  noProblemsYet: "No problems found in the cells.",
  problemAt: "{cell}, {field}",
  problemBlock: "{cell}",
  problemFix: "Fix: {fix}",
  errorsBlock: {
    one: "Correct the error in the sheet, then choose Check again.",
    other: "Correct the {count} errors in the sheet, then choose Check again.",
  },
  checkAgain: "Check again",
  severityError: "Error",
  severityWarning: "Warning",
  moreProblems: { one: "Show {count} more problem", other: "Show {count} more problems" },
  writingLog: "Writing the log into the workbook…",
  loadingTree: "Opening…",
  openSheet: "{what}: sheet “{sheet}”",
  skipRows: {
    one: "Skip the row with errors (1 row is not sent)",
    other: "Skip the {count} rows with errors ({count} rows are not sent)",
  },
  nothingToSend: "There is nothing to send: no position and no deletion is left.",
  needCatalog: "Type the name of the catalog to import into.",
  toPreview: "Preview",
  back: "Back",
  // Preview
  previewTitle: "What will be sent",
  previewPositions: { one: "{count} position", other: "{count} positions" },
  previewDeletions: { one: "{count} deletion", other: "{count} deletions" },
  previewSkipped: {
    one: "{count} row with errors is left out",
    other: "{count} rows with errors are left out",
  },
  previewTarget: "Into catalog “{catalog}” of {company}",
  previewLevels: "Tree: {roots} at the top level, depth {levels}, {orphans} without a parent",
  levelCount: "Level {level}: {count}",
  orphanMark: "no parent in the list",
  writeBackGuids: {
    one: "Write {count} new Guid back into the Guid column, so importing again updates instead of adding twice",
    other:
      "Write {count} new Guids back into the Guid column, so importing again updates instead of adding twice",
  },
  noGuidColumn:
    "The range has no Guid column: the platform matches positions by code, so importing it again updates the positions with the same codes. A position whose code you change is then a new one, and the old code stays in the catalog.",
  resultColumn: "Add a Result column beside the range saying what happened to each row",
  startImport: "Import",
  // Progress
  progressTitle: "Importing into “{catalog}”",
  progressPercent: "{percent}%",
  progressStatus: "Platform status: {status}",
  jobStarting: "Starting the import…",
  jobQueued: "Waiting in the platform's queue",
  jobRunning: "Importing the positions",
  jobReporting: "Import done, preparing the log",
  progressElapsed: "Elapsed: {elapsed}",
  reconnecting: "Reconnecting… the job goes on on the platform.",
  signInToContinue: "Your sign-in has ended. Sign in again to keep following job {jobId}.",
  stopWaiting: "Stop waiting",
  detachedTitle: "The import goes on on the platform",
  detachedText:
    "Job {jobId} goes on without the pane. It is followed again the next time the pane opens, in this or a later Excel session, and its log is written then.",
  followAgain: "Follow it again",
  posting: "Sending the positions…",
  // Result
  resultTitle: "Import finished",
  countInserted: { one: "{count} inserted", other: "{count} inserted" },
  countUpdated: { one: "{count} updated", other: "{count} updated" },
  countDeleted: { one: "{count} deleted", other: "{count} deleted" },
  countIgnored: { one: "{count} ignored", other: "{count} ignored" },
  openSummary: "Open the summary",
  logWritten: "The log is in the sheets named with the time of the import.",
  logNotWritten: "The log could not be written into the workbook: {reason}",
  logKept: "The log is kept here: try again, or download it as a file.",
  downloadLog: "Download the log (JSON)",
  importAgain: "Import again",
  failedTitle: "The import did not succeed",
  // An import whose answer was lost
  lostTitle: "No answer from the platform",
  lostIntro:
    "The positions for “{catalog}” were sent at {time}, but the platform’s answer did not arrive. The import may have started, so the pane does not send it again by itself.",
  lostIntroReopened:
    "The positions for “{catalog}” were sent at {time}, and the pane was closed before the platform’s answer came. The import may have started, so the pane does not send it again by itself.",
  lostChecking: "Asking the platform about “{catalog}”…",
  lostCheckedAt: "Last asked at {time}.",
  lostSignIn: "Your sign-in has ended. Sign in again and the pane asks the platform about this import.",
  lostProbableTitle: "Probably this import",
  lostProbable:
    "The platform shows an import of “{catalog}” dated after yours was sent, and this workbook does not have it yet.",
  lostFollow: "Yes, follow this import",
  lostFollowHint: "Its progress is shown, its log written into sheets and it is kept in the History tab.",
  lostEarlier:
    "The latest import of “{catalog}” on the platform is dated before yours was sent: probably an earlier one.",
  lostKnown:
    "The latest import of “{catalog}” on the platform is an earlier import from this workbook (see the History tab).",
  lostUntimed:
    "The platform shows an import of “{catalog}”, but its time cannot be read, so the pane cannot tell whether it is yours.",
  lostNone:
    "The platform shows no import of “{catalog}” yet. An import still waiting in the platform’s queue may appear in a while.",
  lostStateRunning: "Running, {percent}% done",
  lostStateDone: "Done",
  lostStateFailed: "Failed",
  lostFoundStatus: "Status: {status}",
  lostFoundTime: "Time on the platform: {time}",
  lostJob: "Job {jobId}",
  lostChoose:
    "Waiting is the safe choice: the pane asks the platform again and never sends anything by itself.",
  lostWait: "Wait for it",
  lostWaiting: "Asking again every {seconds} seconds…",
  lostStopWaiting: "Stop waiting",
  lostCheckAgain: "Ask again now",
  lostImportAgain: "Import again…",
  lostRiskTitle: "Import again?",
  lostRisk:
    "If the first import did reach the platform, the positions are sent a second time: positions without a Guid would be added twice.",
  lostRiskConfirm: "Import again",
  // The workbook's settings could not be saved
  settingsNotSaved:
    "Excel could not save this import’s details in the workbook. If the workbook is closed now, the pane may not find the import again.",
  settingsKeep: "Download the details to keep them; the pane tries to save them again with the next change.",
  downloadDetails: "Download the import details (JSON)",
  // The running import could not be noted on this computer, outside the workbook
  notKeptOutsideFull:
    "This computer's storage for add-ins is full, so the import could not be noted outside the workbook. The pane follows it while it stays open; if the workbook is closed without saving, the pane may not find the import again.",
  notKeptOutside:
    "The import could not be noted on this computer, outside the workbook. The pane follows it while it stays open; if the workbook is closed without saving, the pane may not find the import again.",
  keptKeep: "To be safe, save the workbook now (it then keeps the import), or download the details.",
  // Merged cells or a table where the Guids or the Result column would be written
  blockedGuidsMerged:
    "Nothing was sent: the new Guids go into the Guid column, and cell {cell} is part of the merged cells {merged}, where Excel keeps only the first cell’s value. Unmerge them (Home > Merge & Center > Unmerge Cells), then import again.",
  blockedResultMerged:
    "Nothing was sent: the Result column goes beside your range, and cell {cell} there is part of the merged cells {merged}, where Excel keeps only the first cell’s value. Unmerge them (Home > Merge & Center > Unmerge Cells), or untick “Add a Result column beside the range”, then import again.",
  blockedGuidsTable:
    "Nothing was sent: the new Guids go into the Guid column, and cell {cell} is in the table “{table}” or right next to it, so Excel would change that table. Insert an empty column between the table and your range, then import again.",
  blockedResultTable:
    "Nothing was sent: the Result column goes beside your range, and cell {cell} there is in the table “{table}” or right next to it, so Excel would add the results to that table. Insert an empty column between your range and the table, or untick “Add a Result column beside the range”, then import again.",
  // Failures (kept in the state as keys)
  failedRead: "The range could not be read.",
  cellsChanged:
    "Cells of the range changed after the check, so nothing was imported: they were checked again. Look at the problems and the preview once more, then import.",
  failedPostRefused:
    "The platform refused the import into “{catalog}” and gave its reason in the details: correct what it names and import again, or send the details to your administrator.",
  refusedCatalog:
    "The platform refused the import: it has no catalog “{catalog}” in {company}, or you cannot see it. Choose the catalog from the list or correct its name, then import again. A new catalog is created on the platform’s website first.",
  refusedRights:
    "The platform refused the import: you do not have the rights to import into “{catalog}” of {company}. Ask your company administrator for them.",
  failedJob: "The platform reports that the import failed.",
  failedFollow: "The job could not be followed.",
  failedGuids: "The new Guids could not be written back into the sheet, so nothing was sent.",
  failedNotSignedIn: "You are not signed in. Sign in, then import again.",
  failedLostCheck: "The platform could not be asked about the import.",
  failedLogWrite: "The log could not be written into the workbook.",
  // History
  historyTitle: "Imports from this workbook",
  historyEmpty: "No import has been started from this workbook yet.",
  historyEntry: "{time}: “{catalog}”, {company}",
  historyJob: "Job {jobId}",
  statusRunning: "Running",
  statusDone: "Done",
  statusFailed: "Failed",
  reopenLog: "Write the log into sheets again",
  latestTitle: "Latest import of a catalog",
  latestHint: "For imports started elsewhere: the platform’s latest job for a catalog name.",
  latestAsk: "Look up",
  // Log sheets (names carry the time: at most 31 characters)
  sheetSummary: "Import {stamp}",
  sheetInserted: "Inserted {stamp}",
  sheetUpdated: "Updated {stamp}",
  sheetDeleted: "Deleted {stamp}",
  sheetIgnored: "Ignored {stamp}",
  colItem: "Item",
  colValue: "Value",
  colCode: "Code",
  colName: "Name",
  colPrice: "Price",
  colUnit: "Unit",
  colCurrency: "Currency",
  colGuid: "Guid",
  colPlatformId: "Platform id",
  colBefore: "{field} before",
  colAfter: "{field} after",
  sumJobId: "Job id",
  sumCatalog: "Catalog",
  sumCompany: "Company",
  sumUser: "User",
  sumStarted: "Started",
  sumFinished: "Finished",
  sumStatus: "Status",
  sumInserted: "Inserted",
  sumUpdated: "Updated",
  sumDeleted: "Deleted",
  sumIgnored: "Ignored",
  sumSource: "Source range",
  // Result column
  resultHeader: "Import result",
  resultMarkComment:
    "BOQ Bridge: the Result column of the last import from the range beside it. The next import from that range replaces it.",
  resultInserted: "Inserted",
  resultUpdated: "Updated",
  resultDeleted: "Deleted",
  resultIgnored: "Ignored",
  resultNotSent: "Not sent: error in row",
  resultUnknown: "Not in the log",
  resultIgnoredBecause: "Ignored: {reason}",
  // Why a row was ignored: the platform's own words, else the add-in's reading, marked as such
  colReason: "Reason",
  reasonUnchanged:
    "Unchanged: the catalog already has these values (the add-in's reading: the platform found the position and the log shows the values sent)",
  reasonRepeatedCode:
    "The code {code} is in the list more than once; the first row counts (the add-in's reading of the list sent)",
  reasonNone: "The platform gave no reason",
  reasonPossible: "The platform gave no reason. Possible causes: {causes}",
  possibleParent: "its parent {parent} may not be in the catalog (it is not in the list)",
  possibleUnit:
    "the unit {unit} may not be configured on the platform (no position of this import or the last one was accepted with it)",
  possibleCodeTaken: "its code may belong to another position of the catalog",
  possibleJoin: "; ",
  reasonsVary: "its reasons differ by row: the Reason column of the Ignored sheet gives each",
  // A job that changed nothing though rows were sent: one sentence, what happened, why and the fix
  nothingTitle: "Nothing was changed",
  nothingParentMissing: {
    one: "Nothing was added: the {count} position was ignored and the platform gave no reason. Possibly its parent {parent} is not in the catalog: if so, add a row for {parent} above it in the list, then import again.",
    other:
      "Nothing was added: the {count} positions were ignored and the platform gave no reason. Possibly their parent {parent} is not in the catalog: if so, add a row for {parent} to the list, then import again.",
  },
  nothingParentsMissing: {
    one: "Nothing was added: the {count} position was ignored and the platform gave no reason. Possibly its parent is not in the catalog (the Reason column of the Ignored sheet names it): if so, add the parent's row to the list, then import again.",
    other:
      "Nothing was added: the {count} positions were ignored and the platform gave no reason. Possibly their parents are not in the catalog (the Reason column of the Ignored sheet names them): if so, add the parents' rows to the list, then import again.",
  },
  nothingUnchanged: {
    one: "Nothing was changed: the {count} position was ignored because the catalog already has the same values. There is nothing to fix.",
    other:
      "Nothing was changed: the {count} positions were ignored because the catalog already has the same values. There is nothing to fix.",
  },
  nothingRepeatedCode: {
    one: "Nothing was added: the {count} position was ignored because its code is in the list more than once. Keep one row per code, then import again.",
    other:
      "Nothing was added: the {count} positions were ignored because their codes are in the list more than once. Keep one row per code, then import again.",
  },
  nothingUnitUnknown: {
    one: "Nothing was added: the {count} position was ignored and the platform gave no reason. Possibly its unit {unit} is not configured on the platform: if so, use a unit the platform knows (or ask its administrator to add it), then import again.",
    other:
      "Nothing was added: the {count} positions were ignored and the platform gave no reason. Possibly their unit {unit} is not configured on the platform: if so, use a unit the platform knows (or ask its administrator to add it), then import again.",
  },
  nothingUnitsUnknown: {
    one: "Nothing was added: the {count} position was ignored and the platform gave no reason. Possibly its unit is not configured on the platform (the Reason column of the Ignored sheet names it): if so, use a unit the platform knows, then import again.",
    other:
      "Nothing was added: the {count} positions were ignored and the platform gave no reason. Possibly their units are not configured on the platform (the Reason column of the Ignored sheet names them): if so, use units the platform knows, then import again.",
  },
  nothingPlatform: {
    one: "Nothing was changed: the {count} position was ignored. The platform says: {reason}",
    other: "Nothing was changed: the {count} positions were ignored. The platform says: {reason}",
  },
  nothingNone: {
    one: "Nothing was changed: the {count} position was ignored and the platform gave no reason. The Ignored sheet of the log lists it.",
    other:
      "Nothing was changed: the {count} positions were ignored and the platform gave no reason. The Ignored sheet of the log lists them.",
  },
  nothingOthers: {
    one: "{count} more was ignored for another reason: see the Ignored sheet.",
    other: "{count} more were ignored for other reasons: see the Ignored sheet.",
  },
} satisfies Readonly<Record<string, Message>>;
