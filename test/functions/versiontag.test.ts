// PLATFORM.VERSIONTAG answers text it cannot use with #VALUE! and a sentence saying which argument
// and what it must be (Excel would have refused it with no message had the parameter been a number).
import { setLanguage } from "../../src/i18n";

class FakeCustomFunctionsError extends Error {
  constructor(
    public code: string,
    message?: string,
  ) {
    super(message);
  }
}

beforeAll(() => {
  Object.assign(globalThis, {
    CustomFunctions: {
      Error: FakeCustomFunctionsError,
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
    },
  });
});
afterEach(() => setLanguage("en"));

async function versionTag(a: unknown, b: unknown): Promise<string | FakeCustomFunctionsError> {
  const { versionTag: tag } = await import("../../src/functions/functions");
  try {
    return tag(a, b);
  } catch (error) {
    if (error instanceof FakeCustomFunctionsError) return error;
    throw error;
  }
}

it('VERSIONTAG("three", 2) is #VALUE! saying the model version must be a number', async () => {
  const e = await versionTag("three", 2);
  expect(e).toMatchObject({ code: "#VALUE!", message: "modelVersionIndex must be a number, for example 3." });
  setLanguage("ru");
  expect(await versionTag(3, "десять")).toMatchObject({
    code: "#VALUE!",
    message: "Аргумент analysisVersion должен быть числом, например 3.",
  });
});

it("takes whole numbers typed as text as Excel would have taken them for a number", async () => {
  expect(await versionTag("3", " 10 ")).toBe("3.10");
  expect(await versionTag(3, 2)).toBe("3.2");
  expect(await versionTag(3.5, 2)).toMatchObject({ code: "#VALUE!" });
});
