import { z } from 'zod';
import { cantonBelongsTo, districtBelongsTo, findProvince } from '../reference/locations';

export interface LocationInput {
  province: string;
  canton: string;
  district: string;
}

/** Location fields; blank canton or district are '' and checked by `refineLocation`. */
export const locationShape = {
  province: z.string('invalidProvince').trim(),
  canton: z.preprocess((value) => value ?? '', z.string('invalidCanton').trim()),
  district: z.preprocess((value) => value ?? '', z.string('invalidDistrict').trim()),
};

/**
 * The codes must exist and nest: the canton in the province, the district in the canton. With
 * `complete`, canton and district are required too; otherwise only the province is, and a given
 * canton or district must still fit.
 */
export function refineLocation(location: LocationInput, ctx: z.RefinementCtx, complete: boolean): void {
  const issue = (field: keyof LocationInput, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (!findProvince(location.province)) return issue('province', 'invalidProvince');
  if (!location.canton) return complete ? issue('canton', 'invalidCanton') : undefined;
  if (!cantonBelongsTo(location.canton, location.province)) return issue('canton', 'invalidCanton');
  if (!location.district) return complete ? issue('district', 'invalidDistrict') : undefined;
  if (!districtBelongsTo(location.district, location.canton)) issue('district', 'invalidDistrict');
}
