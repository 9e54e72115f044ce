import { AD_FIELD_NAMES, type AdFields } from './ad-fields';

/**
 * An ad's own fields (AD_FIELD_NAMES, nothing else) copied out of anything that has them: a
 * validated ad, a stored document, a snapshot. The one way to copy them, instead of a hand-written
 * list of `field: ad.field` lines per place.
 */
export function pickAdFields(source: AdFields): AdFields {
  return Object.fromEntries(AD_FIELD_NAMES.map((name) => [name, source[name]])) as unknown as AdFields;
}
