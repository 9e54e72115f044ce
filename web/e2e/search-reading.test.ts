import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser } from './harness';

/**
 * Issue 27: the results page shows how the free text was read. Typing a phrase as people do
 * ("corolla usado menos de 20 millones"), its chips, removing one (the search runs again without its
 * words), the notice of words left out when the whole phrase found nothing ("Sin 'en Limón': 3
 * carros"), and a suggestion from a typo ("hiun" → Hyundai). At phone size by taps and desktop size
 * by mouse, in Spanish and English. The search service is the oracle for every count.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '120' });

const CASES = [
  { name: 'phone, Spanish, taps', width: 360, height: 740, touch: true, language: 'es' },
  { name: 'desktop, English, mouse', width: 1280, height: 800, touch: false, language: 'en' },
  { name: 'phone, English, taps', width: 360, height: 740, touch: true, language: 'en' },
  { name: 'desktop, Spanish, mouse', width: 1280, height: 800, touch: false, language: 'es' },
] as const;
type Case = (typeof CASES)[number];

const TEXT = {
  es: { box: 'Buscar carros', suggestions: 'Sugerencias', dropped: (words: string, n: number) => `Sin ${words}: ${n} ${n === 1 ? 'carro' : 'carros'}` },
  en: { box: 'Search cars', suggestions: 'Suggestions', dropped: (words: string, n: number) => `Without ${words}: ${n} ${n === 1 ? 'car' : 'cars'}` },
} as const;

const PROVINCES: Record<string, string> = {
  '1': 'San José',
  '2': 'Alajuela',
  '3': 'Cartago',
  '4': 'Heredia',
  '5': 'Guanacaste',
  '6': 'Puntarenas',
  '7': 'Limón',
};

async function count(filter: Record<string, unknown>): Promise<number> {
  const data = await running().server.graphql<{ searchOpportunities: { totalItems: number } }>(
    'query ($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }',
    { filter },
  );
  return data.searchOpportunities.totalItems;
}

const press = (size: Case, target: Locator) => (size.touch ? target.tap() : target.click());
const shownCount = async (page: Page) => Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''));
const addressText = (page: Page) => (JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as { text?: string }).text;

async function typePhrase(page: Page, size: Case, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: TEXT[size.language].box });
  await press(size, box);
  await box.fill('');
  await box.pressSequentially(text, { delay: 10 });
  await box.press('Escape');
  await box.press('Enter');
  await expect.poll(() => addressText(page)).toBe(text);
}

describe('search: the free text as it was read (issue 27)', () => {
  for (const size of CASES) {
    it(`shows a phrase's chips, removes one, tells which words were left out, suggests from a typo (${size.name})`, async () => {
      const ads = (await running().server.demo()).ads.filter((ad) => ad.status === 'PUBLIC_ONLINE' || ad.status === 'MODIFIED');
      // The model with the most public ads, and a province where it has none.
      const byModel = new Map<string, typeof ads>();
      for (const ad of ads) byModel.set(`${ad.brand}|${ad.model}`, [...(byModel.get(`${ad.brand}|${ad.model}`) ?? []), ad]);
      const [key] = [...byModel.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
      const [brand, model] = key.split('|') as [string, string];
      const modelCount = await count({ brand, model });
      expect(modelCount).toBeGreaterThan(0);
      let empty: string | undefined;
      for (const code of Object.keys(PROVINCES)) if (!empty && (await count({ brand, model, province: code })) === 0) empty = code;
      expect(empty, `a province without a ${model}`).toBeDefined();

      const context = await running().browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        locale: size.language === 'es' ? 'es-CR' : 'en-US',
      });
      const page = await context.newPage();
      await page.goto(`${running().server.baseUrl}/searchingOpportunities?lang=${size.language}`);
      await hydrated(page);

      // A phrase as people type it: the model, a word every ad is, a price in words.
      const phrase = `${model.toLowerCase()} usado menos de 60 millones`;
      const priced = await count({ brand, model, priceTo: 60_000_000, currency: 'CRC' });
      await typePhrase(page, size, phrase);
      await expect.poll(() => shownCount(page)).toBe(priced);
      const chips = page.getByTestId('reading-chip');
      await expect.poll(() => chips.count()).toBe(2);
      expect(await page.locator('[data-testid="reading-chip"][data-kind="MODEL"]').textContent()).toContain(model);
      expect(await page.locator('[data-testid="reading-chip"][data-kind="PRICE"]').textContent()).toContain('60');

      // Removing the price chip searches the text without its words.
      await press(size, page.locator('[data-testid="reading-chip"][data-kind="PRICE"]').getByRole('button'));
      await expect.poll(() => addressText(page)).toBe(`${model.toLowerCase()} usado`);
      await expect.poll(() => shownCount(page)).toBe(modelCount);
      await expect.poll(() => chips.count()).toBe(1);

      // A place where the model has no ad: the place is left out and the page says so.
      const place = PROVINCES[empty!]!;
      await typePhrase(page, size, `${model.toLowerCase()} en ${place}`);
      const notice = page.getByTestId('dropped-words');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(TEXT[size.language].dropped(`'en ${place}'`, modelCount));
      expect(await shownCount(page)).toBe(modelCount);

      // A typo in the box: "hiun" suggests Hyundai.
      const box = page.getByRole('combobox', { name: TEXT[size.language].box });
      await press(size, box);
      await box.fill('');
      await box.pressSequentially('hiun', { delay: 60 });
      const option = page
        .getByRole('listbox', { name: TEXT[size.language].suggestions })
        .getByRole('option')
        .filter({ hasText: /^Hyundai/ })
        .first();
      await option.waitFor();
      await press(size, option);
      await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}')).toMatchObject({ brand: 'HYUNDAI' });
      await expect.poll(() => shownCount(page)).toBe(await count({ brand: 'HYUNDAI' }));
      await context.close();
    });
  }
});
