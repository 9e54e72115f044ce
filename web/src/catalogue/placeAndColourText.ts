import { colourCodeOf, findCanton, findColour, findDistrict, findProvince, localize, type Locale } from '@ruedas/domain';

/*
 * The texts that need the big reference tables (the colour vocabulary with its typo rule, the 484
 * districts), apart from adText.ts: the cards of the home and results pages do not show them, so
 * those pages' first load does not carry the tables (decision 0114).
 */

/** A colour field is free text that is often one of the suggested colours' codes. */
export function colourText(colour: string, locale: Locale): string {
  // A colour code (BLACK) or a colour name as the seller wrote it, in either language ("Blanco", "negra").
  const known = findColour(colour) ?? findColour(colourCodeOf(colour) ?? '');
  return known ? localize(known.label, locale) : colour;
}

/** "Escazú, San José" style: district, canton, province, skipping what is unknown. */
export function locationText(ad: { province: string; canton: string; district: string }): string {
  return [findDistrict(ad.district)?.name, findCanton(ad.canton)?.name, findProvince(ad.province)?.name].filter((name) => name !== undefined).join(', ');
}
