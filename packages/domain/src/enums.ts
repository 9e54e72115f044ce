/** Every enumeration of the marketplace, as `as const` arrays, union types and zod enums. */

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A locale of the interface is one of the two languages; Spanish comes first. */
export type Locale = Language;
export const DEFAULT_LANGUAGE: Language = 'es';

export const AD_STATUSES = ['PUBLIC_ONLINE', 'PENDING_APPROVAL', 'APPROVED', 'MODIFIED', 'REJECTED', 'SOLD', 'EXPIRED', 'RENEWED'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** The statuses an owner can filter their own ads by (the admin filter offers all eight). */
export const OWNER_STATUSES = ['PUBLIC_ONLINE', 'PENDING_APPROVAL', 'MODIFIED', 'REJECTED', 'SOLD', 'EXPIRED'] as const satisfies readonly AdStatus[];
export type OwnerStatus = (typeof OWNER_STATUSES)[number];
export const DEFAULT_OWNER_STATUS: OwnerStatus = 'PUBLIC_ONLINE';

/** Public (visible and searchable) means PUBLIC_ONLINE or MODIFIED: an edited ad stays online while it is reviewed. */
export const PUBLIC_STATUSES = ['PUBLIC_ONLINE', 'MODIFIED'] as const satisfies readonly AdStatus[];
export function isPublicStatus(status: AdStatus): boolean {
  return (PUBLIC_STATUSES as readonly AdStatus[]).includes(status);
}

/**
 * An owner may only mark a public ad SOLD (once: SOLD is final for the owner); an administrator may
 * set any status. Every other move (approval, expiry, renewal) is the system's, per DECISIONS.md.
 */
export function ownerMaySetStatus(from: AdStatus, to: AdStatus): boolean {
  return to === 'SOLD' && isPublicStatus(from);
}

export const LEVELS = ['FREE', 'BRONZE', 'SILVER', 'GOLD'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_CODES = { FREE: 1, BRONZE: 2, SILVER: 3, GOLD: 4 } as const satisfies Record<Level, number>;
export type LevelCode = (typeof LEVEL_CODES)[Level];
export const LEVEL_BY_CODE: Readonly<Record<LevelCode, Level>> = { 1: 'FREE', 2: 'BRONZE', 3: 'SILVER', 4: 'GOLD' };
export const DEFAULT_AD_LEVEL: Level = 'FREE';

export function levelCode(level: Level): LevelCode {
  return LEVEL_CODES[level];
}

/** The level of a numeric code; throws on a code that is not 1 to 4. */
export function levelFromCode(code: number): Level {
  const level = LEVEL_BY_CODE[code as LevelCode];
  if (!level) throw new RangeError(`Unknown level code ${code}: expected 1 (FREE) to 4 (GOLD)`);
  return level;
}

export const PHOTOS_PER_LEVEL = { FREE: 4, BRONZE: 8, SILVER: 12, GOLD: 20 } as const satisfies Record<Level, number>;

/** What the media service accepts, checked again by the web before sending (spec 02 §5 files rule). */
export const PHOTO_LIMITS = {
  /** Largest file: 10 MB. */
  maxBytes: 10 * 1024 * 1024,
  /** Against decompression bombs: a small file may declare a huge canvas; refused from its header. */
  maxPixels: 50_000_000,
  /** Files in one upload request. */
  maxFilesPerUpload: 20,
} as const;

/** Levels that can be bought as a prepaid plan; a purchase defaults to GOLD. */
export const PLAN_LEVELS = ['GOLD', 'SILVER', 'BRONZE'] as const satisfies readonly Level[];
export type PlanLevel = (typeof PLAN_LEVELS)[number];
export const DEFAULT_PLAN_LEVEL: PlanLevel = 'GOLD';

export const ROLES = ['ADVERTISER', 'TESTUSER', 'ADMINISTRATOR', 'IMPERSONALIZATOR'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'ADVERTISER';
/** ADMINISTRATOR is the only role with isAdmin. */
export function isAdminRole(role: Role): boolean {
  return role === 'ADMINISTRATOR';
}
/** The accounts an impersonator may maintain (their data, not their role or e-mail): advertisers and test users. */
export const IMPERSONATOR_EDITABLE_ROLES = ['ADVERTISER', 'TESTUSER'] as const satisfies readonly Role[];
export function impersonatorMayEdit(role: Role): boolean {
  return (IMPERSONATOR_EDITABLE_ROLES as readonly Role[]).includes(role);
}

export const USER_STATUSES = ['ACTIVE', 'NOT_CONFIRMED', 'BLOCKED_BY_FAILS'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The status changes an impersonator may make (docs/decisions/0034): unblock a locked account
 * (BLOCKED_BY_FAILS to ACTIVE), or leave the status as it is. Blocking, and activating an account
 * whose owner never proved the mailbox, are the administrator's.
 */
export function impersonatorMaySetStatus(from: UserStatus, to: UserStatus): boolean {
  return from === to || (from === 'BLOCKED_BY_FAILS' && to === 'ACTIVE');
}
export const USER_STATUS_SHORT = { ACTIVE: 'A', NOT_CONFIRMED: 'NC', BLOCKED_BY_FAILS: 'B' } as const satisfies Record<UserStatus, string>;

export const USER_TYPES = ['PERSON', 'CARS_SELLER_MERCHANT'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Short forms shown in the admin user list: I (individual) and C (commerce). */
export const USER_TYPE_SHORT = { PERSON: 'I', CARS_SELLER_MERCHANT: 'C' } as const satisfies Record<UserType, string>;

export const PHONE_TYPES = ['COMERCIAL', 'HOME', 'MOBILE', 'WHATSAPP'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
export const DEFAULT_PHONE_TYPE: PhoneType = 'WHATSAPP';

export const ID_TYPES = ['NATIONAL_ID', 'JURIDIC_ID', 'RESIDENCE_ID', 'NITE', 'FOREIGN_ID', 'NONE'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const DEFAULT_ID_TYPE: IdType = 'NATIONAL_ID';

export const STYLES = [
  'SEDAN',
  'HATCHBACK',
  'COUPE',
  'TODO_TERRENO_4X2',
  'TODO_TERRENO_4X4',
  'PICK_UP_4X2',
  'PICK_UP_4X4',
  'CONVERTIBLE',
  'VAN',
  'PANEL',
  'CAMION',
] as const;
export type Style = (typeof STYLES)[number];

export const FUEL_TYPES = ['GASOLINE', 'DIESEL', 'HYBRID', 'ELECTRIC', 'LPG'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const TRANSMISSION_TYPES = ['AUTOMATIC', 'TIPTRONIC', 'MANUAL'] as const;
export type TransmissionType = (typeof TRANSMISSION_TYPES)[number];

export const CURRENCIES = ['CRC', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS = { CRC: '₡', USD: '$' } as const satisfies Record<Currency, string>;

export const MILEAGE_UNITS = ['KM', 'MI'] as const;
export type MileageUnit = (typeof MILEAGE_UNITS)[number];

/** 888 stands for "more than 7". */
export const PASSENGER_CHOICES = [2, 3, 4, 5, 7, 888] as const;
export type PassengerChoice = (typeof PASSENGER_CHOICES)[number];
export const MORE_THAN_SEVEN_PASSENGERS = 888 satisfies PassengerChoice;

export const PAYMENT_METHODS = ['CARD', 'MOBILE_TRANSFER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * An invoice starts as NEW (the spec shows no other value; the rest are billing's): TRANSFER_PENDING
 * while an admin checks a mobile-transfer reference, PAID, VOID when replaced before payment,
 * CANCELLED when a paid ad was cancelled and a refund recorded.
 */
export const INVOICE_STATUSES = ['NEW', 'TRANSFER_PENDING', 'PAID', 'VOID', 'CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const EXTRA_CATEGORIES = ['COMFORT', 'SECURITY', 'EXTERIOR', 'AUDIO_VIDEO'] as const;
export type ExtraCategory = (typeof EXTRA_CATEGORIES)[number];

export const CLICK_TYPES = ['CONTACT_SELLER_BY_WHATSAPP'] as const;
export type ClickType = (typeof CLICK_TYPES)[number];

/** Four levels of the password strength meter, weakest first; the index is the score. */
export const PASSWORD_STRENGTHS = ['WEAK', 'FAIR', 'GOOD', 'EXCELLENT'] as const;
export type PasswordStrengthName = (typeof PASSWORD_STRENGTHS)[number];
export type PasswordStrength = 0 | 1 | 2 | 3;
