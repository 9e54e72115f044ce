import type { Locale } from './enums';

/** A text in both interface languages. */
export interface Label {
  readonly es: string;
  readonly en: string;
}

export function localize(label: Label, locale: Locale): string {
  return label[locale];
}

/**
 * Spanish-aware comparison of names (accents sort with their base letter, ñ after n). The collator is
 * made at the first comparison, not as the module loads: a public page's scripts import this module
 * and making a collator loads ICU's data (issue 31 item 10).
 */
let spanishCollator: Intl.Collator | undefined;
export function compareSpanish(a: string, b: string): number {
  spanishCollator ??= new Intl.Collator('es', { sensitivity: 'base' });
  return spanishCollator.compare(a, b);
}
