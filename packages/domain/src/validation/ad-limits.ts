/**
 * The ad's numeric and length limits, in a module without zod, so that the plain rules built on
 * them (the search filter's fields, read on the public results page) do not bring the validation
 * library with them. `validation/ad.ts` re-exports them.
 */
export const AD_LIMITS = {
  minYear: 1900,
  modelMaxLength: 60,
  colourMaxLength: 40,
  carIdNumberMaxLength: 10,
  /** knownDamage is invalid at 160 characters or more. */
  knownDamageMaxLength: 159,
  customMessageMaxLength: 56,
  /** The seller's description never exceeds the top of AD_DESCRIPTION_MAX_LENGTH's range. */
  descriptionHardMaxLength: 5_000,
  minMotorSizeCC: 45,
  maxMotorSizeCC: 20_000,
  maxMileage: 1_000_000,
} as const;
