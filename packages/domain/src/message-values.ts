import { PHOTO_LIMITS } from './enums';
import { nextCalendarYear } from './format';
import type { MessageKey, MessageParams } from './messages';
import { API_VALUE_MESSAGE_SOURCES } from './messages-api-values';
import { QUERY_LIMITS } from './query-limits';
import { PLAN_MAX_QUANTITY, SEARCH_TEXT_MAX_LENGTH } from './rule-limits';

/**
 * The placeholders whose value follows from the domain's own rules (a limit, the highest year), so
 * that `translate` renders them wherever the message is raised: a field error of a zod schema carries
 * only its key (decision 0073). Values that depend on the record or on a global parameter in force
 * (the photos of a level, the minimum plan, a lockout's minutes, a file's name) are given by the code
 * that raises the message; `MESSAGE_VALUE_SOURCES` says which is which, and a test holds every
 * message with a placeholder to it.
 */
const RULE_VALUES: Partial<Record<MessageKey, () => MessageParams>> = {
  invalidYear: () => ({ maxYear: nextCalendarYear() }),
  invalidYearRange: () => ({ maxYear: nextCalendarYear() }),
  invalidSearchText: () => ({ max: SEARCH_TEXT_MAX_LENGTH }),
  planQuantityAboveMaximum: () => ({ maximum: PLAN_MAX_QUANTITY }),
  imageTooLarge: () => ({ maxMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 }),
  imageTooManyPixels: () => ({ maxMegapixels: PHOTO_LIMITS.maxPixels / 1_000_000 }),
  tooManyFiles: () => ({ maxFiles: PHOTO_LIMITS.maxFilesPerUpload }),
  queryTooLarge: () => ({ max: QUERY_LIMITS.maxTokens }),
  queryTooDeep: () => ({ max: QUERY_LIMITS.maxDepth }),
  tooManyAliases: () => ({ max: QUERY_LIMITS.maxAliases }),
  tooManyDirectives: () => ({ max: QUERY_LIMITS.maxDirectives }),
};

/** The values of `key`'s placeholders that the domain's rules fix (none for most messages). */
export function ruleValues(key: MessageKey): MessageParams {
  return RULE_VALUES[key]?.() ?? {};
}

/**
 * Where each placeholder of each message gets its value: `rule` (filled by `translate` from
 * `ruleValues`) or `raiser` (the code raising the message passes it: DomainError params, a mail's
 * values, the web form's context). A new message with a placeholder must be listed (tested).
 */
export const MESSAGE_VALUE_SOURCES: Readonly<Partial<Record<MessageKey, Readonly<Record<string, 'rule' | 'raiser'>>>>> = {
  tooManyAttempts: { minutes: 'raiser' },
  queryTooLarge: { max: 'rule' },
  queryTooDeep: { found: 'raiser', max: 'rule' },
  tooManyAliases: { max: 'rule' },
  tooManyDirectives: { max: 'rule' },
  promotionalAdsAboveMaximum: { maximum: 'raiser' },
  invalidYear: { maxYear: 'rule' },
  invalidImageType: { file: 'raiser' },
  imageTooLarge: { file: 'raiser', maxMb: 'rule' },
  imageTooManyPixels: { file: 'raiser', maxMegapixels: 'rule' },
  tooManyFiles: { maxFiles: 'rule' },
  tooManyPhotos: { maxPhotos: 'raiser' },
  favouritesFull: { max: 'raiser' },
  planQuantityBelowMinimum: { minimum: 'raiser' },
  planQuantityAboveMaximum: { maximum: 'rule' },
  invalidParameterValue: { min: 'raiser', max: 'raiser' },
  accountLocked: { minutes: 'raiser' },
  registrationAttemptBody: { link: 'raiser' },
  invalidSearchText: { max: 'rule' },
  invalidYearRange: { maxYear: 'rule' },
  reviewApprovedBody: { car: 'raiser' },
  adHeldBody: { car: 'raiser', link: 'raiser' },
  reviewRejectedBody: { car: 'raiser', reason: 'raiser' },
  reviewMailLink: { link: 'raiser' },
  invalidDescription: { max: 'raiser' },
  invalidInsightDays: { max: 'raiser' },
  checkoutDescriptionAd: { level: 'raiser', invoice: 'raiser' },
  checkoutDescriptionQuickApproval: { invoice: 'raiser' },
  checkoutDescriptionPlan: { level: 'raiser', quantity: 'raiser', invoice: 'raiser' },
  receiptSubject: { invoice: 'raiser' },
  receiptGreeting: { name: 'raiser' },
  receiptItemAd: { level: 'raiser', car: 'raiser' },
  receiptItemQuickApproval: { car: 'raiser' },
  receiptItemPlan: { level: 'raiser', quantity: 'raiser', unit: 'raiser' },
  invalidDateArgument: { name: 'raiser' },
  savedSearchesFull: { max: 'raiser' },
  invalidChoice: { values: 'raiser' },
  ...API_VALUE_MESSAGE_SOURCES,
};
