import type { Locale } from './enums';

/** A text in both interface languages. */
export interface Label {
  readonly es: string;
  readonly en: string;
}

export function localize(label: Label, locale: Locale): string {
  return label[locale];
}

/** Spanish-aware comparison of names (accents sort with their base letter, ñ after n). */
const spanishCollator = new Intl.Collator('es', { sensitivity: 'base' });
export function compareSpanish(a: string, b: string): number {
  return spanishCollator.compare(a, b);
}
