import type { Language } from '@ruedas/domain';

/**
 * A language as the API takes it: `ES` or `EN` (the schema's lower-case values are deprecated,
 * decision 0070; answers still carry `es`/`en`, which the web keeps as its own Language).
 */
export const apiLanguage = (language: Language): 'ES' | 'EN' => (language === 'en' ? 'EN' : 'ES');
