import { z } from 'zod';
import {
  AD_STATUSES,
  CURRENCIES,
  EXTRA_CATEGORIES,
  FUEL_TYPES,
  ID_TYPES,
  LANGUAGES,
  LEVELS,
  MILEAGE_UNITS,
  OWNER_STATUSES,
  PASSENGER_CHOICES,
  PAYMENT_METHODS,
  PHONE_TYPES,
  PLAN_LEVELS,
  ROLES,
  STYLES,
  TRANSMISSION_TYPES,
  USER_STATUSES,
  USER_TYPES,
} from './enums';
import { BRAND_CODES } from './reference/brands';
import { EXTRA_KEYS } from './reference/extras';

/**
 * The zod enums of the enumerations and reference codes, apart from the constants they check: a
 * module that only needs the constants (a public page of the web) does not bring zod with it.
 */
export const languageSchema = z.enum(LANGUAGES, 'invalidLanguage');
export const adStatusSchema = z.enum(AD_STATUSES, 'invalidStatus');
export const ownerStatusSchema = z.enum(OWNER_STATUSES, 'invalidStatus');
export const levelSchema = z.enum(LEVELS, 'invalidLevel');
export const planLevelSchema = z.enum(PLAN_LEVELS, 'invalidPlanLevel');
export const roleSchema = z.enum(ROLES, 'invalidRole');
export const userStatusSchema = z.enum(USER_STATUSES, 'invalidUserStatus');
export const userTypeSchema = z.enum(USER_TYPES, 'invalidUserType');
export const phoneTypeSchema = z.enum(PHONE_TYPES, 'invalidPhoneType');
export const idTypeSchema = z.enum(ID_TYPES, 'invalidIdType');
export const styleSchema = z.enum(STYLES, 'invalidStyle');
export const fuelTypeSchema = z.enum(FUEL_TYPES, 'invalidFuelType');
export const transmissionTypeSchema = z.enum(TRANSMISSION_TYPES, 'invalidTransmissionType');
export const currencySchema = z.enum(CURRENCIES, 'invalidCurrency');
export const mileageUnitSchema = z.enum(MILEAGE_UNITS, 'invalidMileageUnit');
export const passengerChoiceSchema = z.literal(PASSENGER_CHOICES, 'invalidPassengersNumber');
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, 'invalidPaymentMethod');
export const extraCategorySchema = z.enum(EXTRA_CATEGORIES, 'required');
export const brandCodeSchema = z.enum(BRAND_CODES, 'invalidBrand');
export const extraKeySchema = z.enum(EXTRA_KEYS, 'invalidExtra');
