import { z } from 'zod';
import {
  DEFAULT_AD_LEVEL,
  PHOTOS_PER_LEVEL,
  type Currency,
  type FuelType,
  type Level,
  type MileageUnit,
  type PassengerChoice,
  type TransmissionType,
} from '../enums';
import {
  brandCodeSchema,
  currencySchema,
  extraKeySchema,
  fuelTypeSchema,
  levelSchema,
  mileageUnitSchema,
  passengerChoiceSchema,
  styleSchema,
  transmissionTypeSchema,
} from '../enum-schemas';
import { nextCalendarYear, yearInCostaRica } from '../format';
import { DEFAULT_EXTRA_KEYS } from '../reference/extras';
import type { MessageKey } from '../messages';
import { fieldErrors, type ValidationResult } from './result';
import { invoiceChoiceShape, parsedInvoice, refineInvoiceChoice } from './invoice';
import { locationShape, refineLocation } from './location';
import { phoneListSchema } from './phones';
import { AD_LIMITS } from './ad-limits';
import { amountSchema, EVEN_WITH_FIELD_ERRORS, isAlphanumeric, isAlphanumericWithSpacesAndHyphens, numericInput, optionalText } from './rules';

export { AD_LIMITS };

/** The values a new ad starts with. */
export function newAdDefaults(now: Date = new Date()): {
  year: number;
  currency: Currency;
  fuelType: FuelType;
  transmissionType: TransmissionType;
  mileageUnit: MileageUnit;
  payTaxes: boolean;
  passengersNumber: PassengerChoice;
  autoApproval: boolean;
  level: Level;
  extraList: string[];
} {
  return {
    year: yearInCostaRica(now),
    currency: 'CRC',
    fuelType: 'GASOLINE',
    transmissionType: 'MANUAL',
    mileageUnit: 'KM',
    payTaxes: true,
    passengersNumber: 5,
    autoApproval: false,
    level: DEFAULT_AD_LEVEL,
    extraList: [...DEFAULT_EXTRA_KEYS],
  };
}

/** A list given as an array or as the stored comma-separated text. */
function commaList<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : (value ?? []),
    z.array(item),
  );
}

/** Phones given as an array or as the stored JSON text; text that is not JSON counts as no phone. */
const adPhoneListSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return [];
  }
}, phoneListSchema);

function colourSchema(key: MessageKey) {
  return z.string(key).trim().min(1, key).max(AD_LIMITS.colourMaxLength, key).refine(isAlphanumericWithSpacesAndHyphens, key);
}

const MODEL = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,/+&()'-]*$/u;

/**
 * Step 1 of the ad wizard: the car, its price, location, phones, level and photos. The year may
 * reach next calendar year, computed from `now`. Blank motor size, mileage and transfer price become 0.
 * Choosing a level keeps the custom message only for GOLD and quick approval only for FREE (paid
 * levels include it).
 */
export function adStep1Schema(now: Date = new Date()) {
  const maxYear = nextCalendarYear(now);
  return z
    .object({
      brand: brandCodeSchema,
      model: z.string('invalidModel').trim().min(1, 'invalidModel').max(AD_LIMITS.modelMaxLength, 'invalidModel').regex(MODEL, 'invalidModel'),
      year: numericInput(z.number('invalidYear').int('invalidYear').min(AD_LIMITS.minYear, 'invalidYear').max(maxYear, 'invalidYear')),
      style: styleSchema,
      fuelType: fuelTypeSchema,
      transmissionType: transmissionTypeSchema,
      motorSizeCC: numericInput(
        z
          .number('invalidMotorSizeCC')
          .int('invalidMotorSizeCC')
          .max(AD_LIMITS.maxMotorSizeCC, 'invalidMotorSizeCC')
          .refine((cc) => cc === 0 || cc >= AD_LIMITS.minMotorSizeCC, 'invalidMotorSizeCC'),
        0,
      ),
      mileage: numericInput(z.number('invalidMileage').int('invalidMileage').min(0, 'invalidMileage').max(AD_LIMITS.maxMileage, 'invalidMileage'), 0),
      mileageUnit: z.preprocess((value) => value ?? 'KM', mileageUnitSchema),
      exteriorColor: colourSchema('invalidExteriorColor'),
      interiorColor: colourSchema('invalidInteriorColor'),
      price: numericInput(amountSchema('invalidPrice', true)),
      transferPrice: numericInput(amountSchema('invalidTransferPrice', false), 0),
      currency: currencySchema,
      payTaxes: z.boolean().default(true),
      carIdNumber: optionalText()
        .refine((plate) => plate === '' || (isAlphanumeric(plate) && plate.length <= AD_LIMITS.carIdNumberMaxLength), 'invalidCarIdNumber')
        .transform((plate) => plate.toUpperCase()),
      passengersNumber: numericInput(passengerChoiceSchema, 5),
      ...locationShape,
      knownDamage: optionalText().refine((text) => text.length <= AD_LIMITS.knownDamageMaxLength, 'invalidKnownDamage'),
      // The seller's own words (issue 13); its length is checked against AD_DESCRIPTION_MAX_LENGTH by `descriptionProblem`.
      description: optionalText().refine((text) => text.length <= AD_LIMITS.descriptionHardMaxLength, 'invalidDescription'),
      phoneList: adPhoneListSchema,
      level: z.preprocess((value) => value ?? DEFAULT_AD_LEVEL, levelSchema),
      message: optionalText().refine((text) => text.length <= AD_LIMITS.customMessageMaxLength, 'invalidCustomMessage'),
      autoApproval: z.boolean().default(false),
      attachmentIds: commaList(z.string().min(1)),
    })
    .superRefine((ad, ctx) => {
      // Canton and district are required (issue 28): the store refuses an ad without them, so validation must first.
      refineLocation(ad, ctx, true);
      const maxPhotos = PHOTOS_PER_LEVEL[ad.level] as number | undefined;
      if (maxPhotos !== undefined && Array.isArray(ad.attachmentIds) && ad.attachmentIds.length > maxPhotos) {
        ctx.addIssue({ code: 'custom', path: ['attachmentIds'], message: 'tooManyPhotos' });
      }
    }, EVEN_WITH_FIELD_ERRORS)
    .transform((ad) => ({
      ...ad,
      message: ad.level === 'GOLD' ? ad.message : '',
      autoApproval: ad.level === 'FREE' ? ad.autoApproval : false,
    }));
}

/** Step 2: the ticked extras. */
export const adStep2Schema = z.object({ extraList: commaList(extraKeySchema) });

/** The whole ad (steps 1 and 2), as created or updated. */
export function adSchema(now: Date = new Date()) {
  return adStep1Schema(now).and(adStep2Schema);
}
export type AdInput = z.input<ReturnType<typeof adSchema>>;
export type Ad = z.output<ReturnType<typeof adSchema>>;

/** Step 3: the terms, and the electronic invoice when one is asked for. */
export const adStep3Schema = z
  .object({
    termsAccepted: z.literal(true, 'invalidTermsAndConditions'),
    ...invoiceChoiceShape,
  })
  .superRefine(refineInvoiceChoice, EVEN_WITH_FIELD_ERRORS)
  .transform(parsedInvoice);

/** What the wizard submits: `{ opportunity, termsAccepted, electronicInvoice, invoice }`. */
export function adSubmissionSchema(now: Date = new Date()) {
  return z.object({ opportunity: adSchema(now) }).and(adStep3Schema);
}
export type AdSubmission = z.output<ReturnType<typeof adSubmissionSchema>>;

/**
 * Validates a submission; when the car's data (steps 1 and 2) has errors, the form-level entry ''
 * carries 'opportunityReviewAlert' so step 3 can ask the user to go back.
 */
export function validateAdSubmission(input: unknown, now: Date = new Date()): ValidationResult<AdSubmission> {
  const result = adSubmissionSchema(now).safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors = fieldErrors(result.error);
  if (Object.keys(errors).some((field) => field.startsWith('opportunity.'))) errors[''] = 'opportunityReviewAlert';
  return { ok: false, errors };
}

/**
 * The seller's description of an ad against the AD_DESCRIPTION_MAX_LENGTH global parameter (issue 13):
 * the message key when it is longer, else undefined. The web counts against it and listings refuses
 * a longer one, both with this rule.
 */
export function descriptionProblem(description: string | undefined, maxLength: number): 'invalidDescription' | undefined {
  return (description ?? '').trim().length > maxLength ? 'invalidDescription' : undefined;
}
