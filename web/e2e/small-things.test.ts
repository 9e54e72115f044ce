import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser } from './harness';
import { press, seriousViolations, shot, SIZES } from './issue31';
import { createAd, newSeller } from './sellers';
import { signInAt } from './signInAt';

/**
 * Issue 31, item 7 (the small things a phone user meets), in Chromium at 1280 × 800 (Spanish, mouse)
 * and 360 × 740 (English, taps): /favicon.ico answers an icon; editing an ad does not ask for the
 * terms again, its preview shows the seller's description, and a phone is told to tap for photos
 * (a desktop to drag them); My ads shows the seller's cards without a buyer's buttons.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '4' });

const TEXT = {
  es: {
    account: 'Mi cuenta',
    heading: 'Describa su vehículo',
    photos: 'Arrastre sus fotos aquí o haga clic para elegirlas',
    next: 'Siguiente',
    description: 'Lo que dice el vendedor',
    terms: /Acepto los/,
    save: 'Guardar cambios',
  },
  en: {
    account: 'My account',
    heading: 'Describe your car',
    photos: 'Tap to choose your photos',
    next: 'Next',
    description: 'What the seller says',
    terms: /I accept the/,
    save: 'Save changes',
  },
} as const;

describe('small things a phone user meets (issue 31, item 7)', () => {
  it('answers /favicon.ico with the wheel icon', async () => {
    const { server } = running();
    const response = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/icon/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  for (const size of SIZES) {
    it(`an edit shows the description in the preview and saves without the terms again; photos are tapped on a phone (${size.name})`, async () => {
      const started = running();
      const { server } = started;
      const text = TEXT[size.language];
      const seller = await newSeller(server, { language: size.language });
      const words = 'Único dueño, mantenimiento en agencia. Se recibe carro.';
      const ad = await createAd(server, seller, { description: words, passengersNumber: 5 });
      const page = await signInAt(started, seller, size, text.account);
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.baseUrl}/opportunityUpdateView?opportunityId=${ad}`);
      await hydrated(page);
      await page.getByRole('heading', { name: text.heading }).waitFor();
      const drop = page.getByText(text.photos);
      await drop.waitFor();
      await drop.scrollIntoViewIfNeeded();
      await shot(page, `wizard-photos-${size.language}-${size.width}`);

      await press(size, page.getByRole('button', { name: text.next }));
      await press(size, page.getByRole('button', { name: text.next }));
      const preview = page.getByTestId('preview-description');
      await preview.waitFor();
      expect(await preview.textContent()).toBe(`${text.description}${words}`);
      expect(await page.getByRole('checkbox', { name: text.terms }).count()).toBe(0);
      await preview.scrollIntoViewIfNeeded();
      await shot(page, `wizard-preview-${size.language}-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await press(size, page.getByRole('button', { name: text.save }));
      await page.waitForURL(/opportunityUpdateResultView/);

      // My ads: the seller's own public card has no star, WhatsApp or compare; a visitor's card of it has them.
      const admin = await server.login((await server.demo()).credentials.admin);
      await server.graphql('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: ad }, admin);
      await page.goto(`${server.baseUrl}/myOpportunities`);
      await hydrated(page);
      const card = page.getByRole('article', { name: 'Toyota Yaris 2018' });
      await card
        .getByTestId('card-status')
        .or(card.getByRole('link', { name: 'Toyota Yaris 2018' }))
        .first()
        .waitFor();
      const buyerButtons = (scope: typeof card) =>
        scope.getByRole('button', { name: /favoritos|favourites|Comparar|Compare/ }).or(scope.getByRole('link', { name: /WhatsApp/ }));
      expect(await buyerButtons(card).count()).toBe(0);
      await shot(page, `my-ads-${size.language}-${size.width}`);
      const visitor = await started.browser.newPage({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });
      await visitor.goto(`${server.baseUrl}/sellerOpportunities/${seller.id}`);
      await hydrated(visitor);
      await expect.poll(() => buyerButtons(visitor.getByRole('article', { name: 'Toyota Yaris 2018' })).count()).toBeGreaterThan(0);
      await visitor.close();
      await page.context().close();
    });
  }
});
