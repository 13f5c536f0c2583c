// Flat ESLint config: typescript-eslint's type-checked recommended rules (they see the types, so
// a floating promise, a promise passed where a void callback is expected or an `await` on a
// non-promise is an error) plus the Office add-in rules (load before read, sync before read, no
// sync in loops, isNullObject checks). Formatting is prettier's job: `npm run lint` runs
// `prettier --check` after ESLint.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const officeAddins = require("eslint-plugin-office-addins");
const globals = require("globals");

module.exports = tseslint.config(
  {
    ignores: [
      "dist/",
      "dist-test/",
      "node_modules/",
      "coverage/",
      "test-output/",
      ".emulator-data/",
      "reports/",
      ".stryker-tmp*/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      // One TypeScript program from tsconfig.json (src, test, dev, emulator, bench) answers the
      // type questions of every rule.
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
      globals: {
        ...globals.browser,
        Office: "readonly",
        Excel: "readonly",
        OfficeRuntime: "readonly",
        CustomFunctions: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The promise rules are the point of type-checked lint: an Excel.run, a sync or a fetch
      // whose failure nobody sees is the classic add-in defect. Mark deliberate
      // fire-and-forget with `void` and handle its failure.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/require-await": "error",
      // Custom functions report a cell error by throwing CustomFunctions.Error, which the
      // runtime's typings declare as its own class rather than a subclass of Error.
      "@typescript-eslint/only-throw-error": [
        "error",
        { allow: [{ from: "package", package: "@types/custom-functions-runtime", name: "Error" }] },
      ],
      // Passing on a caught failure of unknown type (`reject(e)` in a catch) is not a defect.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
      "@typescript-eslint/ban-ts-comment": [
        "error",
        { "ts-ignore": true, "ts-expect-error": "allow-with-description" },
      ],
    },
  },
  {
    // The add-in's own code calls the Excel API through proxy objects: load before read, sync
    // before read, no sync in loops. Not applied to dev/office-emulation, which implements that
    // API over plain cell objects whose fields these heuristics would mistake for proxies.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "office-addins": officeAddins },
    rules: {
      "office-addins/call-sync-after-load": "error",
      "office-addins/call-sync-before-read": "error",
      "office-addins/load-object-before-read": "error",
      "office-addins/no-context-sync-in-loop": "error",
      "office-addins/no-empty-load": "error",
      "office-addins/no-navigational-load": "warn",
      "office-addins/no-office-initialize": "error",
      "office-addins/test-for-null-using-isNullObject": "error",
      // Excel's scale: a sheet has up to 1,048,576 rows, and a call spreads its arguments onto the
      // stack, which JavaScriptCore (Excel on Mac and iPad) refuses past 65,536 arguments and V8
      // past about 125,000 ("Maximum call stack size exceeded"). No call in src/ spreads anything
      // but an array literal written out in the call (a fixed tuple): take a running minimum or
      // maximum, and push in a loop (appendAll in src/catalog).
      "no-restricted-syntax": [
        "error",
        {
          selector:
            ":matches(CallExpression, NewExpression) > SpreadElement:not([argument.type='ArrayExpression'])",
          message:
            "No spread arguments in src/: a data-sized array overflows the call stack (65,536 arguments in JavaScriptCore). Loop instead (a running min/max, appendAll).",
        },
        {
          selector:
            "CallExpression[callee.property.name='apply'][arguments.length=2]:not([arguments.1.type='ArrayExpression'])",
          message:
            "No Function.prototype.apply with an array of arguments in src/: it overflows the call stack like a spread. Loop instead.",
        },
      ],
    },
  },
  {
    // Node-side code: build config, scripts, tests, the emulator, dev tools.
    files: [
      "*.js",
      "**/*.{js,mjs,cjs}",
      "test/**/*.{ts,tsx}",
      "emulator/**/*.ts",
      "dev/**/*.ts",
      "bench/**/*.ts",
    ],
    languageOptions: {
      globals: { ...globals.node },
    },
  },
  {
    // Tests keep every promise rule (a floating `expect(...).rejects` is a test that cannot fail)
    // but not these: jest's asymmetric matchers (expect.any, expect.stringContaining,
    // expect.objectContaining) are typed `any` by @types/jest; fakes of Promise-returning
    // interfaces are clearest as `async` functions without an await; and tests take methods
    // off emulated objects on purpose to call them with odd arguments.
    files: ["test/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    // Plain JavaScript (build config, scripts, the emulator launcher) is outside the TypeScript
    // program, so the rules that need types are off there.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["*.js", "**/*.cjs", "scripts/**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
