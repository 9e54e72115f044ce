// /robots.txt and the sitemaps of the public pages and ads (issue 12).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormattedExecutionResult } from 'graphql';
import { escapeHtml } from '@ruedas/domain';

type Language = 'es' | 'en';
type Executor = (operation: { query: string; variables?: Record<string, unknown>; operationName?: string }) => Promise<FormattedExecutionResult>;

/** /robots.txt and the sitemaps (the static public pages, every public ad). */
export function serveSitemaps(
  app: FastifyInstance,
  originOf: (request: FastifyRequest) => string,
  execute: (request: FastifyRequest, language: Language) => Executor,
): void {
  app.get('/robots.txt', async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(originOf(request)));
  });
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request);
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('application/xml; charset=utf-8').send(sitemapIndex(origin));
  });
  app.get('/sitemap-pages.xml', async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('application/xml; charset=utf-8').send(
      urlSet(
        originOf(request),
        STATIC_PUBLIC_PAGES.map((path) => ({ path })),
      ),
    );
  });
  app.get('/sitemap-ads.xml', async (request, reply) => {
    const ads = await publicAds(execute(request, 'es'));
    reply.header('Cache-Control', 'public, max-age=600');
    return reply.type('application/xml; charset=utf-8').send(
      urlSet(
        originOf(request),
        ads.map((ad) => ({ path: `/opportunity/${encodeURIComponent(ad.id)}`, lastmod: ad.publishedAt })),
      ),
    );
  });
}

/** The address of `url` in a language: Spanish without `lang`, English with `lang=en`. */
export function addressIn(url: URL, language: Language): string {
  const copy = new URL(url);
  copy.searchParams.delete('lang');
  if (language === 'en') copy.searchParams.set('lang', 'en');
  return copy.href;
}

/** The public pages without parameters, for the sitemap. */
export const STATIC_PUBLIC_PAGES = ['/', '/searchingOpportunities', '/buyingUsedCardTips', '/sellingUsedCardTips', '/privacy', '/contactUs'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /graphql', 'Disallow: /sandbox-pay/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

function sitemapIndex(origin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `<sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap>`,
    `<sitemap><loc>${origin}/sitemap-ads.xml</loc></sitemap>`,
    '</sitemapindex>',
    '',
  ].join('\n');
}

function urlSet(origin: string, pages: Array<{ path: string; lastmod?: string | null }>): string {
  const base = new URL(origin);
  const entries = pages.map(({ path, lastmod }) => {
    const url = new URL(path, base);
    const es = escapeHtml(addressIn(url, 'es'));
    const en = escapeHtml(addressIn(url, 'en'));
    return [
      '<url>',
      `<loc>${es}</loc>`,
      lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : '',
      `<xhtml:link rel="alternate" hreflang="es" href="${es}"/>`,
      `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`,
      '</url>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

const PUBLIC_ADS = `query SitemapAds($page: Int!, $after: String) { availableOpportunities(page: $page, after: $after) { items { id publishedAt dateCreated } totalPages next } }`;

/**
 * Every public ad, page by page, through the same public operation the home page lists them with;
 * each page after the first by the cursor of the one before (issue 30), so a page is read from the
 * index without the pages before it: the whole walk reads each ad once, not once per page after it.
 */
async function publicAds(execute: (operation: { query: string; variables?: Record<string, unknown> }) => Promise<FormattedExecutionResult>) {
  const ads: Array<{ id: string; publishedAt: string | null }> = [];
  let after: string | null = null;
  for (let page = 1; ; page += 1) {
    const result = await execute({ query: PUBLIC_ADS, variables: { page, after } });
    const data = result.data as
      | {
          availableOpportunities: {
            items: Array<{ id: string; publishedAt: string | null; dateCreated: string | null }>;
            totalPages: number;
            next: string | null;
          };
        }
      | undefined;
    if (!data) throw new Error(`the public ads could not be read: ${JSON.stringify(result.errors)}`);
    for (const item of data.availableOpportunities.items) ads.push({ id: item.id, publishedAt: item.publishedAt ?? item.dateCreated });
    if (page >= data.availableOpportunities.totalPages) return ads;
    after = data.availableOpportunities.next;
  }
}
