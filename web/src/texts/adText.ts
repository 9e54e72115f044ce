import {
  AD_STATUSES,
  findBrand,
  findColour,
  findExtra,
  formatMoney,
  formatNumber,
  FUEL_TYPE_LABELS,
  isPhone,
  localize,
  MILEAGE_UNIT_LABELS,
  normalizePhone,
  PASSENGER_CHOICE_LABELS,
  STYLE_LABELS,
  TRANSMISSION_TYPE_LABELS,
  type AdStatus,
  type Currency,
  type FuelType,
  type Locale,
  type MileageUnit,
  type PassengerChoice,
  type PhoneType,
  type Style,
  type TransmissionType,
  whatsappLink,
} from '@ruedas/domain';

/** How an ad is named everywhere: brand label, model and year ("Toyota RAV4 2018"). */
export function adTitle(ad: { brand: string; model: string; year: number }, locale: Locale): string {
  return `${brandText(ad.brand, locale)} ${ad.model} ${ad.year}`;
}

/** A brand code's label; an unknown code is shown as it is. */
export function brandText(code: string, locale: Locale): string {
  const brand = findBrand(code);
  return brand ? localize(brand.label, locale) : code;
}

/** The asking price: an API ad's Money (`askingPrice`), or the number of the web's own values (the publish form). */
export function priceText(ad: { askingPrice: { amount: string; currency: Currency } } | { price: number; currency: Currency }, locale: Locale): string {
  return 'askingPrice' in ad ? formatMoney(Number(ad.askingPrice.amount), ad.askingPrice.currency, locale) : formatMoney(ad.price, ad.currency, locale);
}

/** "85.000 km": the unit's code is its short form in both languages; `unitName` spells it out. */
export function mileageText(ad: { mileage: number; mileageUnit: MileageUnit }, locale: Locale) {
  return {
    text: `${formatNumber(ad.mileage, locale)} ${ad.mileageUnit.toLowerCase()}`,
    unitName: localize(MILEAGE_UNIT_LABELS[ad.mileageUnit], locale),
  };
}

type PassengerChoiceLabel = (typeof PASSENGER_CHOICE_LABELS)[PassengerChoice];

/**
 * What kind of car it is, as shown (the ad's page and the comparison): the style, transmission and
 * fuel labels, the engine ("1.800 cc", or `notGiven` when not given) and the passengers' choice
 * label (an unknown number as it is).
 */
export function kindTexts(
  ad: { style: Style; transmissionType: TransmissionType; fuelType: FuelType; motorSizeCC: number; passengersNumber: number },
  locale: Locale,
  notGiven: string,
) {
  const passengers = PASSENGER_CHOICE_LABELS[ad.passengersNumber as PassengerChoice] as PassengerChoiceLabel | undefined;
  return {
    style: localize(STYLE_LABELS[ad.style], locale),
    transmission: localize(TRANSMISSION_TYPE_LABELS[ad.transmissionType], locale),
    fuel: localize(FUEL_TYPE_LABELS[ad.fuelType], locale),
    engine: ad.motorSizeCC > 0 ? `${formatNumber(ad.motorSizeCC, locale)} cc` : notGiven,
    passengers: passengers ? localize(passengers, locale) : String(ad.passengersNumber),
  };
}

/** The labels of an ad's extras in the order ticked, unknown keys left out, at most `limit`. */
export function extraLabels(keys: readonly string[], locale: Locale, limit = Infinity): string[] {
  return keys
    .map((key) => findExtra(key))
    .filter((extra) => extra !== undefined)
    .slice(0, limit)
    .map((extra) => localize(extra.label, locale));
}

/**
 * A colour field as shown: the label, in the reader's language, of the suggested colour it names
 * (`code`, which the server works out: `Opportunity.exteriorColorCode`), else the text as written.
 */
export function colourLabel(code: string | null | undefined, colour: string, locale: Locale): string {
  const known = code ? findColour(code) : undefined;
  return known ? localize(known.label, locale) : colour;
}

export function isAdStatus(value: string | null): value is AdStatus {
  return (AD_STATUSES as readonly string[]).includes(value ?? '');
}

/**
 * The ad's WhatsApp link (wa.me/506…, text naming brand, model and year) on its first WhatsApp
 * phone, or its first phone when none is marked WhatsApp; null when it has no usable phone.
 */
export function adWhatsappLink(
  ad: { brand: string; model: string; year: number; phoneList: readonly { phone: string; phoneType: PhoneType }[] },
  locale: Locale,
): string | null {
  const phones = ad.phoneList.filter(({ phone }) => isPhone(phone));
  const phone = phones.find(({ phoneType }) => phoneType === 'WHATSAPP') ?? phones[0];
  return phone ? whatsappLink(phone.phone, ad, locale) : null;
}

/**
 * The ad's phone to call (tel:+506…): its first usable phone that is not marked WhatsApp (a mobile,
 * home or office line), else its first usable phone; null when it has none.
 */
export function adCallLink(ad: { phoneList: readonly { phone: string; phoneType: PhoneType }[] }): string | null {
  const phones = ad.phoneList.filter(({ phone }) => isPhone(phone));
  const phone = phones.find(({ phoneType }) => phoneType !== 'WHATSAPP') ?? phones[0];
  return phone ? `tel:+506${normalizePhone(phone.phone)}` : null;
}

/**
 * Where the car is, on a card: the canton and province of the listings service's `place` ("Carmen, San
 * José, San José" is "San José, San José"). `place` names the district, canton and province it knows,
 * in that order, so three parts lose the first; fewer are shown as they are.
 */
export function cardPlace(place: string): string {
  const parts = place.split(', ');
  return parts.length === 3 ? parts.slice(1).join(', ') : place;
}

/** A price in the other currency, at `crcPerUsd` colones a dollar, rounded (colones to ₡1.000, dollars to $10); undefined when the currency is the same. */
export function priceIn(price: { amount: string; currency: Currency }, currency: Currency, crcPerUsd: number, locale: Locale): string | undefined {
  if (price.currency === currency || !(crcPerUsd > 0)) return undefined;
  const amount = Number(price.amount);
  const converted = currency === 'CRC' ? Math.round((amount * crcPerUsd) / 1000) * 1000 : Math.round(amount / crcPerUsd / 10) * 10;
  return formatMoney(converted, currency, locale);
}
