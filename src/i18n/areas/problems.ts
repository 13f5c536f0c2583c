// The catalog check's problems as the estimator reads them: per problem kind of src/catalog
// (PROBLEM_KINDS), the problem (key = the kind in camelCase) and what to do (the same key +
// "Fix"); variants of a kind (its reason codes, PROBLEM_REASONS) add a word to its key. The only
// words about a problem: src/catalog returns codes and values. Placeholders are the problem's
// `values` (src/catalog/README.md) plus {cell}, {row}, {column}, {sheet} and {field}, filled by
// src/import/words/problemWords.ts.
import { defineMessages } from "../types";
import { en } from "./problems.en";
import { ru } from "./problems.ru";

export const problems = defineMessages({ en, ru });
