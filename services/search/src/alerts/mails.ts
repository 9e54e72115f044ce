import {
  escapeHtml,
  findBrand,
  findProvince,
  formatMoney,
  formatNumber,
  FUEL_TYPE_LABELS,
  TRANSMISSION_TYPE_LABELS,
  type FuelType,
  type Locale,
  type TransmissionType,
} from '@ruedas/domain';
import type { MailMessage } from '@ruedas/platform';
import type { AlertAd } from './store';

/**
 * The alert mails of saved searches (issue 19), in the owner's language: one new match (instant)
 * or a day's matches (digest), each ad with its photos, price, key specs, the fair-price label when
 * the ad carries one, and its link; every mail with a one-click unsubscribe (RFC 8058).
 */
const TEXTS = {
  es: {
    instantSubject: 'Nuevo anuncio para «{name}»: {car}',
    digestSubject: 'Resumen diario de «{name}»: {count} anuncios nuevos',
    digestSubjectOne: 'Resumen diario de «{name}»: 1 anuncio nuevo',
    intro: 'Hay anuncios nuevos que coinciden con su búsqueda guardada «{name}».',
    see: 'Ver el anuncio',
    rating: 'Valoración del precio',
    estimate: 'precio de mercado estimado {amount}',
    unsubscribe: 'Para dejar de recibir estas alertas, abra este enlace:',
    manage: 'Administre sus alertas en',
  },
  en: {
    instantSubject: 'New match for "{name}": {car}',
    digestSubject: 'Daily digest of "{name}": {count} new ads',
    digestSubjectOne: 'Daily digest of "{name}": 1 new ad',
    intro: 'There are new ads matching your saved search "{name}".',
    see: 'See the ad',
    rating: 'Price rating',
    estimate: 'estimated market price {amount}',
    unsubscribe: 'To stop receiving these alerts, open this link:',
    manage: 'Manage your alerts at',
  },
} as const;

const RATING_LABELS: Record<string, { es: string; en: string }> = {
  GREAT: { es: 'Excelente precio', en: 'Great price' },
  GOOD: { es: 'Buen precio', en: 'Good price' },
  GREAT_PRICE: { es: 'Excelente precio', en: 'Great price' },
  GOOD_PRICE: { es: 'Buen precio', en: 'Good price' },
  FAIR_PRICE: { es: 'Precio justo', en: 'Fair price' },
  FAIR: { es: 'Precio justo', en: 'Fair price' },
  HIGH_PRICE: { es: 'Precio alto', en: 'High price' },
  HIGH: { es: 'Precio alto', en: 'High price' },
};

const escape = escapeHtml;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

export interface AlertMailLinks {
  /** The site's address, without a trailing slash. */
  publicUrl: string;
  /** The signed unsubscribe token of the alert. */
  token: string;
}

export function carName(ad: Pick<AlertAd, 'brand' | 'model' | 'year'>, locale: Locale): string {
  return `${findBrand(ad.brand)?.label[locale] ?? ad.brand} ${ad.model} ${ad.year}`;
}

function specs(ad: AlertAd, locale: Locale): string {
  const parts = [
    `${formatNumber(ad.mileage, locale)} ${ad.mileageUnit === 'MI' ? 'mi' : 'km'}`,
    TRANSMISSION_TYPE_LABELS[ad.transmissionType as TransmissionType]?.[locale] ?? ad.transmissionType,
    FUEL_TYPE_LABELS[ad.fuelType as FuelType]?.[locale] ?? ad.fuelType,
    findProvince(ad.province)?.name ?? '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function ratingLine(ad: AlertAd, locale: Locale): string | undefined {
  if (!ad.rating) return undefined;
  const label = `${TEXTS[locale].rating}: ${RATING_LABELS[ad.rating]?.[locale] ?? ad.rating}`;
  return ad.estimateCrc ? `${label} (${fill(TEXTS[locale].estimate, { amount: formatMoney(ad.estimateCrc, 'CRC', locale) })})` : label;
}

function adText(ad: AlertAd, locale: Locale, publicUrl: string): string {
  const lines = [carName(ad, locale), formatMoney(ad.price, ad.currency, locale), specs(ad, locale)];
  const rating = ratingLine(ad, locale);
  if (rating) lines.push(rating);
  lines.push(`${TEXTS[locale].see}: ${publicUrl}/opportunity/${ad.id}`);
  return lines.join('\n');
}

function adHtml(ad: AlertAd, locale: Locale, publicUrl: string): string {
  const link = `${publicUrl}/opportunity/${encodeURIComponent(ad.id)}`;
  const photos = ad.photoIds
    .slice(0, 3)
    .map(
      (id) =>
        `<img src="${escape(`${publicUrl}/api/v1/attachment/${encodeURIComponent(id)}?w=320`)}" width="160" alt="${escape(carName(ad, locale))}" ` +
        `style="margin-right:4px">`,
    )
    .join('');
  const rating = ratingLine(ad, locale);
  return `<div style="margin:16px 0;padding:12px;border:1px solid #ddd;border-radius:8px">
<a href="${escape(link)}">${photos}</a>
<h3 style="margin:8px 0 4px"><a href="${escape(link)}">${escape(carName(ad, locale))}</a></h3>
<p style="margin:0;font-size:18px"><b>${escape(formatMoney(ad.price, ad.currency, locale))}</b></p>
<p style="margin:4px 0">${escape(specs(ad, locale))}</p>
${rating ? `<p style="margin:4px 0">${escape(rating)}</p>\n` : ''}<p style="margin:4px 0"><a href="${escape(link)}">${escape(TEXTS[locale].see)}</a></p>
</div>`;
}

/** The RFC 8058 headers and the link of one alert's unsubscribe. */
export function unsubscribeParts(links: AlertMailLinks): { url: string; headers: MailMessage['headers'] } {
  const url = `${links.publicUrl}/unsubscribe?token=${encodeURIComponent(links.token)}`;
  const host = new URL(links.publicUrl).hostname;
  return {
    url,
    headers: {
      'List-Unsubscribe': `<${url}>, <mailto:unsubscribe@${host}?subject=${encodeURIComponent(links.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function savedSearchMail(input: {
  to: string;
  locale: Locale;
  name: string;
  ads: AlertAd[];
  digest: boolean;
  links: AlertMailLinks;
  key: string;
}): MailMessage {
  const { locale, name, ads, links } = input;
  const text = TEXTS[locale];
  const subject = input.digest
    ? fill(ads.length === 1 ? text.digestSubjectOne : text.digestSubject, { name, count: ads.length })
    : fill(text.instantSubject, { name, car: carName(ads[0]!, locale) });
  const unsubscribe = unsubscribeParts(links);
  const manage = `${links.publicUrl}/alerts`;
  const body = [
    fill(text.intro, { name }),
    ...ads.map((ad) => adText(ad, locale, links.publicUrl)),
    `${text.manage} ${manage}`,
    `${text.unsubscribe}\n${unsubscribe.url}`,
  ].join('\n\n');
  const html =
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escape(fill(text.intro, { name }))}</p>
${ads.map((ad) => adHtml(ad, locale, links.publicUrl)).join('\n')}
<p style="color:#666;font-size:12px">${escape(text.manage)} <a href="${escape(manage)}">${escape(manage)}</a><br>${escape(text.unsubscribe)} <a ` +
    `href="${escape(unsubscribe.url)}">${escape(unsubscribe.url)}</a></p>
</body></html>`;
  return { to: input.to, subject: subject.slice(0, 200), text: `${body}\n`, html, idempotencyKey: input.key, headers: unsubscribe.headers };
}
