// What the real platform may do differently from the interface document (docs/interface.md and the
// report of issue 11: an independent implementation showed each of these). Each is off by default;
// the "strict" profile turns them all on, so the client is tested against every tolerated form
// at once and is never tuned to one emulator habit.

export interface Variations {
  /**
   * Casing of the import response, status and log, where the interface leaves it open: "pascal"
   * (the interface document), "camel" (the public example). Default: as today (jobId and the
   * status in camelCase, the log in PascalCase).
   */
  casing?: "camel" | "pascal";
  /** A running import job says "InProgress" (not "Running"), as some platform versions do. */
  inProgressStatus?: boolean;
  /** Timestamps with seven fractional digits and no zone, as .NET writes them. */
  dotNetTimestamps?: boolean;
  /** Every object of every JSON answer carries fields the interface does not name. */
  extraFields?: boolean;
  /** The BOQ reads only `parent` (the interface's sample request), not `parents`. */
  parentParameterOnly?: boolean;
  /** Next links always say http:// (an ASP.NET service behind a TLS-terminating proxy). */
  httpNextLinks?: boolean;
  /** A discovery document with only issuer, token and revocation endpoints. */
  minimalDiscovery?: boolean;
  /** Ignored log rows carry a `Reason` the interface does not name. */
  ignoredReason?: boolean;
  /**
   * Analyses list a renamed priority scheme under its current name (as the project does), which
   * the export refuses; by default they list it as it was when the analysis ran, its original name.
   */
  analysisSchemesCurrentNames?: boolean;
  /**
   * A field missing from an import position (or null) reads as its type's default, as ASP.NET's
   * model binding gives a non-nullable number and a string initialised to "": Price 0, Unit,
   * CurrencyCharCode and Binding "". An update then writes those over the position's values. By
   * default a missing field leaves the position's value as it is (the interface says neither).
   */
  missingFieldsReset?: boolean;
}

export type ProfileName = "default" | "strict";

export interface Profile {
  variations: Variations;
  /** Access token lifetime in seconds (refresh tokens are always single-use). */
  tokenLifetimeSeconds?: number;
  /** OData rows per page. */
  pageSize?: number;
}

/** Access tokens of the strict profile live this long: every journey renews several times. */
export const STRICT_TOKEN_LIFETIME_SECONDS = 5;

export const PROFILES: Record<ProfileName, Profile> = {
  default: { variations: {} },
  strict: {
    variations: {
      casing: "camel",
      inProgressStatus: true,
      dotNetTimestamps: true,
      extraFields: true,
      parentParameterOnly: true,
      httpNextLinks: true,
      minimalDiscovery: true,
      ignoredReason: true,
      analysisSchemesCurrentNames: true,
      missingFieldsReset: true,
    },
    tokenLifetimeSeconds: STRICT_TOKEN_LIFETIME_SECONDS,
    pageSize: 1000,
  },
};

export function isProfileName(value: string): value is ProfileName {
  return value === "default" || value === "strict";
}

function recase(key: string, casing: "camel" | "pascal"): string {
  if (key.length === 0 || key.startsWith("@")) return key;
  const first = casing === "camel" ? key.charAt(0).toLowerCase() : key.charAt(0).toUpperCase();
  return first + key.slice(1);
}

/** Rewrites every object key's first letter (values untouched, OData annotations kept). */
export function recaseKeys(value: unknown, casing: "camel" | "pascal"): unknown {
  if (Array.isArray(value)) return value.map((v) => recaseKeys(v, casing));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[recase(k, casing)] = recaseKeys(v, casing);
    }
    return out;
  }
  return value;
}

const ISO_MS = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,3}))?Z$/;

/** "2026-01-02T03:04:05.678Z" as .NET writes a DateTime: "2026-01-02T03:04:05.6780000". */
export function dotNetTimestamp(iso: string): string {
  const m = ISO_MS.exec(iso);
  if (!m) return iso;
  return `${m[1]}.${(m[2] ?? "").padEnd(7, "0")}`;
}

/** Applies the answer-wide variations (unknown fields, timestamps) to a JSON answer. */
export function varyAnswer(value: unknown, v: Variations): unknown {
  if (!v.extraFields && !v.dotNetTimestamps) return value;
  const walk = (x: unknown): unknown => {
    if (typeof x === "string") return v.dotNetTimestamps ? dotNetTimestamp(x) : x;
    if (Array.isArray(x)) return x.map(walk);
    if (x !== null && typeof x === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(x as Record<string, unknown>)) out[k] = walk(val);
      // Names no client can know, in both casings, with values of several shapes.
      if (v.extraFields) {
        out.extensionData = { origin: "emulator" };
        out.ConcurrencyStamp = "0f8fad5b-d9cb-469f-a165-70867728950e";
      }
      return out;
    }
    return x;
  };
  return walk(value);
}

/** The casing variation, for the answers where the interface leaves the casing open. */
export function varyCasing<T>(value: T, v: Variations): unknown {
  return v.casing ? recaseKeys(value, v.casing) : value;
}
