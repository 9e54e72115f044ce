import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser } from './harness';

/**
 * Issue 13 item 14: a buyer narrows the results by province and canton (every ad has a location).
 * The search service is the oracle for every count.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '60' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

async function count(filter: Record<string, unknown>): Promise<{ total: number; cantons: Array<{ value: string; count: number }> }> {
  const data = await running().server.graphql<{
    searchOpportunities: { totalItems: number; facets: Array<{ field: string; values: Array<{ value: string; count: number }> }> };
  }>('query ($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems facets { field values { value count } } } }', { filter });
  return { total: data.searchOpportunities.totalItems, cantons: data.searchOpportunities.facets.find((facet) => facet.field === 'canton')?.values ?? [] };
}

const shownCount = async (page: Page) => Number(((await page.getByTestId('result-count').textContent()) ?? '').replace(/\D/g, ''));
const filters = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>;

describe('search by location (issue 13)', () => {
  for (const size of SIZES) {
    it(`narrows by province, then canton, with their counts (${size.name})`, async () => {
      const all = await count({});
      const sanJose = await count({ province: '1' });
      expect(sanJose.total).toBeGreaterThan(0);
      expect(sanJose.total).toBeLessThan(all.total);
      const canton = sanJose.cantons.find((entry) => entry.count > 0)!;

      const page = await openPage(running(), '/searchingOpportunities', { width: size.width, height: size.height });
      await expect.poll(() => shownCount(page)).toBe(all.total);
      // On a phone the filters wait in a drawer behind the Filtros button (item 4).
      if (size.name === 'phone') await page.getByRole('button', { name: /^Filtros/ }).click();
      const province = page.getByRole('combobox', { name: 'Provincia' });
      expect(await province.locator('option[value="1"]').textContent()).toMatch(/^San José \(\d+\)$/);
      await province.selectOption('1');
      await expect.poll(() => filters(page)).toEqual({ province: '1' });
      await expect.poll(() => shownCount(page)).toBe(sanJose.total);
      const cantonSelect = page.getByRole('combobox', { name: 'Cantón' });
      await cantonSelect.selectOption(canton.value);
      await expect.poll(() => filters(page)).toEqual({ province: '1', canton: canton.value });
      await expect.poll(() => shownCount(page)).toBe(canton.count);
      expect(canton.count).toBe((await count({ province: '1', canton: canton.value })).total);
      await page.screenshot({ path: `/tmp/i13b-shots/search-location-${size.name}.png` });
      await page.context().close();
    });
  }
});
