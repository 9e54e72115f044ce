/**
 * Limits of rules that messages name (`ruleValues`), in a module without imports, so that the
 * message catalogue can read them without pulling the validation schemas into every bundle.
 */

/** A purchase may hold at most 100 ads; the minimum is the MIN_ADS_IN_PLAN global parameter. */
export const PLAN_MAX_QUANTITY = 100;

/** Longest free text a search accepts. */
export const SEARCH_TEXT_MAX_LENGTH = 200;
