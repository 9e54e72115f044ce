/**
 * A public page is hydrated from the answers the server rendered it from, without Apollo Client
 * (decision 0136): no Apollo chunk and no GraphQL request until the page needs one, then Apollo
 * Client takes over the queries on screen without asking them again; a mutation for no cache (the
 * ad's view) is sent without it. A desktop visitor pages through the home list with the mouse; a phone
 * visitor opens an ad and taps for the seller's phones.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser } from './harness';

const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '60' });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Traffic {
  /** The operation names of the GraphQL requests, in order. */
  operations: string[];
  /** Whether Apollo Client's code (its vendor chunk) was fetched. */
  apollo: boolean;
}

/** Opens `path` in a fresh context, recording its GraphQL requests and whether Apollo Client's chunk was fetched. */
async function openWatched(path: string, device: 'desktop' | 'phone'): Promise<{ page: Page; traffic: Traffic }> {
  const { browser, server } = running();
  const context = await browser.newContext({ ...(device === 'phone' ? PHONE : { viewport: { width: 1280, height: 800 } }), locale: 'es-CR' });
  const page = await context.newPage();
  const traffic: Traffic = { operations: [], apollo: false };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (/\/assets\/apollo-[\w-]+\.js$/.test(url.pathname)) traffic.apollo = true;
    if (url.pathname === '/graphql' && request.method() === 'POST') {
      const body = request.postDataJSON() as { operationName?: string } | null;
      traffic.operations.push(body?.operationName ?? '?');
    }
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  return { page, traffic };
}

const adIds = (page: Page) =>
  page
    .getByTestId('ad-list')
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3 a')?.getAttribute('href')));

describe('a public page without Apollo Client on its first load', () => {
  it('shows home from the server, then loads Apollo Client for the second page and answers the first from its cache', async () => {
    const { page, traffic } = await openWatched('/', 'desktop');
    expect(traffic).toEqual({ operations: [], apollo: false });
    const firstPage = await adIds(page);
    expect(firstPage.length).toBeGreaterThan(1);

    await page.getByRole('navigation', { name: 'Páginas' }).getByRole('link', { name: 'Página 2', exact: true }).click();
    await expect.poll(async () => (await adIds(page)).filter((id) => !firstPage.includes(id)).length).toBeGreaterThan(1);
    expect(traffic.apollo).toBe(true);
    expect(traffic.operations).toEqual(['AvailableOpportunities']);

    // Back: the first page's answer went into Apollo Client's cache when it loaded; nothing is asked.
    await page.goBack();
    await expect.poll(() => adIds(page)).toEqual(firstPage);
    expect(traffic.operations).toEqual(['AvailableOpportunities']);
  });

  it('counts the view of an ad without Apollo Client and without asking for the ad again, and shows the phones when tapped', async () => {
    const { server } = running();
    const demo = await server.demo();
    const ad = demo.ads.find((candidate) => candidate.status === 'PUBLISHED') ?? demo.ads[0]!;
    const { page, traffic } = await openWatched(`/opportunity/${ad.id}`, 'phone');
    // The view counter is the one request, sent for no cache: Apollo Client is not loaded for it.
    await expect.poll(() => traffic.operations).toEqual(['IncrementViewCount']);
    expect(traffic.apollo).toBe(false);
    // The photo lightbox (a part loaded at its first opening) uses no Apollo hook: it does not bring it either.
    await page.getByRole('button', { name: 'Ampliar fotos' }).tap();
    await page.getByRole('button', { name: 'Cerrar fotos' }).waitFor();
    expect(traffic.apollo).toBe(false);
    await page.getByRole('button', { name: 'Cerrar fotos' }).tap();
    await page.getByRole('button', { name: 'Ver teléfonos' }).first().tap();
    await page.getByTestId('phone-list').getByRole('link').first().waitFor();
    expect(traffic.apollo).toBe(true);
    expect(traffic.operations.filter((name) => name !== 'RecordContactClick')).toEqual(['IncrementViewCount', 'OpportunityContact']);
  });
});
