// Who has an import being sent (src/import/model/lease.ts), judged with the time passed in: another
// file, another window under a live lease, or this pane (a lease lapsed, let go, or never written).
import {
  fileNameOf,
  firstToShow,
  laterLease,
  LEASE_MS,
  leaseFor,
  letGo,
  otherFile,
  OWNER_HERE,
  ownerOf,
  type PendingOwner,
} from "../../../src/import";

const BOOK = "https://contoso.sharepoint.com/sites/Estimating/Shared%20Documents/Prices%202026.xlsx";
const COPY = "https://contoso.sharepoint.com/sites/Estimating/Shared%20Documents/Prices%202026%20copy.xlsx";
const T = Date.parse("2026-03-01T10:42:00Z");
const here = { url: BOOK, pane: "pane-b" };

describe("who has an import being sent", () => {
  it("another window, while its lease runs; this pane once it lapsed or was let go", () => {
    const lease = leaseFor("pane-a", T);
    expect(lease).toEqual({ holder: "pane-a", until: T + LEASE_MS });
    expect(ownerOf({ url: BOOK, lease }, here, T + 1000)).toEqual({ kind: "window", until: T + LEASE_MS });
    expect(ownerOf({ url: BOOK, lease }, here, T + LEASE_MS)).toEqual(OWNER_HERE);
    expect(ownerOf({ url: BOOK, lease: letGo(lease, T + 5000) }, here, T + 5000)).toEqual(OWNER_HERE);
  });

  it("this pane's own lease, and a record without a lease (the previous version's), are this pane's", () => {
    expect(ownerOf({ url: BOOK, lease: leaseFor("pane-b", T) }, here, T)).toEqual(OWNER_HERE);
    expect(ownerOf({}, here, T)).toEqual(OWNER_HERE);
    expect(ownerOf({ url: null, lease: null }, here, T)).toEqual(OWNER_HERE);
  });

  it("sent from another file: named, whatever its lease says", () => {
    const owner = ownerOf({ url: BOOK, lease: leaseFor("pane-a", T) }, { url: COPY, pane: "pane-c" }, T);
    expect(owner).toEqual({ kind: "file", url: BOOK });
    expect(ownerOf({ url: BOOK, lease: null }, { url: COPY, pane: "pane-c" }, T)).toEqual(owner);
  });

  it("an unknown URL differs from none: a workbook saved for the first time is still itself", () => {
    expect(otherFile(null, BOOK)).toBe(false);
    expect(otherFile(BOOK, null)).toBe(false);
    expect(otherFile("", BOOK)).toBe(false);
    expect(otherFile(BOOK, BOOK)).toBe(false);
    expect(otherFile(BOOK, COPY)).toBe(true);
  });
});

describe("the two copies of a lease (the note on this computer, the document settings)", () => {
  it("the same holder's note wins: a pane that closes lets go there first", () => {
    const settings = leaseFor("pane-a", T);
    const note = letGo(settings, T + 10_000);
    expect(laterLease(note, settings)).toBe(note);
  });

  it("another holder's lease that lasts longer wins: that pane took the import over since", () => {
    const note = leaseFor("pane-a", T);
    const settings = leaseFor("pane-b", T + 200_000);
    expect(laterLease(note, settings)).toBe(settings);
    expect(laterLease(settings, note)).toBe(settings);
    expect(laterLease(null, settings)).toBe(settings);
    expect(laterLease(note, null)).toBe(note);
    expect(laterLease(undefined, undefined)).toBeNull();
  });
});

describe("which import is shown when several are found", () => {
  const at = (sentAt: string, owner: PendingOwner) => ({ pending: { sentAt }, owner });

  it("one this pane may act on first, then another window's, then another file's; newest first in each", () => {
    const window = at("2026-03-01T10:45:00Z", { kind: "window", until: T });
    const file = at("2026-03-01T10:50:00Z", { kind: "file", url: BOOK });
    const older = at("2026-03-01T10:00:00Z", OWNER_HERE);
    const newer = at("2026-03-01T10:30:00Z", OWNER_HERE);
    expect(firstToShow([file, window, older, newer])).toBe(newer);
    expect(firstToShow([file, window])).toBe(window);
    expect(firstToShow([file])).toBe(file);
    expect(firstToShow([])).toBeNull();
  });
});

it("names the file by the last part of its URL, decoded", () => {
  expect(fileNameOf(BOOK)).toBe("Prices 2026.xlsx");
  expect(fileNameOf("https://host/a/Book1.xlsx?web=1#top")).toBe("Book1.xlsx");
  expect(fileNameOf("C:\\Users\\estimator\\Documents\\Prices.xlsx")).toBe("Prices.xlsx");
  expect(fileNameOf("https://host/a/100%.xlsx")).toBe("100%.xlsx");
});
