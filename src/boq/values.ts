// Values as Excel holds them, for what the PLATFORM functions spill: a platform timestamp as an
// Excel date serial (days since 1899-12-30, the time as the fraction of a day), read as UTC when
// it names no zone (.NET writes "2026-01-02T03:04:05.6780000"). Pure: no clock, no time zone of
// this computer.

/** 1970-01-01 as an Excel serial. */
const UNIX_EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** The Excel date serial of a platform timestamp; undefined for text that is not one. */
export function excelSerial(text: string | null | undefined): number | undefined {
  const m = TIMESTAMP.exec((text ?? "").trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  let ms = Date.UTC(
    Number(y),
    month - 1,
    day,
    Number(h),
    Number(mi),
    Number(s),
    Number(`0.${frac || "0"}`) * 1000,
  );
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return ms / DAY_MS + UNIX_EPOCH_SERIAL;
}
