import {
  DEFAULT_EXTRA_KEYS,
  EXTRAS,
  findProvince,
  OWNER_STATUSES,
  PHOTOS_PER_LEVEL,
  yearInCostaRica,
  type AdFields,
  type AdStatus,
  type BrandCode,
  type Currency,
  type FuelType,
  type Level,
  type Locale,
  type PassengerChoice,
  type PhoneType,
  type Style,
  type TransmissionType,
  type UserType,
} from '@ruedas/domain';
import {
  DEALER_PLACES,
  DEALER_PREFIXES,
  DEALER_SUFFIXES,
  EXTERIOR_COLOURS,
  FIRST_NAMES,
  GOLD_MESSAGES,
  INTERIOR_COLOURS,
  KNOWN_DAMAGES,
  MARKET,
  PREMIUM_BRANDS,
  PROVINCE_WEIGHTS,
  SURNAMES,
  type MarketModel,
} from './market';
import { Random, Weighted } from './random';

/** A seller of the demo catalogue: a private person or a merchant (a dealer), with a login. */
export interface DemoSeller {
  email: string;
  userType: UserType;
  merchantName: string;
  name: string;
  lastName: string;
  lastName2: string;
  phoneList: Array<{ phone: string; phoneType: PhoneType }>;
  province: string;
  canton: string;
  district: string;
  language: Locale;
}

/** An ad of the demo catalogue: the car as the wizard stores it, plus what the marketplace decided. */
export interface DemoAd extends Omit<AdFields, 'description' | 'attachmentIds'> {
  id: string;
  sellerEmail: string;
  status: AdStatus;
  dateCreated: Date;
  publishedAt: Date | null;
  expiresAt: Date | null;
  viewCount: number;
  /** How many photos to draw for it (1 to 4, within its level's cap). */
  photoCount: number;
}

export interface DemoCatalogue {
  sellers: DemoSeller[];
  ads: DemoAd[];
}

export interface GenerateOptions {
  /** Number of ads (1 to 1,000,000). */
  ads: number;
  /** The same seed gives the same catalogue. Default 2026. */
  seed?: number;
  /** The moment the catalogue is made for: dates are spread over the 40 days before it. */
  now?: Date;
  /** Ad life in days, as the global parameters say by default. */
  freeLifeDays?: number;
  paidLifeDays?: number;
  /** Colones per dollar, to price the same car in either currency. */
  crcPerUsd?: number;
  /**
   * 'market' prices each car like a real market would (the rating bench): besides model and age,
   * its mileage against its age's usual, transmission, known damage, extras, the seller's kind, a
   * wider spread and a few mispriced ads (`marketPrice`). Default 'plain': model and age with ±12 %
   * noise (the demo catalogue, unchanged).
   */
  prices?: 'plain' | 'market';
}

/** The demo seller who signs in with the printed credentials; the first seller of every catalogue. */
export const DEMO_SELLER_EMAIL = 'vendedor@ruedas.cr';

const DAY = 86_400_000;
const MAX_ADS = 1_000_000;
/** Ads a seller has on average; merchants are drawn four times as often as persons. */
const ADS_PER_SELLER = 6;
const MERCHANT_SHARE = 0.25;
const NEW_WITHIN_DAYS = 4;

const LEVELS = new Weighted<Level>([
  ['FREE', 55],
  ['BRONZE', 20],
  ['SILVER', 15],
  ['GOLD', 10],
]);
const STATUSES = new Weighted<AdStatus>([
  ['PUBLIC_ONLINE', 62],
  ['MODIFIED', 8],
  ['PENDING_APPROVAL', 9],
  ['APPROVED', 1.5],
  ['REJECTED', 4],
  ['SOLD', 7.5],
  ['EXPIRED', 6],
  ['RENEWED', 2],
]);
const PROVINCES = new Weighted(PROVINCE_WEIGHTS);
const EXTERIOR = new Weighted(EXTERIOR_COLOURS);
const INTERIOR = new Weighted(INTERIOR_COLOURS);
const BRANDS = new Weighted(MARKET.map(([brand, weight, models]) => [{ brand, models }, weight] as const));
const OPTIONAL_EXTRAS = EXTRAS.map((extra) => extra.key).filter((key) => !DEFAULT_EXTRA_KEYS.includes(key));
const PHOTOS_BY_LEVEL: Record<Level, number> = { FREE: 1, BRONZE: 2, SILVER: 3, GOLD: 4 };
const PLATE_LETTERS = [...'BCDFGHJKLMNPRSTVWXYZ'];

/**
 * Makes a catalogue: pure and deterministic for a seed (no clock, no I/O), fast enough for 100,000
 * ads in a few seconds. Every ad passes the ad rules of @ruedas/domain as of `now`.
 */
export function generateCatalogue(options: GenerateOptions): DemoCatalogue {
  const { ads: count, seed = 2026, now = new Date(), freeLifeDays = 14, paidLifeDays = 30, crcPerUsd = 510 } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_ADS) throw new RangeError(`ads must be a whole number from 1 to ${MAX_ADS}, got ${count}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now must be a valid date');
  const random = new Random(seed);
  const sellers = Array.from({ length: Math.max(1, Math.round(count / ADS_PER_SELLER)) }, (_, index) => makeSeller(random, index));
  const sellerTable = new Weighted(sellers.map((seller, index) => [index, seller.userType === 'CARS_SELLER_MERCHANT' ? 4 : 1] as const));
  const context: AdContext = { random, now, freeLifeDays, paidLifeDays, crcPerUsd, thisYear: yearInCostaRica(now) };

  const ads = Array.from({ length: count }, (_, index) => {
    // The demo seller gets every 20th ad, the first six in each of the statuses an owner filters by.
    const mine = index % 20 === 0;
    const seller = mine ? (sellers[0] as DemoSeller) : (sellers[sellerTable.draw(random)] as DemoSeller);
    const status = mine && index / 20 < OWNER_STATUSES.length ? OWNER_STATUSES[index / 20] : undefined;
    const ad = makeAd(context, seller, status);
    return options.prices === 'market' ? marketPrice(ad, context, new Random((seed * 1_000_003 + index) | 0), seller.userType) : ad;
  });
  return { sellers, ads };
}

/**
 * The price of an ad in a market-like catalogue: the plain price (model, age, ±12 %) moved by what
 * a buyer pays for here: mileage against the usual for the car's age (about 2 % per 10,000 km,
 * within -30 % and +15 %), automatic over manual (+4 %), known damage (-12 %), extras (+0.6 % each),
 * a merchant's margin (+5 %); then a wider spread (±10 % more) and one ad in twenty mispriced by
 * up to a third either way. Its own random source (per ad), so the rest of the catalogue is as
 * the plain one.
 */
function marketPrice(ad: DemoAd, context: AdContext, random: Random, sellerType: UserType): DemoAd {
  const age = Math.max(0, context.thisYear - ad.year);
  const km = ad.mileageUnit === 'MI' ? ad.mileage * 1.609 : ad.mileage;
  const mileage = Math.min(1.15, Math.max(0.7, 1 - ((km - age * 15_000) / 10_000) * 0.02));
  const transmission = ad.transmissionType === 'MANUAL' ? 0.97 : 1.01;
  const damage = ad.knownDamage ? 0.88 : 1;
  const extras = 1 + 0.006 * ad.extraList.length;
  const merchant = sellerType === 'CARS_SELLER_MERCHANT' ? 1.05 : 1;
  const mispriced = random.chance(0.05) ? random.around(1, 0.33) : 1;
  const factor = mileage * transmission * damage * extras * merchant * random.around(1, 0.1) * mispriced;
  const price =
    ad.currency === 'USD' ? Math.max(500, Math.round((ad.price * factor) / 100) * 100) : Math.max(250_000, Math.round((ad.price * factor) / 50_000) * 50_000);
  return { ...ad, price, transferPrice: ad.transferPrice ? Math.round(ad.transferPrice * factor) : 0 };
}

interface AdContext {
  random: Random;
  now: Date;
  freeLifeDays: number;
  paidLifeDays: number;
  crcPerUsd: number;
  thisYear: number;
}

function makeSeller(random: Random, index: number): DemoSeller {
  const demo = index === 0;
  const merchant = !demo && random.chance(MERCHANT_SHARE);
  const name = demo ? 'Daniela' : random.pick(FIRST_NAMES);
  const lastName = demo ? 'Mora' : random.pick(SURNAMES);
  const lastName2 = demo ? 'Solís' : random.chance(0.9) ? random.pick(SURNAMES) : '';
  const merchantName = merchant
    ? `${random.pick(DEALER_PREFIXES)} ${random.chance(0.5) ? random.pick(DEALER_PLACES) : lastName}${random.pick(DEALER_SUFFIXES)}`
    : '';
  const local = (merchant ? merchantName : `${name} ${lastName}`).replace(/^\W+|\W+$/g, '');
  const phones: DemoSeller['phoneList'] = [{ phone: phone(random), phoneType: 'WHATSAPP' }];
  if (merchant) phones.push({ phone: landline(random), phoneType: 'COMERCIAL' });
  else if (random.chance(0.2)) phones.push({ phone: phone(random), phoneType: 'MOBILE' });
  return {
    email: demo ? DEMO_SELLER_EMAIL : `${emailPart(local)}.${index}@demo.ruedas.cr`,
    userType: merchant ? 'CARS_SELLER_MERCHANT' : 'PERSON',
    merchantName,
    name,
    lastName,
    lastName2,
    phoneList: phones,
    ...place(random),
    language: random.chance(0.85) ? 'es' : 'en',
  };
}

function makeAd(context: AdContext, seller: DemoSeller, forcedStatus: AdStatus | undefined): DemoAd {
  const { random, thisYear } = context;
  const { brand, models } = BRANDS.draw(random);
  const car = random.pick(models);
  const style = random.chance(0.75) ? (car.styles[0] as Style) : random.pick(car.styles);
  const year = Math.max(1995, Math.min(thisYear + 1, thisYear - Math.floor(ageYears(random))));
  const age = Math.max(0, thisYear - year);
  const fuelType = fuelOf(random, car);
  const level = LEVELS.draw(random);
  const status = forcedStatus ?? statusFor(random, level);
  const dates = datesFor(context, level, status);
  const priced = priceOf(context, brand, car, age, seller.userType);
  const mileageKm = age === 0 ? random.int(0, 3_000) : Math.round(random.around(age * 15_000, 0.5) / 100) * 100;
  const miles = random.chance(0.06);
  return {
    id: random.uuid(),
    sellerEmail: seller.email,
    brand,
    model: car.model,
    year,
    style,
    fuelType,
    transmissionType: transmissionOf(random, style, age),
    motorSizeCC: fuelType === 'ELECTRIC' ? 0 : Math.round(random.around(car.cc, 0.1) / 100) * 100,
    mileage: miles ? Math.round(mileageKm / 1.609) : mileageKm,
    mileageUnit: miles ? 'MI' : 'KM',
    exteriorColor: EXTERIOR.draw(random),
    interiorColor: INTERIOR.draw(random),
    ...priced,
    payTaxes: random.chance(0.93),
    carIdNumber: plate(random),
    passengersNumber: passengersOf(random, style),
    ...(random.chance(0.7) ? { province: seller.province, canton: seller.canton, district: seller.district } : place(random)),
    knownDamage: random.chance(0.1) ? random.pick(KNOWN_DAMAGES) : '',
    extraList: extrasOf(random, style, age, PREMIUM_BRANDS.has(brand)),
    phoneList: seller.phoneList.map((entry) => ({ ...entry })),
    level,
    message: level === 'GOLD' ? random.pick(GOLD_MESSAGES) : '',
    autoApproval: level === 'FREE' && random.chance(0.15),
    status,
    ...dates,
    viewCount: dates.publishedAt ? random.int(0, Math.ceil((context.now.getTime() - dates.publishedAt.getTime()) / DAY) * 40) : 0,
    photoCount: Math.min(PHOTOS_BY_LEVEL[level], PHOTOS_PER_LEVEL[level]),
  };
}

/** Most used cars here are 3 to 15 years old; a few are new, a few older than 25. */
function ageYears(random: Random): number {
  const roll = random.next();
  if (roll < 0.05) return random.int(-1, 0);
  if (roll < 0.9) return random.around(9, 0.75);
  return random.int(17, 31);
}

function fuelOf(random: Random, car: MarketModel): FuelType {
  for (const [fuel, share] of car.fuels ?? []) if (random.chance(share)) return fuel;
  return 'GASOLINE';
}

function statusFor(random: Random, level: Level): AdStatus {
  const status = STATUSES.draw(random);
  // Renewal is for paid ads only.
  return status === 'RENEWED' && level === 'FREE' ? 'PUBLIC_ONLINE' : status;
}

/**
 * Dates that fit the status: a public ad was published within its life (free 14 days, paid 30,
 * a renewed one up to 40), an expired one before that, a pending or rejected one never.
 */
function datesFor(context: AdContext, level: Level, status: AdStatus): Pick<DemoAd, 'dateCreated' | 'publishedAt' | 'expiresAt'> {
  const { random, now, freeLifeDays, paidLifeDays } = context;
  const life = level === 'FREE' ? freeLifeDays : paidLifeDays;
  const daysAgo = (min: number, max: number) => new Date(now.getTime() - (min + random.next() * (max - min)) * DAY);
  const createdBefore = (date: Date) => new Date(date.getTime() - random.next() * 2 * DAY);
  switch (status) {
    case 'PENDING_APPROVAL':
    case 'REJECTED':
      return { dateCreated: daysAgo(0, 10), publishedAt: null, expiresAt: null };
    case 'EXPIRED': {
      const publishedAt = daysAgo(life, Math.max(life + 1, 40));
      return { dateCreated: createdBefore(publishedAt), publishedAt, expiresAt: null };
    }
    case 'SOLD': {
      const publishedAt = daysAgo(1, 40);
      return { dateCreated: createdBefore(publishedAt), publishedAt, expiresAt: null };
    }
    case 'RENEWED': {
      const publishedAt = daysAgo(life, Math.min(40, 2 * life - 1));
      return { dateCreated: createdBefore(publishedAt), publishedAt, expiresAt: new Date(publishedAt.getTime() + 2 * life * DAY) };
    }
    default: {
      // PUBLIC_ONLINE, MODIFIED, APPROVED: one in six is 'new'.
      const publishedAt = random.chance(1 / 6) ? daysAgo(0, NEW_WITHIN_DAYS) : daysAgo(0, life - 0.5);
      return { dateCreated: createdBefore(publishedAt), publishedAt, expiresAt: new Date(publishedAt.getTime() + life * DAY) };
    }
  }
}

/** A price from the new price, the age and the brand, in colones (rounded to ₡50,000) or dollars (to $100). */
function priceOf(
  context: AdContext,
  brand: BrandCode,
  car: MarketModel,
  age: number,
  sellerType: UserType,
): Pick<DemoAd, 'price' | 'currency' | 'transferPrice'> {
  const { random, crcPerUsd } = context;
  // Cars keep their value well here (import taxes): about 9% a year, never below 15% of new.
  const valueUsd = random.around(car.newPriceUsd * Math.max(0.15, 0.91 ** age), 0.12);
  const usdShare = PREMIUM_BRANDS.has(brand) ? 0.55 : sellerType === 'CARS_SELLER_MERCHANT' ? 0.4 : 0.25;
  const currency: Currency = random.chance(usdShare) ? 'USD' : 'CRC';
  const price = currency === 'USD' ? Math.max(500, Math.round(valueUsd / 100) * 100) : Math.max(250_000, Math.round((valueUsd * crcPerUsd) / 50_000) * 50_000);
  // The transfer (traspaso) costs about 2.5% of the value; many sellers leave it blank.
  const transferPrice = random.chance(0.6) ? Math.round((price * 0.025) / (currency === 'USD' ? 10 : 5_000)) * (currency === 'USD' ? 10 : 5_000) : 0;
  return { price, currency, transferPrice };
}

function transmissionOf(random: Random, style: Style, age: number): TransmissionType {
  if (style === 'CAMION' || style === 'PANEL') return random.chance(0.85) ? 'MANUAL' : 'AUTOMATIC';
  const automatic = age < 5 ? 0.8 : age < 15 ? 0.55 : 0.3;
  if (random.chance(automatic)) return random.chance(0.15) ? 'TIPTRONIC' : 'AUTOMATIC';
  return 'MANUAL';
}

function passengersOf(random: Random, style: Style): PassengerChoice {
  switch (style) {
    case 'COUPE':
      return 4;
    case 'CONVERTIBLE':
      return random.chance(0.5) ? 2 : 4;
    case 'PANEL':
    case 'CAMION':
      return random.chance(0.6) ? 3 : 2;
    case 'VAN':
      return random.chance(0.6) ? 888 : 7;
    case 'TODO_TERRENO_4X2':
    case 'TODO_TERRENO_4X4':
      return random.chance(0.3) ? 7 : 5;
    case 'PICK_UP_4X2':
    case 'PICK_UP_4X4':
      return random.chance(0.15) ? 3 : 5;
    default:
      return 5;
  }
}

/** The default extras (fewer on old cars), more options on newer and premium ones, a bed liner on pick-ups. */
function extrasOf(random: Random, style: Style, age: number, premium: boolean): string[] {
  const base = age > 20 ? DEFAULT_EXTRA_KEYS.filter(() => random.chance(0.6)) : [...DEFAULT_EXTRA_KEYS];
  const options = Math.max(0, Math.round(random.around(age < 5 ? 9 : age < 12 ? 5 : 2, 0.6)) + (premium ? 5 : 0));
  const picked = random.sample(OPTIONAL_EXTRAS, options).filter((key) => key !== 'BED_LINER' || style.startsWith('PICK_UP'));
  if (style.startsWith('PICK_UP') && !picked.includes('BED_LINER') && random.chance(0.6)) picked.push('BED_LINER');
  return [...base, ...picked];
}

/** A province by weight, and a canton and district of it. */
function place(random: Random): Pick<DemoSeller, 'province' | 'canton' | 'district'> {
  const province = findProvince(PROVINCES.draw(random));
  if (!province) throw new Error('the demo market names a province that the reference data lacks');
  const canton = random.pick(province.cantons);
  return { province: province.code, canton: canton.code, district: random.pick(canton.districts).code };
}

/** A Costa Rican mobile number: 8 digits starting with 6, 7 or 8, written 8888-8888. */
function phone(random: Random): string {
  return `${random.pick(['6', '7', '8'])}${random.int(100, 999)}-${random.int(1000, 9999)}`;
}

/** A landline: 8 digits starting with 2. */
function landline(random: Random): string {
  return `2${random.int(100, 999)}-${random.int(1000, 9999)}`;
}

/** A plate as issued here: three letters and three digits, or six digits on older cars. */
function plate(random: Random): string {
  if (random.chance(0.35)) return String(random.int(100_000, 999_999));
  const letters = Array.from({ length: 3 }, () => random.pick(PLATE_LETTERS)).join('');
  return `${letters}${random.int(100, 999)}`;
}

/** Lower case ASCII words joined by dots, for e-mail addresses: "Autos Pérez S.A." gives autos.perez.s.a */
const emailPart = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('.');
