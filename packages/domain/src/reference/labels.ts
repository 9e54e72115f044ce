import type {
  AdStatus,
  Currency,
  ExtraCategory,
  FuelType,
  IdType,
  Language,
  Level,
  MileageUnit,
  PassengerChoice,
  PasswordStrengthName,
  PaymentMethod,
  PhoneType,
  Role,
  Style,
  TransmissionType,
  UserStatus,
  UserType,
} from '../enums';
import type { Label } from '../label';
import {
  adStatus,
  currency,
  extraCategory,
  fuelType,
  idType,
  language,
  level,
  mileageUnit,
  passengerChoice,
  passwordStrengthName,
  paymentMethod,
  phoneType,
  role,
  style,
  transmissionType,
  userStatus,
  userType,
} from './labels.json';

/**
 * es/en labels of every enumeration shown to people: data, in labels.json (one table an enumeration,
 * by its type's name). Each table is typed here: a value of the enumeration missing from its table
 * fails the typecheck.
 */
export const AD_STATUS_LABELS: Readonly<Record<AdStatus, Label>> = adStatus;
export const LEVEL_LABELS: Readonly<Record<Level, Label>> = level;
export const ROLE_LABELS: Readonly<Record<Role, Label>> = role;
export const USER_STATUS_LABELS: Readonly<Record<UserStatus, Label>> = userStatus;
export const USER_TYPE_LABELS: Readonly<Record<UserType, Label>> = userType;
export const PHONE_TYPE_LABELS: Readonly<Record<PhoneType, Label>> = phoneType;
export const ID_TYPE_LABELS: Readonly<Record<IdType, Label>> = idType;
export const STYLE_LABELS: Readonly<Record<Style, Label>> = style;
export const FUEL_TYPE_LABELS: Readonly<Record<FuelType, Label>> = fuelType;
export const TRANSMISSION_TYPE_LABELS: Readonly<Record<TransmissionType, Label>> = transmissionType;
export const CURRENCY_LABELS: Readonly<Record<Currency, Label>> = currency;
export const MILEAGE_UNIT_LABELS: Readonly<Record<MileageUnit, Label>> = mileageUnit;
export const PASSENGER_CHOICE_LABELS: Readonly<Record<PassengerChoice, Label>> = passengerChoice;
export const LANGUAGE_LABELS: Readonly<Record<Language, Label>> = language;
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, Label>> = paymentMethod;
export const EXTRA_CATEGORY_LABELS: Readonly<Record<ExtraCategory, Label>> = extraCategory;
export const PASSWORD_STRENGTH_LABELS: Readonly<Record<PasswordStrengthName, Label>> = passwordStrengthName;
