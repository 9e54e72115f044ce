import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser } from './harness';
import { press, shot, SIZES } from './issue31';

/**
 * Issue 31, item 7: Back (Android's button, the browser's) with the photo lightbox open closes it and
 * stays on the ad; the next Back leaves the ad. At 1280 × 800 (Spanish, mouse) and 360 × 740 (English, taps).
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

const ENLARGE = { es: 'Ampliar fotos', en: 'Enlarge photos' } as const;

describe('Back closes the lightbox (issue 31, item 7)', () => {
  for (const size of SIZES) {
    it(`closes the lightbox and stays on the ad, then leaves it (${size.name})`, async () => {
      const { server, browser } = running();
      const { searchOpportunities } = await server.graphql<{ searchOpportunities: { items: Array<{ id: string; attachmentIds: string[] }> } }>(
        '{ searchOpportunities(filter: {}) { items { id attachmentIds } } }',
      );
      const ad = searchOpportunities.items.find((item) => item.attachmentIds.length > 1) ?? searchOpportunities.items[0]!;
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.baseUrl}/?lang=${size.language}`);
      await hydrated(page);
      await page.goto(`${server.baseUrl}/opportunity/${ad.id}?lang=${size.language}`);
      await hydrated(page);
      await press(size, page.getByRole('button', { name: ENLARGE[size.language] }).first());
      const lightbox = page.getByTestId('lightbox');
      await lightbox.waitFor();
      await shot(page, `lightbox-${size.language}-${size.width}`);
      await page.goBack();
      await lightbox.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/opportunity/${ad.id}`);
      // Opened and closed by its button: no entry left behind, Back leaves the ad.
      await press(size, page.getByRole('button', { name: ENLARGE[size.language] }).first());
      await lightbox.waitFor();
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'detached' });
      await page.goBack();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await context.close();
    });
  }
});
