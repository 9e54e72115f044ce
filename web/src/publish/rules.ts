import {
  adTotalAt,
  adStep1Schema,
  adSchema,
  DEFAULT_PHONE_TYPE,
  newAdDefaults,
  pickAdFields,
  PLAN_MAX_QUANTITY,
  planUsableAt,
  validate,
  type Currency,
  type FieldErrors,
  type Level,
  type MileageUnit,
  type PhoneEntry,
  type PlanLevel,
} from '@ruedas/domain';

/**
 * The ad wizard's rules as pure logic (spec 02 §2, §4, §5): the form's values, what choosing a
 * plan does, when Next may move on, what is sent, the total, the plan quantity control and the
 * work-in-progress marker. The components only wire these to Mantine.
 */

/** One phone of the ad: @ruedas/domain's parsed phone entry. */
export type PhoneRow = PhoneEntry;

/** The wizard's values as typed: numbers that are typed stay text until validated; amounts are numbers. */
export interface AdFormValues {
  brand: string;
  model: string;
  year: string;
  style: string;
  fuelType: string;
  transmissionType: string;
  motorSizeCC: string;
  mileage: string;
  mileageUnit: MileageUnit;
  exteriorColor: string;
  interiorColor: string;
  price: number;
  transferPrice: number;
  currency: Currency;
  payTaxes: boolean;
  carIdNumber: string;
  passengersNumber: string;
  province: string;
  canton: string;
  district: string;
  knownDamage: string;
  /** The seller's own words (issue 13); '' when none. */
  description: string;
  phoneList: PhoneRow[];
  level: Level;
  message: string;
  autoApproval: boolean;
  attachmentIds: string[];
  extraList: string[];
}

/** The plan previews show every level on the same sample car (spec 02 §2). */
export const SAMPLE_PREVIEW = { price: 10_000_000, mileage: 50_000 } as const;

/**
 * A new ad in the wizard: the seller's phones and location when known, and nothing about the car the
 * seller has not chosen (issue 31): no year, no extras, and transmission, fuel, style, passengers and
 * engine empty until the seller chooses them or confirms what the model's ads propose. The domain's
 * defaults (`newAdDefaults`) stay for the API's clients that leave fields out; the wizard takes only
 * currency, mileage unit, taxes, level and quick approval from them.
 */
export function newAdValues(
  seller: { phoneList?: readonly PhoneRow[]; province?: string; canton?: string; district?: string } = {},
  now: Date = new Date(),
): AdFormValues {
  const defaults = newAdDefaults(now);
  const phones = (seller.phoneList ?? []).map(({ phone, phoneType }) => ({ phone, phoneType }));
  return {
    brand: '',
    model: '',
    year: '',
    style: '',
    fuelType: '',
    transmissionType: '',
    motorSizeCC: '',
    mileage: '',
    mileageUnit: defaults.mileageUnit,
    exteriorColor: '',
    interiorColor: '',
    price: 0,
    transferPrice: 0,
    currency: defaults.currency,
    payTaxes: defaults.payTaxes,
    carIdNumber: '',
    passengersNumber: '',
    province: seller.province ?? '',
    canton: seller.canton ?? '',
    district: seller.district ?? '',
    knownDamage: '',
    description: '',
    phoneList: phones.length > 0 ? phones : [{ phone: '', phoneType: DEFAULT_PHONE_TYPE }],
    level: defaults.level,
    message: '',
    autoApproval: defaults.autoApproval,
    attachmentIds: [],
    extraList: [],
  };
}

/** An ad as the listings service answers it, for editing or resuming. */
export interface StoredAd {
  brand: string;
  model: string;
  year: number;
  style: string;
  fuelType: string;
  transmissionType: string;
  motorSizeCC: number;
  mileage: number;
  mileageUnit: MileageUnit;
  exteriorColor: string;
  interiorColor: string;
  /** The asking price and transfer cost as the API answers them (Money: a decimal string). */
  askingPrice: { amount: string };
  transferCost: { amount: string };
  currency: Currency;
  payTaxes: boolean;
  carIdNumber?: string | null;
  passengersNumber: number;
  province: string;
  canton: string;
  district: string;
  knownDamage: string;
  description?: string | null;
  phoneList: readonly PhoneRow[];
  level: Level;
  message: string;
  autoApproval: boolean;
  attachmentIds: readonly string[];
  extraList: readonly string[];
}

export function storedAdValues(ad: StoredAd): AdFormValues {
  return {
    brand: ad.brand,
    model: ad.model,
    year: String(ad.year),
    style: ad.style,
    fuelType: ad.fuelType,
    transmissionType: ad.transmissionType,
    motorSizeCC: ad.motorSizeCC > 0 ? String(ad.motorSizeCC) : '',
    mileage: String(ad.mileage),
    mileageUnit: ad.mileageUnit,
    exteriorColor: ad.exteriorColor,
    interiorColor: ad.interiorColor,
    price: Number(ad.askingPrice.amount),
    transferPrice: Number(ad.transferCost.amount),
    currency: ad.currency,
    payTaxes: ad.payTaxes,
    carIdNumber: ad.carIdNumber ?? '',
    passengersNumber: String(ad.passengersNumber),
    province: ad.province,
    canton: ad.canton,
    district: ad.district,
    knownDamage: ad.knownDamage,
    description: ad.description ?? '',
    phoneList: ad.phoneList.length > 0 ? ad.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })) : [{ phone: '', phoneType: DEFAULT_PHONE_TYPE }],
    level: ad.level,
    message: ad.message,
    autoApproval: ad.autoApproval,
    attachmentIds: [...ad.attachmentIds],
    extraList: [...ad.extraList],
  };
}

/**
 * Choosing a plan sets the level, clears the custom message unless GOLD and turns quick approval
 * off unless FREE (paid levels include it). Photos beyond the new level's cap stay, and step 1
 * reports them until some are removed.
 */
export function chooseLevel(values: AdFormValues, level: Level): AdFormValues {
  return {
    ...values,
    level,
    message: level === 'GOLD' ? values.message : '',
    autoApproval: level === 'FREE' ? values.autoApproval : false,
  };
}

/** Step 1's field errors ({} when it may move on). */
export function step1Errors(values: AdFormValues, now: Date = new Date()): FieldErrors {
  const result = validate(adStep1Schema(now), values);
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  // The schema counts blank passengers as 5 (the API's default); the wizard asks the seller (issue 31).
  if (values.passengersNumber.trim() === '') errors.passengersNumber = 'invalidPassengersNumber';
  return errors;
}

export type WizardStep = 0 | 1 | 2;

/** Next is offered on steps 1 and 2, Back on steps 2 and 3; Next leaves step 1 only when it is valid. */
export function canGoNext(step: WizardStep, values: AdFormValues, now: Date = new Date()): boolean {
  if (step === 2) return false;
  return step === 1 || Object.keys(step1Errors(values, now)).length === 0;
}
export const hasNext = (step: WizardStep) => step < 2;
export const hasBack = (step: WizardStep) => step > 0;

/** What createOpportunity / updateOpportunity receive: the values parsed by the domain's ad schema. */
export function opportunityInput(values: AdFormValues, now: Date = new Date()) {
  const result = validate(adSchema(now), values);
  if (!result.ok) return null;
  const ad = result.data;
  return {
    ...pickAdFields(ad),
    description: ad.description ?? '',
    phoneList: ad.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
  };
}

/** Prices as billing answers them (amounts in CRC). */
export interface Prices {
  single: Record<PlanLevel, number>;
  inPlan: Record<PlanLevel, number>;
  quickApproval: number;
}

/** A plan's balance of one level. */
export interface PlanBalance {
  planLevel: PlanLevel;
  availableOpportunities: number;
  expirationDate: string | null;
  blocked: boolean;
}

/** Whether a plan of `level` can pay for an ad now: it has ads left and it is not blocked or expired. */
export function planCovers(balances: readonly PlanBalance[], level: Level, now: Date = new Date()): boolean {
  return balances.some(
    (balance) =>
      balance.planLevel === level &&
      planUsableAt({ available: balance.availableOpportunities, blocked: balance.blocked, expiresAt: balance.expirationDate }, now),
  );
}

/**
 * What the seller pays for an ad (CRC): the single price of a paid level, unless a plan of that
 * level pays for it; the quick approval price for a FREE ad that asks for it; 0 otherwise.
 */
export function adTotal(prices: Prices, ad: { level: Level; autoApproval: boolean }, balances: readonly PlanBalance[] = [], now: Date = new Date()): number {
  if (ad.level !== 'FREE' && planCovers(balances, ad.level, now)) return 0;
  return adTotalAt(prices, ad.level, ad.autoApproval);
}

/** The buy-plan quantity control: plus stops at 100, minus at the minimum; typed text is kept as typed. */
export function planQuantityStep(quantity: number, delta: 1 | -1, minimum: number): number {
  const next = (Number.isFinite(quantity) ? Math.trunc(quantity) : minimum) + delta;
  return Math.min(PLAN_MAX_QUANTITY, Math.max(minimum, next));
}
export const canAddToPlan = (quantity: number) => quantity < PLAN_MAX_QUANTITY;
export const canTakeFromPlan = (quantity: number, minimum: number) => quantity > minimum;

export function planTotal(prices: Prices, level: PlanLevel, quantity: number): number {
  return Math.round(prices.inPlan[level] * quantity * 100) / 100;
}

/**
 * Keeps only what a currency field accepts (spec 02 §5): digits, commas, spaces, dots, $ and ₡
 * (the colon sign). Other keystrokes are dropped.
 */
export function currencyKeystrokes(text: string): string {
  return text.replace(/[^\d,. $₡]/g, '');
}

/**
 * The idempotency key of one wizard's ad (createOpportunity's requestId). `randomUUID` exists only
 * in secure contexts (https, localhost); elsewhere 128 random bits in hex do the same job.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
