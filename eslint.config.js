// Flat ESLint config: typescript-eslint's recommended rules plus the Office add-in rules
// (load before read, sync before read, no sync in loops, isNullObject checks). Formatting is
// prettier's job: `npm run lint` runs `prettier --check` after ESLint.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");
const officeAddins = require("eslint-plugin-office-addins");
const globals = require("globals");

module.exports = tseslint.config(
  {
    ignores: ["dist/", "dist-test/", "node_modules/", "coverage/", "test-output/", ".emulator-data/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
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
    files: ["*.js", "**/*.cjs", "scripts/**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
