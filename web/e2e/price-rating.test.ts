import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hydrated, openPage, serverAndBrowser } from './harness';

/**
 * Issue 19 in the browser: the fair-price label on cards, the evidence on the detail page, the
 * "good price or better" filter and the "best deals" sort (desktop panel and the phone's drawer), the
 * price-drop badge and the price history, and compare (clicks, taps, the shared address), in Spanish
 * and English. Eight Toyota Raize 2019 (a model the demo catalogue does not sell) are the market.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '20' });

const PRICES = [9_300_000, 9_400_000, 9_500_000, 9_500_000, 9_600_000, 9_700_000, 9_800_000];
const CHEAP = 7_600_000;
const ids = { cheap: '', dropped: '', others: [] as string[] };
const RAIZE = encodeURIComponent(JSON.stringify({ brand: 'TOYOTA', model: 'Raize' }));

const adInput = (price: number) => ({
  brand: 'TOYOTA',
  model: 'Raize',
  year: 2019,
  style: 'TODO_TERRENO_4X2',
  fuelType: 'GASOLINE',
  transmissionType: 'AUTOMATIC',
  mileage: 60_000,
  exteriorColor: 'Blanco',
  interiorColor: 'Negro',
  price,
  currency: 'CRC',
  passengersNumber: 5,
  province: '1',
  canton: '101',
  district: '10101',
  phoneList: [{ phone: '8888-1234' }],
  carIdNumber: `RZE${price / 100_000}`,
  extraList: price === CHEAP ? ['AIR_CONDITIONING', 'AIRBAGS'] : ['AIR_CONDITIONING'],
  level: 'FREE',
});

beforeAll(async () => {
  const { server } = running();
  const demo = await server.demo();
  const seller = await server.login(demo.credentials.seller);
  const admin = await server.login(demo.credentials.admin);
  const create = async (price: number) => {
    const { createOpportunity } = await server.graphql<{ createOpportunity: { id: string } }>(
      'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
      { input: adInput(price) },
      seller,
    );
    await server.graphql('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: createOpportunity.id }, admin);
    return createOpportunity.id;
  };
  for (const price of PRICES) ids.others.push(await create(price));
  ids.cheap = await create(CHEAP);
  // The dearest one's price drops by ₡500,000 (its seller edits the ad; it stays public).
  ids.dropped = ids.others.at(-1)!;
  await server.graphql(
    'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
    { id: ids.dropped, input: { price: 9_300_000 } },
    seller,
  );
  // Rated within moments of the last change.
  await vi.waitFor(
    async () => {
      const { opportunity } = await server.graphql<{ opportunity: { priceRating: { label: string; comparableCount: number } | null } }>(
        'query($id: ID!) { opportunity(id: $id) { priceRating { label comparableCount } } }',
        { id: ids.cheap },
      );
      if (opportunity.priceRating?.label !== 'GREAT' || opportunity.priceRating.comparableCount !== 7) throw new Error(JSON.stringify(opportunity));
    },
    { timeout: 20_000, interval: 200 },
  );
}, 120_000);

/** A phone (360 × 740, touch) on `path`, in English. */
async function phonePage(path: string): Promise<Page> {
  const { server, browser } = running();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US', hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
  return page;
}

const card = (page: Page, id: string) => page.locator('article', { has: page.locator(`a[href="/opportunity/${id}"]`) }).first();
const resultIds = async (page: Page) =>
  page
    .locator('[data-testid="ad-list"] article')
    .evaluateAll((articles) => articles.map((article) => article.querySelector('a[href^="/opportunity/"]')?.getAttribute('href')?.split('/').pop()));
const filters = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>;

describe('fair-price rating, price history and compare (issue 19)', () => {
  it('desktop, Spanish: labels on cards, best deals first, the good-price filter, the evidence and history on the detail', async () => {
    const page = await openPage(running(), `/searchingOpportunities?filters=${RAIZE}`, { width: 1280, height: 800 });
    await expect.poll(() => resultIds(page)).toHaveLength(8);
    // Server-rendered: the label is in the HTML the server sent.
    const html = await (await fetch(`${running().server.baseUrl}/searchingOpportunities?filters=${RAIZE}`)).text();
    expect(html).toContain('Excelente precio');
    await expect.poll(() => card(page, ids.cheap).getByTestId('price-label').textContent()).toBe('Excelente precio');
    expect(await card(page, ids.dropped).getByTestId('price-drop').textContent()).toBe('Bajó ₡500.000');

    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption('BEST_DEAL');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('BEST_DEAL');
    await expect.poll(async () => (await resultIds(page))[0]).toBe(ids.cheap);

    await page.getByLabel('Solo buen precio o mejor').click();
    await expect.poll(() => filters(page)).toEqual({ brand: 'TOYOTA', model: 'Raize', goodPriceOrBetter: true });
    await expect.poll(() => resultIds(page)).toEqual([ids.cheap]);

    await card(page, ids.cheap).getByRole('heading').getByRole('link').click();
    await page.waitForURL(`**/opportunity/${ids.cheap}`, { waitUntil: 'commit' });
    const evidence = page.getByTestId('price-evidence');
    await expect.poll(() => evidence.getByTestId('price-estimate').textContent()).toBe('₡9.500.000');
    expect(await evidence.getByTestId('price-comparables').textContent()).toBe('Según 7 anuncios comparables');
    expect(await evidence.getByTestId('price-range').textContent()).toMatch(/^Rango usual: ₡9\.\d{3}\.\d{3} a ₡9\.\d{3}\.\d{3}$/);
    expect(await evidence.getByTestId('chart-comparable').count()).toBe(7);
    expect(await evidence.getByTestId('chart-this-ad').count()).toBe(1);
    expect(await page.getByTestId('days-on-market').textContent()).toBe('Publicado hoy');
    await page.context().close();
  });

  it('phone, English: the filter in the drawer, the price-drop badge and the price history', async () => {
    const page = await phonePage(`/searchingOpportunities?filters=${RAIZE}&lang=en`);
    await expect.poll(() => resultIds(page)).toHaveLength(8);
    expect(await card(page, ids.cheap).getByTestId('price-label').textContent()).toBe('Great price');
    expect(await card(page, ids.dropped).getByTestId('price-drop').textContent()).toBe('Dropped ₡500,000');
    await page.getByRole('button', { name: /^Filters/ }).tap();
    await page.getByLabel('Good price or better only').tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Search', exact: true }).tap();
    await expect.poll(() => filters(page)).toEqual({ brand: 'TOYOTA', model: 'Raize', goodPriceOrBetter: true });
    await expect.poll(() => resultIds(page)).toEqual([ids.cheap]);

    await page.goto(`${running().server.baseUrl}/opportunity/${ids.dropped}?lang=en`);
    const history = page.getByTestId('price-history');
    await expect.poll(() => history.getByTestId('price-drop').textContent()).toBe('Dropped ₡500,000');
    expect(await history.getByTestId('price-change').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}: from ₡9,800,000 to ₡9,300,000$/);
    expect(await history.getByTestId('days-on-market').textContent()).toBe('Listed today');
    expect(await page.getByTestId('price-evidence').getByTestId('price-comparables').textContent()).toBe('Based on 7 comparable ads');
    await page.context().close();
  });

  it('compares with clicks on desktop (Spanish), then the shared address on a phone (English) with taps', async () => {
    const page = await openPage(running(), `/searchingOpportunities?filters=${RAIZE}&sort=BEST_DEAL`, { width: 1280, height: 800 });
    await expect.poll(async () => (await resultIds(page))[0]).toBe(ids.cheap);
    await card(page, ids.cheap).getByTestId('compare-toggle').click();
    await card(page, ids.dropped).getByTestId('compare-toggle').click();
    const tray = page.getByTestId('compare-tray');
    await tray.getByRole('link', { name: 'Comparar (2)' }).click();
    await page.waitForURL(/\/compare\?ids=/);
    expect(new URL(page.url()).searchParams.get('ids')).toBe(`${ids.cheap},${ids.dropped}`);
    const table = page.getByTestId('compare-table');
    await expect.poll(() => table.getByTestId('compare-column').count()).toBe(2);
    const rowText = async (name: string) =>
      (
        await table
          .locator('tr', { has: page.locator('th', { hasText: name }) })
          .first()
          .innerText()
      ).replace(/\s+/g, ' ');
    // The columns appear while their ads load ('…'): wait for the answer.
    await expect.poll(() => rowText('Precio')).toContain('₡7.600.000');
    expect(await rowText('Calificación de precio')).toContain('Excelente precio');
    expect(await rowText('Días publicado')).toMatch(/0.*0/);
    // Extras: present in one, absent in the other.
    const airbags = table.locator('tr', { has: page.locator('th', { hasText: /^Bolsas de aire|Airbags/ }) }).first();
    expect(await airbags.locator('svg[aria-label="Sí"]').count()).toBe(1);
    expect(await airbags.locator('svg[aria-label="No"]').count()).toBe(1);
    const shared = page.url();
    await page.context().close();

    const phone = await phonePage(`${new URL(shared).pathname}${new URL(shared).search}&lang=en`);
    const phoneTable = phone.getByTestId('compare-table');
    await expect.poll(() => phoneTable.getByTestId('compare-column').count()).toBe(2);
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('Compare ads');
    // Wider than the phone: it scrolls sideways inside its box, the page itself does not.
    const widths = await phone.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport + 1);
    expect(await phoneTable.evaluate((element) => element.scrollWidth)).toBeGreaterThan(360);
    await phoneTable.getByRole('button', { name: 'Remove from comparison' }).first().tap();
    await expect.poll(() => phoneTable.getByTestId('compare-column').count()).toBe(1);
    expect(new URL(phone.url()).searchParams.get('ids')).toBe(ids.dropped);
    await phone.context().close();
  });
});
