import { SEARCH_TYPO_RULES, type TypoRules } from '@ruedas/domain';

/**
 * Words as Meilisearch sees them: case and accents ignored, split on anything that is not a letter
 * or a digit ("C-HR" is "c" and "hr", "Automático" is "automatico").
 */
const SPLIT = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}+/gu;
const ASCII_WORDS = /^[a-z0-9 ]*$/;

export function normalize(text: string): string {
  const lower = text.toLowerCase();
  // Most values (brand codes, models, numbers) are plain ASCII: skip the Unicode passes for them.
  if (ASCII_WORDS.test(lower)) return lower;
  return lower.normalize('NFD').replace(MARKS, '');
}

export function tokenize(text: string): string[] {
  const words = normalize(text).split(SPLIT);
  return words.filter((word) => word.length > 0);
}

/**
 * The typo rule is Meilisearch's, kept once in `@ruedas/domain` (the search service's parser uses the
 * same one): a budget by word length, Damerau-Levenshtein with a first-letter typo costing two,
 * prefix matching on the last word.
 */
export { typoBudget, typoDistance, type TypoRules } from '@ruedas/domain';

export const MEILISEARCH_TYPO_RULES: TypoRules = SEARCH_TYPO_RULES;
