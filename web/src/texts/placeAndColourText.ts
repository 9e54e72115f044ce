import { knownColourCode, placeName, type Locale } from '@ruedas/domain';
import { colourLabel } from './adText';

/*
 * The texts that need the big reference tables (the colour vocabulary with its typo rule, the 484
 * districts), apart from adText.ts: the cards of the home and results pages do not show them, and
 * the ad's page has them from the server (`place`, `exteriorColorCode`: decision 0114), so those
 * pages' first load does not carry the tables.
 */

/** A colour field is free text that is often one of the suggested colours' codes. */
export function colourText(colour: string, locale: Locale): string {
  // A colour code (BLACK) or a colour name as the seller wrote it, in either language ("Blanco", "negra").
  return colourLabel(knownColourCode(colour), colour, locale);
}

/** "Escazú, San José" style: district, canton, province, skipping what is unknown. */
export function locationText(ad: { province: string; canton: string; district: string }): string {
  return placeName(ad);
}
