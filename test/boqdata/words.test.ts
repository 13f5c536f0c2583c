// The BOQ path's errors in words, as the functions' wrapper, the BOQ sheet and the pane show them.
import { ApiError } from "../../src/api/errors";
import { argumentError, unavailable, words } from "../../src/boq/errors";
import { failureDetail, failureText, wordsText } from "../../src/boqdata";
import { setLanguage } from "../../src/i18n";

afterEach(() => setLanguage("en"));

const notFound = () =>
  unavailable("boq.notFound", {
    kind: words("boq.kindProject"),
    name: "Tower",
    where: words("boq.whereCompany", { name: "Northwind" }),
  });

describe("wordsText", () => {
  it("words a message and the messages among its values", () => {
    expect(wordsText(notFound().words)).toBe("No project named Tower was found in company Northwind.");
  });

  it("speaks the language of the moment it is shown, not of the moment the error was made", () => {
    const error = notFound();
    setLanguage("ru");
    expect(wordsText(error.words)).toBe("Не найдено: проект Tower в компании Northwind.");
    expect(wordsText(error.words, "en")).toBe("No project named Tower was found in company Northwind.");
  });

  it("picks the plural form by the count and formats numbers for the language", () => {
    const twins = unavailable("boq.ambiguous", {
      count: 2,
      kind: words("boq.kindModel"),
      name: "Twin",
      where: words("boq.whereProject", { name: "P" }),
    });
    expect(wordsText(twins.words)).toBe("2 models are named Twin in project P: use the id.");
    const tooLarge = unavailable("boq.tooLarge", {
      rows: 40_000,
      columns: 8,
      cells: 320_008,
      host: words("boq.hostWeb"),
      limit: words("boq.limitWeb"),
    });
    expect(wordsText(tooLarge.words)).toContain(
      "40,000 rows and 8 columns (320,008 cells), more than Excel on the web takes from one function (2 MB and 100,000 cells)",
    );
    expect(wordsText(tooLarge.words, "ru")).toContain("Excel в Интернете");
  });

  it("says what an argument holds in the user's language", () => {
    const error = argumentError("boq.argumentMissing", {
      argument: "company",
      what: words("boq.whatCompany"),
    });
    expect(wordsText(error.words)).toBe("The argument company is empty: type the company name or id.");
    setLanguage("ru");
    expect(wordsText(error.words)).toBe(
      "Аргумент company пуст: укажите название или идентификатор компании.",
    );
  });
});

describe("failureText", () => {
  it("words a BoqError", () => {
    expect(failureText(notFound())).toBe("No project named Tower was found in company Northwind.");
  });

  it("says a request's failure in the add-in's words, the platform's own under Show details", () => {
    const error = new ApiError({
      kind: "http",
      status: 500,
      endpoint: "the bill of quantities",
      platformMessage: "An internal error occurred during your request!",
    });
    expect(error.userMessage).toContain("An internal error occurred");
    expect(failureText(error)).toBe("The platform failed on the bill of quantities. Try again later.");
    setLanguage("ru");
    const russian = new ApiError({
      kind: "http",
      status: 500,
      endpoint: "the bill of quantities",
      platformMessage: "An internal error occurred during your request!",
    });
    expect(failureText(russian)).toBe("На платформе произошла ошибка. Попробуйте позже.");
    expect(failureDetail(russian)).toContain("HTTP 500");
    expect(failureDetail(russian)).toContain("An internal error occurred during your request!");
  });

  it("keeps a sentence the caller gave, and has no details for anything but a request", () => {
    const error = new ApiError({
      kind: "http",
      status: 404,
      endpoint: "the bill of quantities",
      platformMessage: "Scheme 'X' was not found.",
      userMessage: "The scheme X is not in this analysis.",
    });
    expect(failureText(error)).toBe("The scheme X is not in this analysis.");
    expect(failureDetail(new Error("Excel is busy."))).toBeUndefined();
  });

  it("gives the message of any other error, and the text of anything thrown", () => {
    expect(failureText(new Error("Excel is busy."))).toBe("Excel is busy.");
    expect(failureText("plain")).toBe("plain");
  });
});
