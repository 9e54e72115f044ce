import { z } from 'zod';
import type { Label } from './label';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from './validation/predicates';

/**
 * The global parameters: every price, duration and limit admins can edit. Services keep their own
 * copy (published as events) and read values from it; the defaults below seed a new deployment.
 * Counts, days and minutes take 1 to 100; prices are amounts in CRC (>= 0, no cap of 100).
 */
export type ParameterUnit = 'items' | 'ads' | 'minutes' | 'days' | 'attempts' | 'CRC' | 'CRC_PER_USD' | 'characters' | 'points' | 'percent';

export interface GlobalParameterDefinition {
  readonly key: GlobalParameterKey;
  readonly label: Label;
  readonly defaultValue: number;
  readonly min: number;
  readonly max: number;
  readonly unit: ParameterUnit;
  /** Whether a value may have decimals (amounts) or must be a whole number. */
  readonly integer: boolean;
}

export const GLOBAL_PARAMETER_KEYS = [
  'ITEMS_PER_LIST',
  'MAX_FAVOURITES_PER_USER',
  'SESSION_DURATION_MINUTES',
  'PAID_AD_EXPIRY_DAYS',
  'FREE_AD_EXPIRY_DAYS',
  'DAYS_BEFORE_EXPIRY_TO_NOTIFY',
  'GOLD_CAROUSEL_COUNT',
  'SINGLE_PRICE_GOLD',
  'SINGLE_PRICE_SILVER',
  'SINGLE_PRICE_BRONZE',
  'PLAN_PRICE_GOLD',
  'PLAN_PRICE_SILVER',
  'PLAN_PRICE_BRONZE',
  'IMMEDIATE_APPROVAL_PRICE',
  'MIN_ADS_IN_PLAN',
  'FAILED_LOGINS_BEFORE_LOCKOUT',
  'LOCKOUT_MINUTES',
  'EXCHANGE_RATE_CRC_PER_USD',
  'COMPLAINTS_TO_FLAG',
  'MAX_PROMOTIONAL_ADS',
  'PAYMENT_RECONCILE_MINUTES',
  'AD_DESCRIPTION_MAX_LENGTH',
  'MAX_SAVED_SEARCHES_PER_USER',
  'RISK_SCORE_TO_HOLD',
  'REPORTS_TO_HIDE',
  'PHONE_ACCOUNTS_TO_FLAG',
  'NEW_ACCOUNT_DAYS',
  'NEW_ACCOUNT_MAX_ADS',
  'PRICE_BELOW_ESTIMATE_PERCENT',
  'PRICE_DROP_DAYS',
] as const;
export type GlobalParameterKey = (typeof GLOBAL_PARAMETER_KEYS)[number];

/** A parameter of its own range and unit. */
function ranged(
  key: GlobalParameterKey,
  es: string,
  en: string,
  defaultValue: number,
  range: Pick<GlobalParameterDefinition, 'min' | 'max' | 'unit' | 'integer'>,
) {
  return { key, label: { es, en }, defaultValue, min: range.min, max: range.max, unit: range.unit, integer: range.integer };
}
function count(key: GlobalParameterKey, es: string, en: string, defaultValue: number, unit: ParameterUnit) {
  return ranged(key, es, en, defaultValue, { min: 1, max: 100, unit, integer: true });
}
function price(key: GlobalParameterKey, es: string, en: string, defaultValue: number) {
  return ranged(key, es, en, defaultValue, { min: 0, max: MAX_AMOUNT, unit: 'CRC', integer: false });
}

export const GLOBAL_PARAMETERS: readonly GlobalParameterDefinition[] = [
  count('ITEMS_PER_LIST', 'Elementos por lista', 'Items per list', 10, 'items'),
  count('MAX_FAVOURITES_PER_USER', 'Máximo de favoritos por usuario', 'Maximum favourites per user', 50, 'ads'),
  count('SESSION_DURATION_MINUTES', 'Duración de la sesión (minutos)', 'Session duration (minutes)', 60, 'minutes'),
  count('PAID_AD_EXPIRY_DAYS', 'Vigencia de anuncios pagados (días)', 'Paid ad lifetime (days)', 30, 'days'),
  count('FREE_AD_EXPIRY_DAYS', 'Vigencia de anuncios gratis (días)', 'Free ad lifetime (days)', 14, 'days'),
  count('DAYS_BEFORE_EXPIRY_TO_NOTIFY', 'Días de aviso antes del vencimiento', 'Days before expiry to notify', 3, 'days'),
  count('GOLD_CAROUSEL_COUNT', 'Anuncios oro en el carrusel', 'Gold ads in the carousel', 12, 'ads'),
  price('SINGLE_PRICE_GOLD', 'Precio de anuncio oro', 'Gold ad price', 25_000),
  price('SINGLE_PRICE_SILVER', 'Precio de anuncio plata', 'Silver ad price', 15_000),
  price('SINGLE_PRICE_BRONZE', 'Precio de anuncio bronce', 'Bronze ad price', 8_000),
  price('PLAN_PRICE_GOLD', 'Precio por anuncio oro en plan', 'Gold price per ad in a plan', 12_500),
  price('PLAN_PRICE_SILVER', 'Precio por anuncio plata en plan', 'Silver price per ad in a plan', 7_500),
  price('PLAN_PRICE_BRONZE', 'Precio por anuncio bronce en plan', 'Bronze price per ad in a plan', 4_000),
  price('IMMEDIATE_APPROVAL_PRICE', 'Precio de aprobación inmediata', 'Immediate approval price', 3_000),
  count('MIN_ADS_IN_PLAN', 'Mínimo de anuncios en un plan', 'Minimum ads in a plan', 10, 'ads'),
  count('FAILED_LOGINS_BEFORE_LOCKOUT', 'Intentos fallidos antes del bloqueo', 'Failed logins before lockout', 5, 'attempts'),
  count('LOCKOUT_MINUTES', 'Duración del bloqueo (minutos)', 'Lockout duration (minutes)', 30, 'minutes'),
  ranged('EXCHANGE_RATE_CRC_PER_USD', 'Tipo de cambio (colones por dólar)', 'Exchange rate (colones per US dollar)', 510, {
    min: 1,
    max: 100_000,
    unit: 'CRC_PER_USD',
    integer: false,
  }),
  // Not in 02 §3: the number of unresolved complaints that flags an ad in the review queue (ours).
  count('COMPLAINTS_TO_FLAG', 'Reportes sin resolver para marcar un anuncio', 'Unresolved reports that flag an ad', 3, 'items'),
  // Not in the spec (issue 14): the most promotional ads one impersonal registration may grant; 0 grants none.
  ranged('MAX_PROMOTIONAL_ADS', 'Máximo de anuncios promocionales por registro', 'Maximum promotional ads per registration', 20, {
    min: 0,
    max: 100,
    unit: 'ads',
    integer: true,
  }),
  // Not in 02 §3 (issue 16): a card or SINPE Móvil payment still open this long is asked of the
  // payment provider, in case its webhook was lost.
  count(
    'PAYMENT_RECONCILE_MINUTES',
    'Minutos antes de consultar un pago pendiente al proveedor',
    'Minutes before a pending payment is checked with the provider',
    15,
    'minutes',
  ),
  // Issue 13: the longest seller's description of an ad (a length, not a count: 100 to 5,000 characters).
  ranged('AD_DESCRIPTION_MAX_LENGTH', 'Largo máximo de la descripción del vendedor (caracteres)', "Longest seller's description (characters)", 1_000, {
    min: 100,
    max: 5_000,
    unit: 'characters',
    integer: true,
  }),
  // Issue 19: the most saved searches (with their alerts) one buyer may keep.
  count('MAX_SAVED_SEARCHES_PER_USER', 'Máximo de búsquedas guardadas por usuario', 'Maximum saved searches per user', 20, 'items'),
  // Issue 20 (scam and duplicate signals, src/risk.ts): an ad whose risk score reaches this waits
  // for review even when its level would publish it at once.
  count('RISK_SCORE_TO_HOLD', 'Puntaje de riesgo que retiene un anuncio para revisión', 'Risk score that holds an ad for review', 50, 'points'),
  // Issue 20: an ad reported by this many different people is hidden until an administrator decides.
  // Issue 28: reports are weighed (REPORT_WEIGHTS): an established account from its own address counts 1.
  count(
    'REPORTS_TO_HIDE',
    'Peso de reportes que oculta un anuncio (una cuenta establecida = 1)',
    'Weight of reports that hides an ad (an established account = 1)',
    5,
    'items',
  ),
  // Issue 20: a phone number on this many accounts (the seller's included) is a signal.
  count('PHONE_ACCOUNTS_TO_FLAG', 'Cuentas con un mismo teléfono para marcarlas', 'Accounts sharing one phone that flag them', 2, 'items'),
  // Issue 20: an account younger than this is brand-new...
  count('NEW_ACCOUNT_DAYS', 'Días en que una cuenta se considera nueva', 'Days an account counts as new', 3, 'days'),
  // ...and publishing at least this many ads in that time is a signal.
  count('NEW_ACCOUNT_MAX_ADS', 'Anuncios de una cuenta nueva que la marcan', 'Ads of a new account that flag it', 4, 'ads'),
  // Issue 20: a price this many percent (or more) below the ad's estimated market price is a signal.
  count(
    'PRICE_BELOW_ESTIMATE_PERCENT',
    'Porcentaje bajo el precio estimado que marca un anuncio',
    'Percent below the estimated price that flags an ad',
    40,
    'percent',
  ),
  // Issue 19: how long after a price drop an ad shows the "price dropped" badge.
  count('PRICE_DROP_DAYS', 'Días que se muestra una rebaja de precio', 'Days a price drop is shown', 14, 'days'),
];

export type GlobalParameterValues = Readonly<Record<GlobalParameterKey, number>>;

const definitionByKey = new Map(GLOBAL_PARAMETERS.map((definition) => [definition.key, definition]));

export function isGlobalParameterKey(key: string): key is GlobalParameterKey {
  return definitionByKey.has(key as GlobalParameterKey);
}

export function parameterDefinition(key: GlobalParameterKey): GlobalParameterDefinition {
  const definition = definitionByKey.get(key);
  if (!definition) throw new RangeError(`Unknown global parameter ${key}`);
  return definition;
}

export const DEFAULT_PARAMETER_VALUES: GlobalParameterValues = Object.fromEntries(
  GLOBAL_PARAMETERS.map((definition) => [definition.key, definition.defaultValue]),
) as Record<GlobalParameterKey, number>;

/** The schema of one parameter's value: its range, whole numbers for counts, 2 decimals for amounts. */
export function parameterValueSchema(key: GlobalParameterKey) {
  const { min, max, integer } = parameterDefinition(key);
  const number = z.number('invalidParameterValue').min(min, 'invalidParameterValue').max(max, 'invalidParameterValue');
  return integer ? number.int('invalidParameterValue') : number.refine(hasAtMostTwoDecimals, 'invalidParameterValue');
}

/** An admin's edit: a list of `{ key, value }`; each value is checked against its own range. */
export const globalParametersUpdateSchema = z.array(z.object({ key: z.string(), value: z.number('invalidParameterValue') })).superRefine((entries, ctx) => {
  entries.forEach((entry, index) => {
    if (!isGlobalParameterKey(entry.key)) {
      ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'unknownParameter' });
      return;
    }
    const result = parameterValueSchema(entry.key).safeParse(entry.value);
    if (!result.success) ctx.addIssue({ code: 'custom', path: [index, 'value'], message: 'invalidParameterValue' });
  });
});

/**
 * The message key telling an admin what a parameter accepts, without placeholders: counts, days and
 * minutes take whole numbers from 1 to 100; prices are amounts; the exchange rate has its own range.
 */
export function parameterRuleMessageKey(
  key: GlobalParameterKey,
): 'invalidParameterCount' | 'invalidParameterAmount' | 'invalidExchangeRate' | 'invalidParameterLength' {
  const { unit } = parameterDefinition(key);
  if (unit === 'characters') return 'invalidParameterLength';
  if (unit === 'CRC') return 'invalidParameterAmount';
  if (unit === 'CRC_PER_USD') return 'invalidExchangeRate';
  return 'invalidParameterCount';
}
