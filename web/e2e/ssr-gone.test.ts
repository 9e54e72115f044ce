/**
 * An ad that was public and no longer is (sold, expired, removed) answers 410 Gone in HTML, kept out
 * of the index, saying the car is no longer for sale and offering similar cars and the search for
 * its brand and model; an unknown ad, or one never public, still answers 404 (issues 12 and 13).
 * The HTML is fetched as a crawler gets it (no scripts run); then the page is used in Chromium.
 */
import { findBrand, formatMoney, localize, type Currency } from '@ruedas/domain';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, type Started } from './harness';

const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '40' });

interface Gone {
  id: string;
  reason: 'SOLD' | 'EXPIRED' | 'REMOVED';
  brand: string;
  model: string;
  year: number;
}

const GONE_QUERY = `query($id: ID!) { unavailableOpportunity(id: $id) { id reason brand model year } }`;

/** The demo's ads a visitor cannot open, split into those once public (with why) and those never public. */
async function hiddenAds({ server }: Started): Promise<{ gone: Gone[]; neverPublic: string[] }> {
  const demo = await server.demo();
  const gone: Gone[] = [];
  const neverPublic: string[] = [];
  for (const ad of demo.ads) {
    const { unavailableOpportunity } = await server.graphql<{ unavailableOpportunity: Gone | null }>(GONE_QUERY, { id: ad.id });
    if (unavailableOpportunity) gone.push(unavailableOpportunity);
    else if (ad.status === 'PENDING_APPROVAL' || ad.status === 'REJECTED') neverPublic.push(ad.id);
  }
  return { gone, neverPublic };
}

const brandName = (code: string) => localize(findBrand(code)!.label, 'en');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a sold or expired ad as HTML', () => {
  it('answers 410 Gone with a noindex page that says the car is no longer for sale and links to similar cars', async () => {
    const { server } = running();
    // An administrator marks a public car sold (as its owner may), so a sold ad exists.
    const demo = await server.demo();
    const forSale = demo.ads.find((ad) => ad.status === 'PUBLIC_ONLINE');
    expect(forSale, 'the demo has a public ad').toBeDefined();
    const token = await server.login(demo.credentials.admin);
    await server.graphql('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: SOLD) { id } }', { id: forSale!.id }, token);
    const { gone } = await hiddenAds(running());
    const sold = gone.find((ad) => ad.reason === 'SOLD');
    const expired = gone.find((ad) => ad.reason === 'EXPIRED');
    expect(sold, 'the demo has a sold ad').toBeDefined();
    expect(expired, 'the demo has an expired ad').toBeDefined();

    for (const [ad, title] of [
      [sold!, 'Este carro ya se vendió'],
      [expired!, 'Este anuncio venció'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}/opportunity/${ad.id}`);
      expect(response.status, ad.reason).toBe(410);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toMatch(new RegExp(`<title>${title}: [^<]*${escapeRegExp(ad.model)} ${ad.year}[^<]*</title>`));
      expect(html).toContain('Este carro ya no está a la venta.');
      // A real link to the search for the same brand and model, working without scripts.
      const searchLink = /<a [^>]*data-testid="search-same-model"[^>]*>/.exec(html)?.[0] ?? '';
      const href = /href="(\/searchingOpportunities\?[^"]*)"/.exec(searchLink)?.[1];
      expect(href, 'link to the same brand and model').toBeDefined();
      const target = new URL(href!.replace(/&amp;/g, '&'), server.baseUrl);
      const filter = JSON.stringify([...target.searchParams.values()]);
      expect(filter).toContain(ad.brand);
      expect(filter).toContain(ad.model);
      // Similar cars are in the HTML as real links to public ads (the demo has cars of every style).
      expect(html).toContain('data-testid="similar-ads"');
      const similar = [...html.matchAll(/href="\/opportunity\/([0-9a-f-]{36})"/g)].map((match) => match[1]!);
      expect(similar.length).toBeGreaterThan(0);
      expect(similar).not.toContain(ad.id);
      const next = await fetch(`${server.baseUrl}/opportunity/${similar[0]}`);
      expect(next.status).toBe(200);
    }

    // In English too.
    const english = await fetch(`${server.baseUrl}/opportunity/${sold!.id}?lang=en`);
    expect(english.status).toBe(410);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('This car has been sold');
    expect(englishHtml).toContain('This car is no longer for sale.');
    expect(englishHtml).toContain(`Search other ${brandName(sold!.brand)}`);
  });

  it('still answers 404 for an unknown ad and for one that was never public', async () => {
    const { server } = running();
    const { neverPublic } = await hiddenAds(running());
    expect(neverPublic.length, 'the demo has ads never public (waiting, rejected)').toBeGreaterThan(0);
    for (const id of ['00000000-0000-0000-0000-000000000000', neverPublic[0]!]) {
      const response = await fetch(`${server.baseUrl}/opportunity/${id}`);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('Este carro ya no está a la venta.');
    }
  });

  it('in the browser, the gone page hydrates and its similar car opens with a click', async () => {
    const started = running();
    const { gone } = await hiddenAds(started);
    const page = await openPage(started, `/opportunity/${gone[0]!.id}`);
    await page.getByText('Este carro ya no está a la venta.').waitFor();
    const card = page.getByTestId('similar-ads').locator('a[href^="/opportunity/"]').first();
    const href = await card.getAttribute('href');
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
    const price = page.getByTestId('detail-price');
    await price.waitFor();
    const { opportunity } = await started.server.graphql<{ opportunity: { price: number; currency: Currency } }>(
      'query($id: ID!) { opportunity(id: $id) { price currency } }',
      { id: href!.split('/').pop() },
    );
    expect(await price.textContent()).toBe(formatMoney(opportunity.price, opportunity.currency, 'es'));
    await page.context().close();
  });
});
