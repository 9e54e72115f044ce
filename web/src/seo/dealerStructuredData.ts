import { normalizePhone, openingHoursSpecification } from '@ruedas/domain';
import type { DealerInfoView } from '../catalogue/DealerInfo';

/** schema.org AutoDealer of a dealer's seller page: name, address, map place, phone and opening hours. */
export function autoDealerJsonLd(seller: { fullName: string; phones: ReadonlyArray<{ phone: string }>; dealer: DealerInfoView }, url: string): object {
  const { dealer } = seller;
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: seller.fullName,
    url,
    ...(seller.phones[0] ? { telephone: `+506${normalizePhone(seller.phones[0].phone)}` } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: [dealer.directions, dealer.districtName].filter(Boolean).join(', '),
      addressLocality: dealer.cantonName,
      addressRegion: dealer.provinceName,
      addressCountry: 'CR',
    },
    ...(dealer.latitude != null && dealer.longitude != null
      ? { geo: { '@type': 'GeoCoordinates', latitude: dealer.latitude, longitude: dealer.longitude } }
      : {}),
    hasMap: dealer.googleMapsUrl,
    openingHoursSpecification: openingHoursSpecification(dealer.hours),
  };
}
