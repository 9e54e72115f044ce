import { escapeHtml, findBrand, findCanton, findProvince, formatMoney, isPublicStatus, type AdStatus, type Label, type Locale } from '@ruedas/domain';
import { followAdSnapshots, type Collection, type DocumentStore, type EventBus, type Logger, type Subscription } from '@ruedas/platform';
import type { PhotoDoc, PreviewDoc } from './store';

/**
 * Keeps one preview per ad from the ad snapshots of `listings.opportunity`. consumeEvents skips
 * snapshots older than or equal to the one applied, so replays and redeliveries change nothing.
 */
export function followOpportunities(options: { bus: EventBus; store: DocumentStore; logger: Logger; previews: Collection<PreviewDoc> }): Promise<Subscription> {
  return followAdSnapshots({
    bus: options.bus,
    store: options.store,
    logger: options.logger,
    group: 'media-previews',
    apply: async (ad) => {
      const preview: Omit<PreviewDoc, '_id'> = {
        brand: ad.brand,
        model: ad.model,
        year: ad.year,
        price: ad.price,
        currency: ad.currency,
        province: ad.province,
        canton: ad.canton,
        status: ad.status,
        coverPhotoId: ad.attachmentIds[0] ?? null,
      };
      await options.previews.updateOne({ _id: ad.id }, { $set: preview }, { upsert: true });
    },
  });
}

const TEXTS = {
  siteTitle: { es: 'Ruedas: carros usados en Costa Rica', en: 'Ruedas: used cars in Costa Rica' },
  siteDescription: {
    es: 'Compre y venda carros usados en Costa Rica.',
    en: 'Buy and sell used cars in Costa Rica.',
  },
  seeAd: { es: 'Ver el anuncio en Ruedas', en: 'See the ad on Ruedas' },
} satisfies Record<string, Label>;

/** Text and attribute values alike: the domain's escaping. */
export { escapeHtml };

export interface PreviewPageInput {
  opportunityId: string;
  /** Null for an unknown ad; a non-public one gets the neutral card too. */
  preview: PreviewDoc | null;
  /** The cover photo, when it exists. */
  cover: PhotoDoc | null;
  thumb: boolean;
  locale: Locale;
  publicUrl: string;
}

/**
 * The share page of an ad: Open Graph and Twitter card tags for link previews (WhatsApp, Facebook),
 * and a refresh that sends people on to the ad itself. `og:url` is the page itself, because
 * crawlers re-read the page `og:url` names and the ad's own page is the app, without tags.
 */
export function renderPreviewPage(input: PreviewPageInput): string {
  const { opportunityId, preview, cover, thumb, locale, publicUrl } = input;
  const adPath = `/opportunity/${encodeURIComponent(opportunityId)}`;
  const pageUrl = `${publicUrl}/preview/${encodeURIComponent(opportunityId)}${thumb ? '?thumb=true' : ''}`;
  const card = preview && isPublicStatus(preview.status as AdStatus) ? adCard(preview, cover, thumb, locale, publicUrl) : null;
  const title = card?.title ?? TEXTS.siteTitle[locale];
  const description = card?.description ?? TEXTS.siteDescription[locale];
  const tags: Array<[string, string, string]> = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Ruedas'],
    ['property', 'og:locale', locale === 'es' ? 'es_CR' : 'en_US'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ...(card?.image
      ? ([
          ['property', 'og:image', card.image.url],
          ['property', 'og:image:type', 'image/jpeg'],
          ['property', 'og:image:width', String(card.image.width)],
          ['property', 'og:image:height', String(card.image.height)],
          ['property', 'og:image:alt', title],
        ] as Array<[string, string, string]>)
      : []),
    ['name', 'twitter:card', card?.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(card?.image ? ([['name', 'twitter:image', card.image.url]] as Array<[string, string, string]>) : []),
  ];
  const meta = tags.map(([attribute, name, content]) => `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}">`);
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...meta,
    `<meta http-equiv="refresh" content="0; url=${escapeHtml(adPath)}">`,
    '</head>',
    '<body>',
    `<p><a href="${escapeHtml(adPath)}">${escapeHtml(TEXTS.seeAd[locale])}</a></p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function adCard(preview: PreviewDoc, cover: PhotoDoc | null, thumb: boolean, locale: Locale, publicUrl: string) {
  const brand = findBrand(preview.brand)?.label[locale] ?? preview.brand;
  const title = `${brand} ${preview.model} ${preview.year}`;
  const place = [findCanton(preview.canton)?.name, findProvince(preview.province)?.name].filter(Boolean).join(', ');
  const description = [formatMoney(preview.price, preview.currency, locale), place].filter(Boolean).join(' · ');
  const variant = cover?.variants.find((v) => v.variant === (thumb ? 'thumb' : 'display') && v.encoding === 'jpeg');
  const image =
    cover && variant ? { url: `${publicUrl}/api/v1/attachment/${cover._id}${thumb ? '?thumb=true' : ''}`, width: variant.width, height: variant.height } : null;
  return { title, description, image };
}
