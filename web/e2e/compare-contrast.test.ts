import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser } from './harness';
import { seriousViolations, shot, SIZES } from './issue31';

/** Issue 31, item 8 (part): the compare page's prices pass axe's contrast check, in both languages, at 1280 × 800 and 360 × 740. */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

describe('compare keeps its prices legible (issue 31, item 8)', () => {
  for (const size of SIZES) {
    it(`has no serious or critical axe violation (${size.name})`, async () => {
      const { server, browser } = running();
      const { searchOpportunities } = await server.graphql<{ searchOpportunities: { items: Array<{ id: string }> } }>(
        '{ searchOpportunities(filter: {}) { items { id } } }',
      );
      const ids = searchOpportunities.items.slice(0, 3).map((item) => item.id);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/compare?ids=${ids.join(',')}&lang=${size.language}`);
      await hydrated(page);
      await page.locator('table').first().waitFor();
      await shot(page, `compare-${size.language}-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
