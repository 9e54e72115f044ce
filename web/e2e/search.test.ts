import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage as openPageOn, serverAndBrowser } from './harness';

/**
 * The search screens against the all-in-one server with a demo catalogue of 120 ads (about 85
 * public, a fifth of them Toyotas, two of them Corollas). The search service is the oracle: every
 * count, facet and order the page shows is compared with what `searchOpportunities` answers for
 * the filter in the page's address.
 */
const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '120' };

const running = serverAndBrowser(DEMO);

interface SearchAnswer {
  totalItems: number;
  totalPages: number;
  pageNumber: number;
  items: { id: string }[];
  facets: { field: string; values: { value: string; count: number }[] }[];
}

/** What the search service answers for a filter, page and sort. */
async function searchApi(filter: Record<string, unknown>, pageNumber = 1, sort = 'RELEVANCE'): Promise<SearchAnswer> {
  const data = await running().server.graphql<{ searchOpportunities: SearchAnswer }>(
    `query ($filter: SearchFilterInput!, $pageNumber: Int, $sort: SearchSort) {
      searchOpportunities(filter: $filter, pageNumber: $pageNumber, sort: $sort) {
        totalItems totalPages pageNumber items { id } facets { field values { value count } }
      }
    }`,
    { filter, pageNumber, sort },
  );
  return data.searchOpportunities;
}

const facetCount = (answer: SearchAnswer, field: string, value: string) =>
  answer.facets.find((facet) => facet.field === field)?.values.find((entry) => entry.value === value)?.count;

/** A fresh browser context (empty storage) in Spanish, on `path`. */
const openPage = (path: string, width = 1280, height = 900) => openPageOn(running(), path, { width, height });

/** The filter, page and sort of the results page's address. */
function addressOf(page: Page): { filter: Record<string, unknown>; page: number; sort: string } {
  const params = new URL(page.url()).searchParams;
  return {
    filter: JSON.parse(params.get('filters') ?? '{}') as Record<string, unknown>,
    page: Number(params.get('page') ?? '1'),
    sort: params.get('sort') ?? 'RELEVANCE',
  };
}

const list = (page: Page) => page.getByTestId('ad-list');

/** Polls for up to 10 s: a change reaches the address 300 ms after the last input, then the service answers. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** The ad ids of the cards shown, in order (the list may be empty). */
async function shownAdIds(page: Page): Promise<string[]> {
  await list(page).waitFor();
  return list(page)
    .locator('article h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/opportunity/', '') ?? ''));
}

/** Waits until the page shows what the service answers for its address: the count and the cards, in order. */
async function expectPageMatchesService(page: Page): Promise<SearchAnswer> {
  let answer: SearchAnswer | undefined;
  await expect
    .poll(
      async () => {
        const { filter, page: number, sort } = addressOf(page);
        answer = await searchApi(filter, number, sort);
        const count =
          (await page
            .getByTestId('result-count')
            .textContent()
            .catch(() => '')) ?? '';
        const shown = { count: count.replace(/\D/g, ''), ids: await shownAdIds(page) };
        const expected = { count: String(answer.totalItems), ids: answer.items.map((item) => item.id) };
        return JSON.stringify(shown) === JSON.stringify(expected) ? 'as the service answers' : JSON.stringify({ shown, expected });
      },
      { timeout: 15_000 },
    )
    .toBe('as the service answers');
  if (!answer) throw new Error('no answer');
  return answer;
}

const option = (page: Page, select: string, value: string) => page.getByRole('combobox', { name: select, exact: true }).locator(`option[value="${value}"]`);

describe('search', () => {
  it('understands a misspelled query, picks a suggestion with the keyboard, and reads free text', async () => {
    const page = await openPage('/');
    const box = page.getByRole('combobox', { name: 'Buscar carros' });
    await box.pressSequentially('toyta corola', { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: 'Sugerencias' });
    await suggestions.getByRole('option').first().waitFor();
    const labels = await suggestions.getByRole('option').allTextContents();
    expect(labels.length).toBeLessThanOrEqual(10);
    const index = labels.findIndex((label) => /^Toyota Corolla(?! Cross)/.test(label));
    expect(index, `a "Toyota Corolla" suggestion among ${JSON.stringify(labels)}`).toBeGreaterThanOrEqual(0);
    for (let step = 0; step <= index; step += 1) await box.press('ArrowDown');
    await box.press('Enter');

    await page.waitForURL(/\/searchingOpportunities\?filters=/);
    await page.getByRole('heading', { name: 'Buscar carros', level: 1 }).waitFor();
    expect(addressOf(page).filter).toMatchObject({ brand: 'TOYOTA', model: 'Corolla' });
    const answer = await expectPageMatchesService(page);
    expect(answer.totalItems).toBeGreaterThan(0);
    const titles = await list(page).locator('article h3').allTextContents();
    expect(titles.every((title) => title.startsWith('Toyota Corolla'))).toBe(true);
    // The advanced panel shows the suggestion's filter.
    expect(await page.getByRole('combobox', { name: 'Marca', exact: true }).inputValue()).toBe('TOYOTA');
    expect(await page.getByRole('combobox', { name: 'Modelo', exact: true }).inputValue()).toBe('Corolla');

    // Free text with Enter: the misspelling is read as Toyota Corolla, automatic.
    await box.fill('');
    await box.pressSequentially('toyta corola automatico', { delay: 20 });
    await box.press('Escape');
    await box.press('Enter');
    await poll(() => addressOf(page).filter).toEqual({ text: 'toyta corola automatico' });
    await page.getByTestId('interpretation').waitFor();
    expect(await page.getByTestId('interpretation').getByText('Automática').count()).toBe(1);
    expect(await page.getByTestId('interpretation').getByText('Corolla').count()).toBe(1);
    const free = await expectPageMatchesService(page);
    expect(free.totalItems).toBeGreaterThan(0);
    const freeTitles = await list(page).locator('article h3').allTextContents();
    expect(freeTitles.every((title) => title.startsWith('Toyota Corolla'))).toBe(true);

    // Nothing matches: the message of the spec.
    await box.fill('zxqwv kjhgf');
    await box.press('Enter');
    await page.getByText('No se encontraron resultados').waitFor();
    expect(await page.getByTestId('result-count').textContent()).toBe('0 resultados');
    await page.context().close();
  });

  it('narrows with the sliders and filters (facet counts follow), sorts, pages, and a shared address reopens the same results', async () => {
    const page = await openPage(`/searchingOpportunities?filters=${encodeURIComponent(JSON.stringify({ brand: 'TOYOTA' }))}`);
    const all = await expectPageMatchesService(page);
    expect(all.totalItems).toBeGreaterThan(10);
    const brandOption = option(page, 'Marca', 'TOYOTA');
    await poll(() => brandOption.textContent()).toBe(`Toyota (${all.totalItems})`);

    // The year slider, by keyboard: the lower thumb from 1990 up to 2015.
    const yearFrom = page.getByTestId('year-slider').getByRole('slider').first();
    await yearFrom.focus();
    for (let step = 0; step < 25; step += 1) await yearFrom.press('ArrowRight');
    expect(await yearFrom.getAttribute('aria-valuenow')).toBe('2015');
    await poll(() => addressOf(page).filter).toEqual({ brand: 'TOYOTA', yearFrom: 2015 });
    const recent = await expectPageMatchesService(page);
    expect(recent.totalItems).toBeLessThan(all.totalItems);
    await poll(() => brandOption.textContent()).toBe(`Toyota (${recent.totalItems})`);

    // A currency, then the price slider by mouse: the upper thumb dragged from 40,000,000 to about 40 %.
    await page.getByRole('combobox', { name: 'Moneda', exact: true }).selectOption('CRC');
    // The panel is taller since issue 31 (always shown, one column): the slider may be below the fold.
    await page.getByTestId('price-slider').scrollIntoViewIfNeeded();
    const [low, high] = await page
      .getByTestId('price-slider')
      .getByRole('slider')
      .evaluateAll((thumbs) =>
        thumbs.map((thumb) => {
          const rect = thumb.getBoundingClientRect();
          return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
        }),
      );
    if (!low || !high) throw new Error('no price thumbs');
    await page.mouse.move(high.x, high.y);
    await page.mouse.down();
    await page.mouse.move(low.x + (high.x - low.x) * 0.4, high.y, { steps: 8 });
    await page.mouse.up();
    await poll(() => Number(addressOf(page).filter.priceTo ?? 0)).toBeGreaterThan(0);
    expect(Number(addressOf(page).filter.priceTo)).toBeLessThan(20_000_000);
    const { priceTo } = addressOf(page).filter as { priceTo: number };
    expect(priceTo % 100_000).toBe(0);
    const priced = await expectPageMatchesService(page);
    expect(priced.totalItems).toBeLessThanOrEqual(recent.totalItems);

    // A filter of "more filters": the transmission, its counts those of the current result.
    await page.getByRole('button', { name: 'Más filtros' }).click();
    const automatic = option(page, 'Transmisión', 'AUTOMATIC');
    const automaticCount = facetCount(priced, 'transmissionType', 'AUTOMATIC');
    await poll(() => automatic.textContent()).toBe(automaticCount === undefined ? 'Automática' : `Automática (${automaticCount})`);
    await page.getByRole('combobox', { name: 'Transmisión', exact: true }).selectOption('AUTOMATIC');
    await poll(() => addressOf(page).filter.transmissionType).toBe('AUTOMATIC');
    const narrowed = await expectPageMatchesService(page);
    expect(narrowed.totalItems).toBe(automaticCount ?? 0);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-search-1280.png'), fullPage: true });

    // Back to a wider search to sort and page it: Clear keeps only the free text (none here).
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await poll(() => addressOf(page).filter).toEqual({});
    await page.getByRole('combobox', { name: 'Marca', exact: true }).selectOption('TOYOTA');
    await poll(() => addressOf(page).filter).toEqual({ brand: 'TOYOTA' });
    expect((await expectPageMatchesService(page)).totalItems).toBe(all.totalItems);
    expect(addressOf(page).filter).toEqual({ brand: 'TOYOTA' });
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption('PRICE_ASC');
    await poll(() => addressOf(page).sort).toBe('PRICE_ASC');
    const sorted = await expectPageMatchesService(page);
    expect(sorted.totalPages, page.url()).toBeGreaterThan(1);

    const pages = page.getByRole('navigation', { name: 'Páginas' });
    await pages.getByRole('link', { name: 'Página 2', exact: true }).click();
    await poll(() => addressOf(page).page).toBe(2);
    const second = await expectPageMatchesService(page);
    expect(second.items.some((item) => sorted.items.some((first) => first.id === item.id))).toBe(false);

    // The address is the search: a new browser context (no stored query) shows the same page.
    const shared = page.url();
    const ids = await shownAdIds(page);
    const other = await openPage(new URL(shared).pathname + new URL(shared).search);
    await poll(() => shownAdIds(other)).toEqual(ids);
    expect(await other.getByTestId('result-count').textContent()).toBe(await page.getByTestId('result-count').textContent());
    expect(await other.getByRole('combobox', { name: 'Ordenar por' }).inputValue()).toBe('PRICE_ASC');
    await other.context().close();

    // An ad and back: the same results at the same scroll position.
    const card = list(page)
      .getByRole('article')
      .nth(Math.min(5, ids.length - 1));
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await card.locator('h3 a').click();
    await page.getByTestId('specs').waitFor();
    await page.goBack();
    await list(page).waitFor();
    await poll(() => shownAdIds(page)).toEqual(ids);
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    await page.context().close();
  });

  it('logs an unparseable filters parameter to the console only, and keeps the stored query until the page is left', async () => {
    const page = await openPage('/');
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${running().server.baseUrl}/searchingOpportunities?filters=%7Bnot-json`);
    await page.getByTestId('result-count').waitFor();
    await poll(() => errors.some((text) => text.startsWith('Unparseable filters parameter'))).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);

    // A search from the home banner is stored; the plain results address finds it while on the page.
    await page.goto(`${running().server.baseUrl}/`);
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Buscar carros' });
    await box.fill('hilux');
    await box.press('Enter');
    await page.waitForURL(/filters=/);
    expect(await page.evaluate(() => localStorage.getItem('ruedas.searchQuery'))).toBe('{"text":"hilux"}');
    await page.goto(`${running().server.baseUrl}/searchingOpportunities`);
    await poll(() => addressOf(page).filter).toEqual({ text: 'hilux' });
    // Leaving the page removes it.
    await page.getByRole('link', { name: 'Inicio' }).first().click();
    await page.getByRole('heading', { name: 'Oportunidades de oro' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ruedas.searchQuery'))).toBeNull();
    await page.context().close();
  });
});
