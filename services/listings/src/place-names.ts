import { knownColourCode, placeName } from '@ruedas/domain';
import type { OpportunityDoc } from './store';

/** `Opportunity.place`, `exteriorColorCode` and `interiorColorCode` (place-names.graphql, decision 0114). */
export const placeNameFields = {
  place: (ad: OpportunityDoc) => placeName(ad),
  exteriorColorCode: (ad: OpportunityDoc) => knownColourCode(ad.exteriorColor) ?? null,
  interiorColorCode: (ad: OpportunityDoc) => knownColourCode(ad.interiorColor) ?? null,
};
