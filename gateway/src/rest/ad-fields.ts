import { AD_FIELD_NAMES, type AdFieldName } from '@ruedas/domain';

/**
 * The legacy REST ad's own fields (spec 01 §7): the domain's list of an ad's fields, in its order,
 * without the description, which the legacy ad object never had. The REST inputs read these and the
 * REST answers select them.
 */
export const REST_AD_FIELD_NAMES = AD_FIELD_NAMES.filter((name): name is Exclude<AdFieldName, 'description'> => name !== 'description');

/** Fields whose GraphQL selection needs subfields. */
const SUBFIELDS: Partial<Record<AdFieldName, string>> = { phoneList: '{ phone phoneType }' };

/** The GraphQL selection of the REST ad's own fields (`phoneList` with its subfields). */
export const REST_AD_FIELD_SELECTION = REST_AD_FIELD_NAMES.map((name) => (SUBFIELDS[name] ? `${name} ${SUBFIELDS[name]}` : name)).join(' ');
