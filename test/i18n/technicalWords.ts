// What an estimator should never read in the pane's main text (issue 25): an HTTP status, an API
// field path such as `Settings.CatalogName`, or a three-digit status beside "status", "error" or
// "HTTP". Shared by the message catalog's scan (technicalWords.test.ts) and the browser tests' scan
// of the rendered screens (test/browser/steps.ts plainTextFaults), which leaves out "Show details".

const RULES: ReadonlyArray<[string, RegExp]> = [
  ["HTTP", /HTTP/],
  // "Settings." followed by a name is an API field path; "in Settings." ending a sentence is the
  // pane's own Settings screen.
  ["API field", /\bSettings\.[A-Za-z]/],
  // A status beside the word ("status 404", "error 503", "404 error"); a count of errors ("120
  // errors", "ошибок: 120") is not one.
  [
    "status code",
    /(?<!\p{L})(status|error|HTTP|статус|ошибка)[^\p{L}\d]{0,3}[1-5]\d\d(?!\d)|(?<!\d)[1-5]\d\d[^\p{L}\d]{0,3}(status|error(?!s)|статус|ошибка)/iu,
  ],
];

/** The rules a text breaks, with the part that breaks each (empty when none). */
export function technicalWords(text: string): string[] {
  const found: string[] = [];
  for (const [name, rule] of RULES) {
    const m = rule.exec(text);
    if (m) found.push(`${name}: “${m[0]}”`);
  }
  return found;
}
