// PLATFORM.IMPORTSTATUS against the in-process emulator: a job id as the platform issues it (24
// hexadecimal characters, as the interface shows them) asks the job's status; a catalog name asks
// the latest import of that catalog, whatever characters the name holds; a name that would change
// the address (".", "..") is refused before anything is sent, with a sentence saying to use the
// job id, while the import itself (the name travels in the body) works.
import { setLogSink } from "../../../src/log/logger";
import * as fx from "../../../src/functions/functions";
import { CustomFunctionError } from "../../../dev/office-emulation/custom-functions";
import type { Session } from "../../../src/session/session";
import type { ImportRequest } from "../../../src/api/schemas";
import { ApiError } from "../../../src/api/errors";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import {
  dropContext,
  installCustomFunctionsGlobal,
  removeCustomFunctionsGlobal,
  useContext,
} from "./helpers";
import { errorText } from "../../../src/i18n";

jest.setTimeout(60_000);

const STATUS_BY_JOB = "/api/import/catalog/json/external/statusbyjobid/";
const STATUS_BY_ROOT = "/api/import/catalog/json/external/statusbyroot/";

let env: Env;
let session: Session;
let companyId = "";

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv();
  ({ session } = await sessionFor(env));
  const state = await signIn(env, session);
  companyId = state.company?.id ?? "";
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await env?.emu.stop();
});
beforeEach(() => {
  useContext(session);
});

/** A catalog of that name on the platform, with one import into it; the job id the platform issued. */
async function importInto(catalogName: string): Promise<string> {
  env.emu.catalogs.create(companyId, catalogName);
  const body: ImportRequest = {
    Settings: { CatalogName: catalogName, CompanyId: companyId },
    Data: [{ Code: "1", Name: "Earthworks", Price: 12.5, Unit: "m3", CurrencyCharCode: "RUB" }],
    DeletedData: [],
  };
  return (await session.api.startImport(body)).jobId;
}

/** What IMPORTSTATUS streams into its cell first: a matrix, or the cell error. */
function firstResult(jobIdOrCatalog: string): Promise<unknown> {
  return new Promise((resolve) => {
    fx.importStatus(jobIdOrCatalog, { onCanceled: undefined, setResult: resolve });
  });
}

async function statusOf(jobIdOrCatalog: string): Promise<unknown[]> {
  const answer = await firstResult(jobIdOrCatalog);
  if (answer instanceof CustomFunctionError) throw new Error(`${answer.code} ${answer.message}`);
  const [header, row] = answer as unknown[][];
  expect(header).toEqual(["Status", "Progress", "Error"]);
  return row ?? [];
}

describe("IMPORTSTATUS with a job id", () => {
  it("asks the job's own status for an id the platform issued (24 hexadecimal characters)", async () => {
    const jobId = await importInto("Job id catalog");
    expect(jobId).toMatch(/^[0-9a-f]{24}$/);
    const byJob = countRequests(env, "GET", STATUS_BY_JOB);
    const byRoot = countRequests(env, "GET", STATUS_BY_ROOT);
    expect(await statusOf(jobId)).toEqual(["Done", 100, ""]);
    expect(countRequests(env, "GET", STATUS_BY_JOB)).toBe(byJob + 1);
    expect(countRequests(env, "GET", STATUS_BY_ROOT)).toBe(byRoot);
    // Typed in capitals it is still taken as a job id (sent as typed: the interface does not say
    // whether the platform reads ids without case).
    await firstResult(jobId.toUpperCase());
    expect(countRequests(env, "GET", STATUS_BY_JOB)).toBe(byJob + 2);
    expect(countRequests(env, "GET", STATUS_BY_ROOT)).toBe(byRoot);
  });

  it("takes a UUID as a job id too, and a catalog named like neither as a catalog", async () => {
    const byJob = countRequests(env, "GET", STATUS_BY_JOB);
    const answer = await firstResult("0b6f6a4e-2f3d-4b7a-9a55-2d3c4e5f6a7b");
    expect(answer).toBeInstanceOf(CustomFunctionError);
    expect((answer as CustomFunctionError).message).toMatch(/no import job with id/);
    expect(countRequests(env, "GET", STATUS_BY_JOB)).toBe(byJob + 1);
    // 23 hexadecimal characters are no job id: the latest import of a catalog of that name.
    const name = "abcdef0123456789abcdef0";
    const jobId = await importInto(name);
    expect(await statusOf(name)).toEqual(["Done", 100, ""]);
    expect(jobId).not.toBe(name);
  });
});

describe("IMPORTSTATUS with a catalog name", () => {
  it.each(["100% cement", "Walls/Floors", "Phase #2", "Why? Because", "Прайс 2025"])(
    "finds the latest import of %j: the name reaches the platform as it is",
    async (name) => {
      await importInto(name);
      expect(await statusOf(name)).toEqual(["Done", 100, ""]);
    },
  );

  it("sends a trailing space as part of the name (the platform has no import of 'Prices ')", async () => {
    // The cell trims what was typed; a caller of the endpoint that keeps the space sends it.
    await importInto("Prices");
    const error = (await session.api.getImportStatusByRoot("Prices ").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.platformMessage).toBe("There is no import job for the catalog 'Prices '.");
    await expect(session.api.getImportStatusByRoot("Prices")).resolves.toMatchObject({
      status: "ReportCreated",
    });
  });

  it.each([".", ".."])(
    "refuses %j with #VALUE! saying to use the job id, and sends nothing; the import itself works",
    async (name) => {
      const jobId = await importInto(name);
      const before = env.requests.length;
      const answer = await firstResult(name);
      expect(answer).toBeInstanceOf(CustomFunctionError);
      expect(answer).toMatchObject({ code: "#VALUE!" });
      expect((answer as CustomFunctionError).message).toBe(
        `A catalog named "${name}" cannot be looked up by its name: the platform would read the name as part of an address. Use the job id of its import instead.`,
      );
      expect(env.requests.slice(before)).toEqual([]);
      // The POST carried the name in its body: the job exists, and its id finds it.
      expect(await statusOf(jobId)).toEqual(["Done", 100, ""]);
    },
  );

  it("refuses the same names where the pane asks for the latest import (an ApiError it shows)", async () => {
    for (const name of [".", "..", "  "]) {
      const error = (await session.api.getImportStatusByRoot(name).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ kind: "invalid-request", endpoint: "import-status-of-catalog" });
      expect(errorText(error)).not.toMatch(/HTTP|statusbyroot|RootName/);
    }
  });
});
