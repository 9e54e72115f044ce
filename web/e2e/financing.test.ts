import { financingPlan, formatMoney, formatNumber, fromCrc, toCrc } from '@ruedas/domain';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdChunk, hydrated, openPage, serverAndBrowser, type Started } from './harness';

/** Issue 13 item 14: a financing calculator and similar cars on the ad page; issue 31 item 10: both come after the first screen. */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '30' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

/** A public demo ad with its price, and the exchange-rate parameter. */
async function publicAd({ server }: Started) {
  const demo = (await server.demo()).ads.find((ad) => ad.status === 'PUBLIC_ONLINE')!;
  const { opportunity, crcPerUsd } = await server.graphql<{ opportunity: { price: number; currency: 'CRC' | 'USD' }; crcPerUsd: number }>(
    'query($id: ID!) { opportunity(id: $id) { price currency } crcPerUsd }',
    { id: demo.id },
  );
  return { id: demo.id, ...opportunity, crcPerUsd };
}

/** Fills the calculator: a down payment, 48 months, 10 % a year. */
async function fillPlan(box: Locator, downPayment: number) {
  await box.getByRole('textbox', { name: 'Prima' }).fill(String(downPayment));
  await box.getByRole('combobox', { name: 'Plazo' }).selectOption('48');
  await box.getByRole('textbox', { name: 'Tasa anual' }).fill('10');
}

/** Waits for the monthly payment of that plan, in the ad's currency and the other. */
async function expectPlan(box: Locator, ad: Awaited<ReturnType<typeof publicAd>>, downPayment: number) {
  const expected = financingPlan({ price: ad.price, downPayment, termMonths: 48, annualRate: 10 });
  if (!expected.ok) throw new Error('the demo ad cannot be financed');
  const monthly = expected.plan.monthlyPayment;
  // Colones whole, dollars with cents.
  const shown = (amount: number, currency: 'CRC' | 'USD') => formatMoney(currency === 'CRC' ? Math.round(amount) : amount, currency, 'es');
  await expect.poll(() => box.getByTestId('financing-monthly').textContent()).toBe(shown(monthly, ad.currency));
  const other = ad.currency === 'CRC' ? 'USD' : 'CRC';
  expect(await box.getByTestId('financing-monthly-other').textContent()).toBe(
    `Aproximadamente ${shown(fromCrc(toCrc(monthly, ad.currency, ad.crcPerUsd), other, ad.crcPerUsd), other)}`,
  );
}

describe('financing calculator (issue 13)', () => {
  for (const size of SIZES) {
    it(`works out the monthly payment of a public ad, in its currency and the other (${size.name})`, async () => {
      const ad = await publicAd(running());
      const page = await openPage(running(), `/opportunity/${ad.id}`, { width: size.width, height: size.height });
      const box = page.getByTestId('financing');
      await box.waitFor();
      const down = ad.currency === 'CRC' ? 1_000_000 : 2_000;
      await fillPlan(box, down);
      await expectPlan(box, ad, down);
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/i13b-shots/financing-${size.name}.png` });

      // A down payment above the price is refused with its message.
      await box.getByRole('textbox', { name: 'Prima' }).fill(String(ad.price * 2));
      await box.getByRole('textbox', { name: 'Prima' }).blur();
      await box.getByText('La prima debe estar entre 0 y el precio del carro.').waitFor();
      expect(await box.getByTestId('financing-monthly').count()).toBe(0);
      await page.context().close();
    });
  }

  it('counts what was typed into it before its code arrived (phone, slow network)', async () => {
    // The calculator is hydrated after the rest of the page (its own chunk): on a slow phone a
    // visitor can type into its server HTML first. Its chunk is held here until they have.
    const ad = await publicAd(running());
    const { server, browser } = running();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-CR' });
    const page = await context.newPage();
    const release = await holdChunk(page, 'FinancingCalculator');
    await page.goto(`${server.baseUrl}/opportunity/${ad.id}`);
    await hydrated(page);
    const box = page.getByTestId('financing');
    const down = ad.currency === 'CRC' ? 1_500_000 : 3_000;
    await fillPlan(box, down);
    await release();
    await expectPlan(box, ad, down);
    // The typed text stays as typed (formatted), not the rendered default.
    expect(await box.getByRole('textbox', { name: 'Prima' }).inputValue()).toBe(formatNumber(down, 'es'));
    await context.close();
  });
});

describe('similar cars (issue 13)', () => {
  for (const size of SIZES) {
    it(`shows other cars of the same model, then of the same style and price, never the ad itself (${size.name})`, async () => {
      const { server } = running();
      const search = async (filter: Record<string, unknown>) =>
        (
          await server.graphql<{ searchOpportunities: { items: Array<{ id: string }> } }>(
            'query($f: SearchFilterInput!) { searchOpportunities(filter: $f) { items { id } } }',
            { f: filter },
          )
        ).searchOpportunities.items.map((item) => item.id);
      const ads = (await server.demo()).ads.filter((ad) => ad.status === 'PUBLIC_ONLINE');
      // An ad whose model another public ad shares, so that the row starts with it.
      const ad = ads.find((one) => ads.some((other) => other.id !== one.id && other.brand === one.brand && other.model === one.model)) ?? ads[0]!;
      const { opportunity } = await server.graphql<{ opportunity: { style: string; price: number; currency: string } }>(
        'query($id: ID!) { opportunity(id: $id) { style price currency } }',
        { id: ad.id },
      );
      const expected = [
        ...new Set([
          ...(await search({ brand: ad.brand, model: ad.model })),
          ...(await search({
            style: opportunity.style,
            currency: opportunity.currency,
            priceFrom: Math.floor(opportunity.price * 0.75),
            priceTo: Math.ceil(opportunity.price * 1.25),
          })),
        ]),
      ]
        .filter((id) => id !== ad.id)
        .slice(0, 3);
      expect(expected.length).toBeGreaterThan(0);

      const page = await openPage(running(), `/opportunity/${ad.id}`, { width: size.width, height: size.height });
      const section = page.getByTestId('similar-ads');
      await section.waitFor();
      await expect
        .poll(async () =>
          (await section.locator('article h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map((href) =>
            href?.replace('/opportunity/', ''),
          ),
        )
        .toEqual(expected);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/i13b-shots/similar-${size.name}.png` });
      await page.context().close();
    });
  }
});

describe('the parts below the first screen of an ad page (issue 31 item 10)', () => {
  it("are rendered from lists of the few shown, and their code is fetched once they come near a phone's screen", async () => {
    const { server, browser } = running();
    const ads = (await server.demo()).ads.filter((ad) => ad.status === 'PUBLIC_ONLINE');
    // A seller with other ads, so that the row has cards.
    const ad = ads.find((one) => ads.some((other) => other.id !== one.id && other.sellerId === one.sellerId)) ?? ads[0]!;
    const html = await (await fetch(`${server.baseUrl}/opportunity/${ad.id}`)).text();
    // What the server asked before the first byte: the seller's ads and each similar-cars search for
    // the 3 shown and this ad (a card each, no facets), never a whole page of results.
    const state = JSON.parse(/<script type="application\/json" id="ruedas-state"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as {
      answers: Record<string, unknown>;
    };
    const asked = Object.keys(state.answers).map((key) => {
      const [name = '', variables = '{}'] = /^([^:]+):(.*)$/s.exec(key)!.slice(1);
      return { name, pageSize: (JSON.parse(variables) as { pageSize?: number }).pageSize };
    });
    expect(asked.filter((one) => /Seller|Similar|Search/.test(one.name))).toEqual([
      { name: 'SellerOpportunities', pageSize: 4 },
      { name: 'SimilarOpportunities', pageSize: 4 },
      { name: 'SimilarOpportunities', pageSize: 4 },
    ]);
    expect(html).toContain('id="seller-ads"');

    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-CR' });
    const page = await context.newPage();
    const chunks: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/(SellerAds|SimilarAds|FinancingCalculator|SafetyTips)-/.exec(new URL(request.url()).pathname)?.[1];
      if (name) chunks.push(name);
    });
    await page.goto(`${server.baseUrl}/opportunity/${ad.id}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    // The server's HTML of the lists is there meanwhile (the page reads, its links are links).
    expect(await page.locator('#seller-ads').count()).toBe(1);
    // Scrolled down: their code comes (and React hydrates them where they are).
    for (let step = 0; step < 40 && !(await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 1)); step++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(50);
    }
    await expect.poll(() => [...new Set(chunks)].sort()).toEqual(['FinancingCalculator', 'SafetyTips', 'SellerAds', 'SimilarAds']);
    await page.locator('#seller-ads').waitFor();
    await context.close();
  });
});
