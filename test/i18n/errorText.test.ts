// Errors in words at the edge (errorText, errorDetails, say), as the functions' wrapper, the BOQ
// sheet, the import and the pane show them: what an error carries is a key and values, worded in
// the language of the moment it is shown.
import { ApiError } from "../../src/api/errors";
import { argumentError, unavailable, words } from "../../src/boq/errors";
import { errorDetails, errorText, say, setLanguage } from "../../src/i18n";
import { toWorkbookError, WorkbookError } from "../../src/workbook";

afterEach(() => setLanguage("en"));

const notFound = () =>
  unavailable("boq.notFound", {
    kind: words("boq.kindProject"),
    name: "Tower",
    where: words("boq.whereCompany", { name: "Northwind" }),
  });

describe("say, and errorText of a BoqError", () => {
  it("words a message and the messages among its values", () => {
    expect(errorText(notFound())).toBe("No project named Tower was found in company Northwind.");
  });

  it("speaks the language of the moment it is shown, not of the moment the error was made", () => {
    const error = notFound();
    setLanguage("ru");
    expect(errorText(error)).toBe("Не найдено: проект Tower в компании Northwind.");
    expect(errorText(error, { language: "en" })).toBe(
      "No project named Tower was found in company Northwind.",
    );
  });

  it("picks the plural form by the count and formats numbers for the language", () => {
    const twins = unavailable("boq.ambiguous", {
      count: 2,
      kind: words("boq.kindModel"),
      name: "Twin",
      where: words("boq.whereProject", { name: "P" }),
    });
    expect(say(twins.said)).toBe("2 models are named Twin in project P: use the id.");
    const tooLarge = unavailable("boq.tooLarge", {
      rows: 40_000,
      columns: 8,
      cells: 320_008,
      host: words("boq.hostWeb"),
      limit: words("boq.limitWeb"),
    });
    expect(say(tooLarge.said)).toContain(
      "40,000 rows and 8 columns (320,008 cells), more than Excel on the web takes from one function (2 MB and 100,000 cells)",
    );
    expect(say(tooLarge.said, "ru")).toContain("Excel в Интернете");
  });

  it("says what an argument holds in the user's language", () => {
    const error = argumentError("boq.argumentMissing", {
      argument: "company",
      what: words("boq.whatCompany"),
    });
    expect(say(error.said)).toBe("The argument company is empty: type the company name or id.");
    setLanguage("ru");
    expect(say(error.said)).toBe("Аргумент company пуст: укажите название или идентификатор компании.");
  });
});

describe("errorText and errorDetails of any error", () => {
  it("words a BoqError", () => {
    expect(errorText(notFound(), { plain: true })).toBe(
      "No project named Tower was found in company Northwind.",
    );
  });

  it("says a request's failure in the add-in's words, the platform's own under Show details", () => {
    const error = new ApiError({
      kind: "http",
      status: 500,
      endpoint: "boq",
      platformMessage: "An internal error occurred during your request!",
    });
    expect(errorText(error)).toContain("An internal error occurred");
    expect(errorText(error, { plain: true })).toBe(
      "The platform failed on the bill of quantities. Try again later.",
    );
    // The same error, worded when it is shown: in Russian once the pane speaks Russian.
    setLanguage("ru");
    expect(errorText(error, { plain: true })).toBe("На платформе произошла ошибка. Попробуйте позже.");
    expect(errorDetails(error)).toContain("HTTP 500");
    expect(errorDetails(error)).toContain("An internal error occurred during your request!");
  });

  it("keeps a sentence the caller gave, and has no details for anything but a request", () => {
    const error = new ApiError({
      kind: "http",
      status: 404,
      endpoint: "boq",
      platformMessage: "Scheme 'X' was not found.",
      said: { key: "session.parentsMissing" },
    });
    expect(errorText(error, { plain: true })).toBe(errorText(error));
    expect(errorText(error)).toMatch(/^The parent positions were asked for but none came back/);
    expect(errorDetails(error)).toBe("the bill of quantities · HTTP 404\nScheme 'X' was not found.");
    expect(errorDetails(new Error("Excel is busy."))).toBeUndefined();
    expect(errorDetails(toWorkbookError(new Error("busy"), { action: "read" }))).toBeUndefined();
  });

  it("gives the message of any other error, and the text of anything thrown", () => {
    expect(errorText(new Error("Excel is busy."))).toBe("Excel is busy.");
    expect(errorText("plain")).toBe("plain");
    // A programming error of src/workbook carries no words for a user: its message as it is.
    expect(errorText(new WorkbookError("invalid-argument", "A table needs at least one column."))).toBe(
      "A table needs at least one column.",
    );
  });
});
