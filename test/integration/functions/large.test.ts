// A 100,000-row BOQ (emulator --demo-size large) through several @odata.nextLink pages.
import { setLogSink } from "../../../src/log/logger";
import * as fx from "../../../src/functions/functions";
import { countRequests, sessionFor, signIn, startEnv, type Env } from "../api/setup";
import {
  cellError,
  dropContext,
  installCustomFunctionsGlobal,
  invocation,
  removeCustomFunctionsGlobal,
  useContext,
} from "./helpers";

jest.setTimeout(120_000);

const PAGE = 20_000;
let env: Env;

beforeAll(async () => {
  setLogSink(() => undefined);
  installCustomFunctionsGlobal();
  env = await startEnv({ demoSize: "large", pageSize: PAGE });
  const { session } = await sessionFor(env);
  await signIn(env, session);
  useContext(session);
});
afterAll(async () => {
  dropContext();
  removeCustomFunctionsGlobal();
  setLogSink(null);
  await env?.emu.stop();
});

it("spills 100,000 end positions read through several next links", async () => {
  const before = countRequests(env, "GET", "/api/odata/UnionTree");
  const m = await fx.boq(
    "Northwind Construction",
    "Benchmark",
    "Large model",
    "Main scheme",
    "1.1",
    false,
    "Code,Value",
    null,
    invocation(),
  );
  expect(m.length - 1).toBeGreaterThanOrEqual(100_000);
  expect(countRequests(env, "GET", "/api/odata/UnionTree") - before).toBe(Math.ceil((m.length - 1) / PAGE));
  expect(new Set(m.slice(1).map((r) => r[0])).size).toBe(m.length - 1);
});

it("refuses the default columns of the full tree past Excel's 5 MB, saying how many rows and what to do", async () => {
  const e = await cellError(
    fx.boq(
      "Northwind Construction",
      "Benchmark",
      "Large model",
      "Main scheme",
      "1.1",
      true,
      "",
      null,
      invocation(),
    ),
  );
  expect(e.code).toBe("#N/A");
  expect(e.message).toMatch(/The result has [\d,]+ rows and 8 columns/);
  expect(e.message).toContain("Insert BOQ sheet");
});
