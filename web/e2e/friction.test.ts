import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, legibility, open, press, publicAdWithPhotos, running, shot, startFriction, stopFriction, swipe, type Device } from './friction-devices';

export type { Device } from './friction-devices';

/**
 * Issue 13's web-side friction (items 1, 2, 4, 5, 7, 9, 11, 12), each at desktop size (1280 × 800,
 * mouse clicks) and phone size (360 × 740, touch taps and swipes), against the all-in-one server
 * with a 60-ad demo catalogue.
 */
beforeAll(startFriction);
afterAll(stopFriction);

describe('item 1: photos answer the mouse and open a lightbox', () => {
  for (const device of DEVICES) {
    it(`moves a card's and the detail's photos with ${device === 'phone' ? 'taps' : 'mouse clicks'} and opens a lightbox with zoom, count, keys and swipes (${device})`, async () => {
      const ad = await publicAdWithPhotos(3);
      const count = ad.attachmentIds.length;
      const page = await open(`/opportunity/${ad.id}`, device);
      const carousel = page.getByRole('region', { name: /^Fotos de/ }).first();
      await carousel.waitFor();
      const counter = carousel.getByText(/^\d+ \/ \d+$/);
      expect(await counter.textContent()).toBe(`1 / ${count}`);

      // The arrows take a click (or a tap) and stop at the first photo.
      await press(page, carousel.getByRole('button', { name: 'Foto siguiente' }), device);
      await expect.poll(() => counter.textContent()).toBe(`2 / ${count}`);
      await press(page, carousel.getByRole('button', { name: 'Foto anterior' }), device);
      await expect.poll(() => counter.textContent()).toBe(`1 / ${count}`);
      await press(page, carousel.getByRole('button', { name: 'Foto siguiente' }), device);
      await expect.poll(() => counter.textContent()).toBe(`2 / ${count}`);

      // A click on the photo opens the lightbox on the same photo.
      await press(page, carousel.getByRole('img', { name: new RegExp(`foto 2 de ${count}$`) }), device);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const boxCounter = page.getByTestId('lightbox-counter');
      expect(await boxCounter.textContent()).toBe(`2 / ${count}`);
      const photo = dialog.getByRole('img', { name: new RegExp(`foto \\d+ de ${count}$`) });
      await expect.poll(() => photo.getAttribute('alt')).toMatch(new RegExp(`foto 2 de ${count}$`));

      if (device === 'desktop') {
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => boxCounter.textContent()).toBe(`3 / ${count}`);
        await page.keyboard.press('Home');
        await expect.poll(() => boxCounter.textContent()).toBe(`1 / ${count}`);
        await dialog.getByRole('button', { name: 'Foto siguiente' }).click();
        await dialog.getByRole('button', { name: 'Foto siguiente' }).click();
      } else {
        const box = await dialog.getByTestId('lightbox').boundingBox();
        if (!box) throw new Error('The lightbox has no box');
        await swipe(page, box.x + box.width * 0.8, box.x + box.width * 0.2, box.y + box.height / 2);
        await expect.poll(() => boxCounter.textContent()).toBe(`3 / ${count}`);
      }
      await expect.poll(() => boxCounter.textContent()).toBe(`3 / ${count}`);

      // A click (tap) on the photo zooms in; the zoom button says so and zooms out again.
      await press(page, photo, device);
      await expect.poll(() => photo.evaluate((image) => getComputedStyle(image).transform)).toMatch(/^matrix\(2\.5, 0, 0, 2\.5/);
      const zoomOut = dialog.getByRole('button', { name: 'Alejar' });
      expect(await zoomOut.getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: shot(`lightbox-zoom-${device}`) });
      await press(page, zoomOut, device);
      await expect.poll(() => photo.evaluate((image) => getComputedStyle(image).transform)).not.toMatch(/^matrix\(2\.5/);

      // Closing returns to the page, whose carousel shows the photo reached in the lightbox.
      if (device === 'desktop') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Cerrar fotos' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => counter.textContent()).toBe(`3 / ${count}`);

      // A card's arrows on the home page answer a click too, and a click on its photo opens the ad.
      await page.goto(`${running().server.baseUrl}/`);
      const card = page
        .getByTestId('ad-list')
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: 'Foto siguiente' }) })
        .first();
      await card.waitFor();
      const cardCounter = card.getByText(/^\d+ \/ \d+$/);
      expect(await cardCounter.textContent()).toMatch(/^1 \//);
      await card.scrollIntoViewIfNeeded();
      await press(page, card.getByRole('button', { name: 'Foto siguiente' }), device);
      await expect.poll(() => cardCounter.textContent()).toMatch(/^2 \//);
      const href = await card.locator('h3 a').getAttribute('href');
      await press(page, card.getByRole('img').first(), device);
      await expect.poll(() => new URL(page.url()).pathname).toBe(href);
      await page.context().close();
    });
  }
});

describe('item 2: the home search box and its advanced panel are legible', () => {
  for (const device of DEVICES) {
    it(`shows the home suggestions in dark text on white over the page below, and the advanced panel's labels likewise (${device})`, async () => {
      const page = await open('/', device);
      const box = page.getByRole('combobox', { name: 'Buscar carros' });
      await press(page, box, device);
      await box.pressSequentially('toyo');
      const options = page.getByRole('option');
      await options.first().waitFor();
      expect(await options.count()).toBeGreaterThan(3);
      await page.screenshot({ path: shot(`home-suggestions-${device}`) });
      const suggestions = await legibility(page, '[role="option"] p');
      expect(suggestions.length).toBeGreaterThan(3);
      for (const suggestion of suggestions) {
        expect(suggestion.text).toMatch(/toyota/i);
        expect(suggestion.ratio, suggestion.text).toBeGreaterThanOrEqual(4.5);
        // Every suggestion, the last too, is visible and can be clicked: not cut off by the banner.
        expect(suggestion.onTop, suggestion.text).toBe(true);
      }
      await press(page, options.last(), device);
      await page.waitForURL(/\/searchingOpportunities/);

      await page.goto(`${running().server.baseUrl}/`);
      await press(page, page.getByRole('button', { name: 'Búsqueda avanzada' }), device);
      const panel = page.getByTestId('advanced-search');
      await panel.getByText('Marca', { exact: true }).waitFor();
      const labels = await legibility(page, '[data-testid="advanced-search"] label, [data-testid="advanced-search"] p');
      expect(labels.map((label) => label.text)).toEqual(expect.arrayContaining(['Marca', 'Modelo', 'Estilo', 'Moneda', 'Año']));
      for (const label of labels) expect(label.ratio, label.text).toBeGreaterThanOrEqual(4.5);
      await page.screenshot({ path: shot(`home-advanced-${device}`) });
      await page.context().close();
    });
  }
});

describe('item 9: a sold or expired ad says so and offers similar cars', () => {
  for (const device of DEVICES) {
    it(`tells a visitor an ad was sold or expired and shows public cars like it, with a search for more (${device})`, async () => {
      const { server, demo } = running();
      for (const [status, title] of [
        ['SOLD', 'Este carro ya se vendió'],
        ['EXPIRED', 'Este anuncio venció'],
      ] as const) {
        const gone = demo.ads.find((ad) => ad.status === status);
        if (!gone) throw new Error(`The demo has no ${status} ad`);
        // What a visitor may know of it: the reason and the car, nothing of the seller; a public ad has no such answer.
        const answer = await server.graphql<{ gone: { reason: string; brand: string; model: string; year: number } | null; live: null | object }>(
          'query($id: ID!, $live: ID!) { gone: unavailableOpportunity(id: $id) { reason brand model year } ' +
            'live: unavailableOpportunity(id: $live) { reason } }',
          { id: gone.id, live: demo.ads.find((ad) => ad.status === 'PUBLIC_ONLINE')!.id },
        );
        expect(answer).toEqual({ gone: { reason: status, brand: gone.brand, model: gone.model, year: gone.year }, live: null });

        const page = await open(`/opportunity/${gone.id}`, device);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        const similar = page.getByTestId('similar-ads').getByRole('article');
        await similar.first().waitFor();
        expect(await similar.count()).toBeGreaterThanOrEqual(1);
        expect(await similar.count()).toBeLessThanOrEqual(4);
        // Similar cars are public ones: the same brand when the catalogue has it.
        const publicIds = new Set(
          demo.ads.filter((ad) => ad.status === 'PUBLIC_ONLINE' || ad.status === 'MODIFIED' || ad.status === 'RENEWED').map((ad) => ad.id),
        );
        const sameBrand = demo.ads.some((ad) => publicIds.has(ad.id) && ad.brand === gone.brand);
        const shown = await similar.locator('h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/opportunity/', '') ?? ''));
        for (const id of shown) expect(publicIds.has(id) || demo.ads.every((ad) => ad.id !== id)).toBe(true);
        if (sameBrand) expect(shown.some((id) => demo.ads.find((ad) => ad.id === id)?.brand === gone.brand)).toBe(true);
        await page.screenshot({ path: shot(`${status.toLowerCase()}-ad-${device}`), fullPage: device === 'phone' });
        // A card opens its ad; the search button opens the results for the same car.
        await press(page, page.getByRole('link', { name: /^Ver todos:/ }), device);
        await page.waitForURL(/\/searchingOpportunities\?filters=/);
        await page.context().close();
      }
    });
  }
});

describe('item 5: a sticky contact bar on phones', () => {
  for (const device of DEVICES) {
    it(`keeps WhatsApp and Call within reach on a phone's ad page, and leaves the desktop's contact box as it is (${device})`, async () => {
      const { demo } = running();
      const ad = demo.ads.find((candidate) => candidate.status === 'PUBLIC_ONLINE' && candidate.sellerId !== demo.accounts.seller)!;
      const page = await open(`/opportunity/${ad.id}`, device);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const bar = page.getByTestId('sticky-contact');
      if (device === 'desktop') {
        expect(await bar.isVisible()).toBe(false);
        const whatsapp = page.getByRole('link', { name: 'Contactar por WhatsApp' }).first();
        expect((await whatsapp.boundingBox())!.y).toBeLessThan(800);
      } else {
        for (const scroll of [0, 0.5, 1]) {
          await page.evaluate((share) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * share), scroll);
          const whatsapp = bar.getByRole('link', { name: 'WhatsApp' });
          const box = await whatsapp.boundingBox();
          if (!box) throw new Error('No WhatsApp button');
          // On screen, at the bottom, and on top of whatever is under it.
          expect(box.y + box.height).toBeLessThanOrEqual(740);
          expect(box.y).toBeGreaterThan(740 - 100);
          expect(
            await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? '', {
              x: box.x + box.width / 2,
              y: box.y + box.height / 2,
            }),
          ).toMatch(/^https:\/\/wa\.me\/506\d{8}/);
        }
        expect(await bar.getByRole('link', { name: 'Llamar' }).getAttribute('href')).toMatch(/^tel:\+506\d{8}$/);
        // The last of the page is not hidden under the bar.
        const footer = await page.locator('footer').boundingBox();
        expect(footer!.y + footer!.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
        await page.screenshot({ path: shot('sticky-contact-phone') });
        // A tap on WhatsApp opens the chat in a new tab (answered here: the test machine has no internet).
        await page.context().route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ body: 'WhatsApp' }));
        const [popup] = await Promise.all([page.context().waitForEvent('page'), bar.getByRole('link', { name: 'WhatsApp' }).tap()]);
        expect(popup.url()).toMatch(/^https:\/\/wa\.me\/506\d{8}/);
      }
      await page.context().close();
    });
  }
});

describe('item 7: signing in finishes the favourite and returns to the page', () => {
  /** The Spanish sign-in form, as the demo seller; waits until the form is gone. */
  async function signInHere(page: Page, device: Device): Promise<void> {
    const { seller } = running().demo.credentials;
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await page.getByLabel('Correo electrónico').fill(seller.email);
    await page.getByLabel('Contraseña').fill(seller.password);
    await press(page, page.getByRole('button', { name: 'Ingresar' }), device);
    await page.waitForURL((url) => url.pathname !== '/signin');
  }

  for (const [index, device] of DEVICES.entries()) {
    it(`saves the car whose star a visitor tapped once they sign in, back on the same page; a link to the favourites survives sign-in (${device})`, async () => {
      const { server, demo } = running();
      const token = await server.login(demo.credentials.seller);
      const wishList = async () =>
        (await server.graphql<{ myWishList: { items: { id: string }[] } }>('{ myWishList { items { id } } }', {}, token)).myWishList.items.map((ad) => ad.id);
      const before = await wishList();
      const candidates = demo.ads.filter((ad) => ad.status === 'PUBLIC_ONLINE' && ad.sellerId !== demo.accounts.seller && !before.includes(ad.id));
      const ad = candidates[index]!;

      const page = await open(`/opportunity/${ad.id}`, device);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await press(page, page.getByRole('link', { name: /^Inicie sesión para guardar/ }).first(), device);
      await page.waitForURL(/\/signin$/);
      await signInHere(page, device);
      // Back on the ad, with its star on, and saved on the server.
      expect(new URL(page.url()).pathname).toBe(`/opportunity/${ad.id}`);
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: /^Quitar .* de favoritos$/ })
            .first()
            .getAttribute('aria-pressed'),
        )
        .toBe('true');
      await expect.poll(wishList).toContain(ad.id);
      await page.screenshot({ path: shot(`favourite-after-signin-${device}`) });
      await page.context().close();

      // A direct link to the favourites asks to sign in, then opens the favourites (not home).
      const direct = await open('/myWhishList', device);
      await direct.waitForURL(/\/signin$/);
      await signInHere(direct, device);
      await direct.waitForURL(/\/myWhishList$/);
      await direct.locator(`article h3 a[href="/opportunity/${ad.id}"]`).waitFor();
      await direct.context().close();
    });
  }
});

describe('item 4: phone results come first, filters behind a button', () => {
  for (const device of DEVICES) {
    it(`shows a phone the results on the first screen as compact rows, with the filters in a drawer behind a button counting them (${device})`, async () => {
      // Toyota from 2010: two filters.
      const filters = encodeURIComponent(JSON.stringify({ brand: 'TOYOTA', yearFrom: 2010 }));
      const page = await open(`/searchingOpportunities?filters=${filters}`, device);
      await page.getByTestId('result-count').waitFor();
      if (device === 'desktop') {
        // The desktop keeps the panel beside the cards.
        expect(await page.getByTestId('advanced-search').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: /^Filtros/ }).count()).toBe(0);
        expect(await page.getByTestId('ad-list').getByRole('article').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('ad-row').count()).toBe(0);
        await page.context().close();
        return;
      }
      const rows = page.getByTestId('ad-row');
      await rows.first().waitFor();
      expect(await page.getByTestId('advanced-search').isVisible()).toBe(false);
      const first = (await rows.first().boundingBox())!;
      expect(first.y + first.height).toBeLessThanOrEqual(740);
      // Compact: at least four cars fit on one screen (a row also carries its fair-price label since issue 19).
      expect(first.height).toBeLessThanOrEqual(150);
      const button = page.getByRole('button', { name: /^Filtros/ });
      expect(await button.getByTestId('active-filters').textContent()).toBe('2 activos');
      expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
      await page.screenshot({ path: shot('results-phone') });

      // The drawer holds the whole panel; a third filter is counted and narrows the rows live.
      await button.tap();
      const drawer = page.getByRole('dialog', { name: 'Filtros' });
      await drawer.getByTestId('advanced-search').waitFor();
      await drawer.getByRole('combobox', { name: 'Combustible' }).selectOption('GASOLINE');
      await expect.poll(() => page.url()).toContain('GASOLINE');
      await page.screenshot({ path: shot('results-drawer-phone') });
      // Issue 31: the drawer's submit says how many cars it shows ("Ver N carros").
      await drawer.getByRole('button', { name: /^Ver \d+ carros?$/ }).tap();
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => button.getByTestId('active-filters').textContent()).toBe('3 activos');
      // A row opens its ad.
      const href = await rows.first().locator('a').first().getAttribute('href');
      await rows.first().locator('h3').tap();
      await expect.poll(() => new URL(page.url()).pathname).toBe(href);
      await page.context().close();
    });
  }
});

describe('item 12: typed "desde/hasta" beside the sliders', () => {
  for (const device of DEVICES) {
    it(`sets exact price and year bounds by typing, refusing bad ones with the domain's message and no change (${device})`, async () => {
      const page = await open('/searchingOpportunities?filters=%7B%22currency%22%3A%22CRC%22%7D', device);
      await page.getByTestId('result-count').waitFor();
      if (device === 'phone') await page.getByRole('button', { name: /^Filtros/ }).tap();
      const form = page.getByTestId('advanced-search');
      await form.waitFor();
      const field = (name: string) => form.getByRole('textbox', { name, exact: true });
      const filtersInUrl = () => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>;
      const leave = async (name: string) => {
        await field(name).press('Tab');
      };

      // An exact amount, not one of the slider's ₡100,000 steps, and "hasta ₡6 M" in one go.
      await press(page, field('Precio desde'), device);
      await field('Precio desde').fill('1.234.567');
      await leave('Precio desde');
      await press(page, field('Precio hasta'), device);
      await field('Precio hasta').fill('6000000');
      await leave('Precio hasta');
      await expect.poll(filtersInUrl).toMatchObject({ currency: 'CRC', priceFrom: 1_234_567, priceTo: 6_000_000 });
      // The field shows the amount as the language writes it; the slider's text follows.
      await expect.poll(() => field('Precio hasta').inputValue()).toMatch(/^6[ .,\u00a0]000[ .,\u00a0]000$/);

      // A year before the slider's 1990 can be typed.
      await press(page, field('Año desde'), device);
      await field('Año desde').fill('1985');
      await leave('Año desde');
      await expect.poll(filtersInUrl).toMatchObject({ yearFrom: 1985 });
      // The sliders' texts tell the exact bounds, not the nearest steps.
      await expect.poll(() => form.getByTestId('price-slider-value').textContent()).toMatch(/1[ .,\u00a0]234[ .,\u00a0]567 a .*6[ .,\u00a0]000[ .,\u00a0]000/);
      await expect.poll(() => form.getByTestId('year-slider-value').textContent()).toMatch(/^1985 a \d{4}$/);
      const settled = page.url();

      // Refused: letters, then "desde" after "hasta"; the message is the domain's and nothing changes.
      await press(page, field('Año hasta'), device);
      await field('Año hasta').fill('dos mil');
      await leave('Año hasta');
      const yearError = new RegExp(`^Ingrese años de 1900 a ${new Date().getFullYear() + 1}, con el inicial menor o igual al final\\.$`);
      await expect.poll(() => form.getByText(yearError).count()).toBe(1);
      await press(page, field('Año hasta'), device);
      await field('Año hasta').fill('1980');
      await leave('Año hasta');
      await expect.poll(() => form.getByText(yearError).count()).toBe(1);
      await press(page, field('Precio desde'), device);
      await field('Precio desde').fill('seis');
      await leave('Precio desde');
      await expect.poll(() => form.getByText('Ingrese precios de 0 o más, con el mínimo menor o igual al máximo.').count()).toBe(1);
      await page.waitForTimeout(600);
      expect(page.url()).toBe(settled);
      await page.screenshot({ path: shot(`typed-range-${device}`) });

      // The results are the search of those bounds.
      const { server } = running();
      const expected = await server.graphql<{ searchOpportunities: { totalItems: number } }>(
        'query($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }',
        { filter: { currency: 'CRC', priceFrom: 1_234_567, priceTo: 6_000_000, yearFrom: 1985 } },
      );
      if (device === 'phone') {
        await page.getByRole('button', { name: 'Cerrar filtros' }).tap();
      }
      await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(new RegExp(`^${expected.searchOpportunities.totalItems} resultado`));
      await page.context().close();
    });
  }
});
