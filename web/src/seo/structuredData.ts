import { isPublicStatus, type AdStatus, type Currency, type Locale, type MileageUnit } from '@ruedas/domain';
import { adTitle, brandText, colourLabel } from '../texts/adText';
import { photoUrl } from '../photos/urls';

/** The fields of an ad its structured data is made of (the detail query has them all). */
export interface AdForSearchEngines {
  id: string;
  brand: string;
  model: string;
  year: number;
  mileage: number;
  mileageUnit: MileageUnit;
  price: number;
  currency: Currency;
  status: AdStatus;
  attachmentIds: readonly string[];
  fuelType?: string;
  transmissionType?: string;
  exteriorColor?: string;
  /** The suggested colour `exteriorColor` names (the server's `exteriorColorCode`), if any. */
  exteriorColorCode?: string | null;
  passengersNumber?: number;
}

const UNIT_CODES: Record<MileageUnit, string> = { KM: 'KMT', MI: 'SMI' };

/** The address of an ad's page. */
export function adUrl(origin: string, id: string): string {
  return `${origin}/opportunity/${encodeURIComponent(id)}`;
}

/** schema.org Car with its Offer (brand, model, year, mileage, price and currency, photos, availability). */
export function carJsonLd(ad: AdForSearchEngines, locale: Locale, origin: string): object {
  const url = adUrl(origin, ad.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: adTitle(ad, locale),
    url,
    brand: { '@type': 'Brand', name: brandText(ad.brand, locale) },
    model: ad.model,
    vehicleModelDate: String(ad.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: ad.mileage, unitCode: UNIT_CODES[ad.mileageUnit] },
    ...(ad.fuelType ? { fuelType: ad.fuelType } : {}),
    ...(ad.transmissionType ? { vehicleTransmission: ad.transmissionType } : {}),
    ...(ad.exteriorColor ? { color: colourLabel(ad.exteriorColorCode, ad.exteriorColor, locale) } : {}),
    ...(ad.passengersNumber ? { vehicleSeatingCapacity: ad.passengersNumber } : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    image: ad.attachmentIds.map((id) => `${origin}${photoUrl(id)}`),
    offers: {
      '@type': 'Offer',
      url,
      price: ad.price,
      priceCurrency: ad.currency,
      availability: isPublicStatus(ad.status) ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      itemCondition: 'https://schema.org/UsedCondition',
    },
  };
}

/** schema.org ItemList of a page of ads, in the order shown. */
export function itemListJsonLd(
  ads: readonly { id: string; brand: string; model: string; year: number }[],
  locale: Locale,
  origin: string,
  firstPosition = 1,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: ads.length,
    itemListElement: ads.map((ad, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      url: adUrl(origin, ad.id),
      name: adTitle(ad, locale),
    })),
  };
}
