// A failed Excel operation as the edge sees it: the error's fields (code, officeCode, said...) and
// its words (`text`: src/i18n's errorText, in the current language).
import { errorText } from "../../src/i18n";

export async function failureOf(operation: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await operation.then(
    () => {
      throw new Error("expected the operation to fail");
    },
    (e: unknown) => e,
  );
  return { ...(error as object), text: errorText(error) };
}
