import { SEARCH_TEXT_MAX_LENGTH } from '@ruedas/domain';

/** Input limits (spec 01 §5): model 60, colours 40; the free text as the search service takes it. */
export const TEXT_LIMITS = { text: SEARCH_TEXT_MAX_LENGTH, model: 60, exteriorColor: 40, interiorColor: 40 } as const;
