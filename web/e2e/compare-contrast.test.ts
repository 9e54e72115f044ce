import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser, type RunningServer } from './harness';
import { seriousViolations, shot, SIZES } from './issue31';
import { createAd, eventually, newSeller } from './sellers';

/**
 * Issue 31, item 8: the compare page at 1280 × 800 (Spanish) and 360 × 740 (English): its prices pass
 * axe's contrast check; on a phone at least two cars side by side; the cars' names stay in view when
 * the rows scroll; every price in one currency (colones: a dollar ad converted, marked ≈); no UUID
 * address printed on the page.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

type Item = { id: string; askingPrice: { currency: string } };
let picked: Promise<string[]> | undefined;

/** Three public ads, one of them in dollars (a test ad when the demo has none). */
function threeAds(server: RunningServer): Promise<string[]> {
  picked ??= (async () => {
    const search = async () =>
      (await server.graphql<{ searchOpportunities: { items: Item[] } }>('{ searchOpportunities(filter: {}) { items { id askingPrice { currency } } } }'))
        .searchOpportunities.items;
    let items = await search();
    if (!items.some((item) => item.askingPrice.currency === 'USD')) {
      const admin = await server.login((await server.demo()).credentials.admin);
      const seller = await newSeller(server, { name: 'Dólares' });
      const id = await createAd(server, seller, { model: 'Tacoma', price: 24_000, currency: 'USD', carIdNumber: 'TACO24' });
      await server.graphql('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id }, admin);
      items = await eventually(search, (found) => found.some((item) => item.askingPrice.currency === 'USD'));
    }
    const dollar = items.find((item) => item.askingPrice.currency === 'USD')!;
    return [
      dollar.id,
      ...items
        .filter((item) => item.askingPrice.currency === 'CRC')
        .slice(0, 2)
        .map((item) => item.id),
    ];
  })();
  return picked;
}

describe('compare on any screen (issue 31, item 8)', () => {
  for (const size of SIZES) {
    it(`shows the cars side by side with their names kept, in one currency, legibly (${size.name})`, async () => {
      const { server, browser } = running();
      const ids = await threeAds(server);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/compare?ids=${ids.join(',')}&lang=${size.language}`);
      await hydrated(page);
      await page.locator('table').first().waitFor();
      const names = page.getByTestId('compare-name');
      await expect.poll(() => names.count()).toBe(3);
      // At least two cars side by side, wholly on the screen.
      const boxes = await names.evaluateAll((elements) =>
        elements.map((element) => (({ left, right }) => ({ left, right }))(element.closest('th')!.getBoundingClientRect())),
      );
      expect(boxes.filter((box) => box.left >= 0 && box.right <= size.width).length).toBeGreaterThanOrEqual(2);
      // One currency: each price in colones (the dollar ad's converted, "≈ ₡…", its listed price under it).
      const prices = await page
        .getByTestId('compare-price')
        .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText.split('\n')[0] ?? ''));
      expect(prices).toHaveLength(3);
      for (const price of prices) expect(price).toMatch(/^(≈ )?₡/);
      // No address with the ads' ids printed on the page (a short link instead).
      const shown = await page.evaluate(() => document.body.innerText);
      for (const id of ids) expect(shown).not.toContain(id);
      await shot(page, `compare-${size.language}-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      // Scrolled to the table's last row: the names are still in view, under the site's header.
      await page
        .getByTestId('compare-table')
        .locator('tbody tr')
        .last()
        .evaluate((row) => row.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(100);
      await shot(page, `compare-scrolled-${size.language}-${size.width}`);
      const header = await page.locator('header').first().boundingBox();
      for (const name of await names.all()) {
        const box = (await name.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
        // Nothing covers the name: the point at its first letter is inside its own head cell.
        const onTop = await name.evaluate((element) => {
          const first = element.getClientRects()[0]!;
          const hit = document.elementFromPoint(first.left + 2, first.top + first.height / 2);
          return hit !== null && element.closest('th')!.contains(hit);
        });
        expect(onTop).toBe(true);
      }
      await context.close();
    });
  }
});
