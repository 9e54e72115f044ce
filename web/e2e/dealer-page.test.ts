/**
 * A dealer's business page (issue 13, item 14): a merchant fills address, opening hours and map
 * place on their profile screen (at phone size with taps, at desktop with clicks); bad input (a day
 * that closes before it opens, a place outside Costa Rica) gives a translated error and changes
 * nothing; a visitor sees the address, the week's hours with open/closed now in Costa Rica time and
 * real Google Maps / Waze links, in Spanish and English, also in the HTML without scripts, with
 * schema.org AutoDealer JSON-LD. A private person's page shows none of it.
 */
import { dealerOpenAt, type DealerInfo } from '@ruedas/domain';
import axe from 'axe-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser, signIn, type RunningServer } from './harness';
import { newSeller, type NewSeller } from './sellers';
import { shot, SIZES } from './issue31';

const running = serverAndBrowser();

type Device = 'phone' | 'desktop';

async function open(browser: Browser, server: RunningServer, path: string, device: Device, locale = 'es-CR'): Promise<Page> {
  const phone = device === 'phone';
  const context = await browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    hasTouch: phone,
    isMobile: phone,
    locale,
  });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
  return page;
}

/** A mouse click on desktop, a tap on a phone. */
async function press(locator: Locator, device: Device): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  if (device === 'phone') await locator.tap();
  else await locator.click();
}

/** Types into a field after pressing it, as a person does. */
async function type(locator: Locator, text: string, device: Device): Promise<void> {
  await press(locator, device);
  await locator.fill(text);
}

const SELLER_INFO =
  `query($id: ID!) { sellerInfo(sellerId: $id) { fullName dealer { province canton district directions ` +
  `hours { day ranges { opens closes } } latitude longitude googleMapsUrl wazeUrl } } }`;

/** A dealer's page as the API answers it: what is saved, and the map links the server makes of it. */
type Dealer = DealerInfo & { googleMapsUrl: string; wazeUrl: string };

async function dealerOf(server: RunningServer, id: string): Promise<Dealer | null> {
  return (await server.graphql<{ sellerInfo: { dealer: Dealer | null } }>(SELLER_INFO, { id })).sellerInfo.dealer;
}

async function profileAsMerchant(merchant: NewSeller, device: Device): Promise<{ page: Page; form: Locator }> {
  const { server, browser } = running();
  const page = await open(browser, server, '/signin', device);
  // The sign-in form, pressed as the device does; the phone's header keeps 'Mi cuenta' in its menu.
  await type(page.getByLabel('Correo electrónico'), merchant.email, device);
  await type(page.getByLabel('Contraseña'), merchant.password, device);
  await press(page.getByRole('button', { name: 'Ingresar' }), device);
  await page.waitForURL((url) => url.pathname !== '/signin');
  await page.goto(`${server.baseUrl}/editprofile`);
  const form = page.getByTestId('dealer-form');
  await form.getByRole('button', { name: 'Guardar datos del negocio' }).waitFor();
  return { page, form };
}

/** The serious and critical axe violations inside `selector` (issue 13 item 11: none allowed). */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    (include) => (window as unknown as { axe: typeof axe }).axe.run({ include: [include] }, { resultTypes: ['violations'] }),
    selector,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The JSON-LD blocks of an HTML page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

describe("a dealer's business page", () => {
  let merchant: NewSeller;

  it('a merchant fills address, hours and map place at phone size with taps; bad input is refused and saves nothing', async () => {
    const { server } = running();
    merchant = await newSeller(server, { merchantName: 'Autos La Sabana', name: 'Rodrigo' });
    const { page, form } = await profileAsMerchant(merchant, 'phone');

    // The address starts from the account's own place (Carmen, San José); the district is changed with taps.
    await press(form.getByLabel('Distrito'), 'phone');
    await press(page.getByRole('option', { name: 'Mata Redonda' }), 'phone');
    await type(form.getByLabel('Señas (dirección exacta)'), 'Costado oeste del Estadio Nacional, portón verde', 'phone');

    // Monday closes before it opens: a translated error on the field, and nothing is saved.
    await type(form.getByLabel('Cierra el lunes'), '07:00', 'phone');
    await press(form.getByRole('button', { name: 'Guardar datos del negocio' }), 'phone');
    await expect.poll(() => form.getByText('Debe cerrar después de abrir.').isVisible()).toBe(true);
    expect(await dealerOf(server, merchant.id)).toBeNull();

    // Morning and afternoon on Monday, copied to the weekdays; Saturday morning; Sunday closed.
    await type(form.getByLabel('Cierra el lunes'), '12:00', 'phone');
    await press(form.getByRole('button', { name: 'Agregar otro horario el lunes' }), 'phone');
    await type(form.getByLabel('Abre de nuevo el lunes'), '13:00', 'phone');
    await type(form.getByLabel('Cierra de nuevo el lunes'), '17:30', 'phone');
    await press(form.getByRole('button', { name: 'Copiar el horario del lunes de martes a viernes' }), 'phone');
    await press(form.getByRole('checkbox', { name: 'Abierto el sábado' }), 'phone');
    await type(form.getByLabel('Abre el sábado'), '09:00', 'phone');
    await type(form.getByLabel('Cierra el sábado'), '13:00', 'phone');

    // A place outside Costa Rica (Managua) is refused too; a pasted Waze link is read into coordinates.
    const mapField = form.getByLabel('Ubicación en el mapa (opcional)');
    await type(mapField, 'https://www.google.com/maps/@12.1364,-86.2514,15z', 'phone');
    await press(form.getByRole('button', { name: 'Guardar datos del negocio' }), 'phone');
    await expect.poll(() => form.getByText('Esa ubicación queda fuera de Costa Rica.').isVisible()).toBe(true);
    expect(await dealerOf(server, merchant.id)).toBeNull();
    await type(mapField, 'https://waze.com/ul?ll=9.9364%2C-84.1063&navigate=yes', 'phone');
    await expect.poll(() => form.getByTestId('dealer-coordinates').textContent()).toBe('Coordenadas: 9.9364, -84.1063');

    await press(form.getByRole('button', { name: 'Guardar datos del negocio' }), 'phone');
    await form.getByTestId('dealer-saved').waitFor();
    expect(await seriousViolations(page, '[data-testid="dealer-form"]')).toEqual([]);
    const saved = await dealerOf(server, merchant.id);
    expect(saved).toMatchObject({
      province: '1',
      canton: '101',
      district: '10108',
      directions: 'Costado oeste del Estadio Nacional, portón verde',
      latitude: 9.9364,
      longitude: -84.1063,
    });
    const twoRanges = [
      { opens: '08:00', closes: '12:00' },
      { opens: '13:00', closes: '17:30' },
    ];
    expect(saved!.hours).toEqual([
      { day: 'MONDAY', ranges: twoRanges },
      { day: 'TUESDAY', ranges: twoRanges },
      { day: 'WEDNESDAY', ranges: twoRanges },
      { day: 'THURSDAY', ranges: twoRanges },
      { day: 'FRIDAY', ranges: twoRanges },
      { day: 'SATURDAY', ranges: [{ opens: '09:00', closes: '13:00' }] },
      { day: 'SUNDAY', ranges: [] },
    ]);
    await page.context().close();
  });

  it('a merchant changes them at desktop with clicks; the server refuses bad input and keeps what was saved', async () => {
    const { server } = running();
    const { page, form } = await profileAsMerchant(merchant, 'desktop');
    // The form shows what was saved.
    expect(await form.getByLabel('Ubicación en el mapa (opcional)').inputValue()).toBe('9.9364, -84.1063');
    expect(await form.getByLabel('Cierra de nuevo el viernes').inputValue()).toBe('17:30');

    await press(form.getByRole('checkbox', { name: 'Abierto el domingo' }), 'desktop');
    await type(form.getByLabel('Abre el domingo'), '10:00', 'desktop');
    await type(form.getByLabel('Cierra el domingo'), '14:00', 'desktop');
    await press(form.getByRole('button', { name: 'Quitar el segundo horario del viernes' }), 'desktop');
    await type(form.getByLabel('Cierra el viernes'), '16:00', 'desktop');
    await press(form.getByRole('button', { name: 'Guardar datos del negocio' }), 'desktop');
    await form.getByTestId('dealer-saved').waitFor();
    const saved = await dealerOf(server, merchant.id);
    expect(saved!.hours[4]).toEqual({ day: 'FRIDAY', ranges: [{ opens: '08:00', closes: '16:00' }] });
    expect(saved!.hours[6]).toEqual({ day: 'SUNDAY', ranges: [{ opens: '10:00', closes: '14:00' }] });
    await page.context().close();

    // Past the form, the service applies the same rules in the caller's language and changes nothing.
    for (const [language, message] of [
      ['es', 'Debe cerrar después de abrir.'],
      ['en', 'It must close after it opens.'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.token}`, 'accept-language': language },
        body: JSON.stringify({
          query: 'mutation($input: DealerInfoInput!) { updateDealerInfo(input: $input) { id } }',
          variables: {
            input: { ...saved, googleMapsUrl: undefined, wazeUrl: undefined, hours: [{ day: 'MONDAY', ranges: [{ opens: '18:00', closes: '09:00' }] }] },
          },
        }),
      });
      const body = (await response.json()) as { errors: Array<{ extensions: { code: string; fields: Record<string, { message: string }> } }> };
      expect(body.errors[0]!.extensions.code).toBe('VALIDATION');
      expect(body.errors[0]!.extensions.fields['hours.0.ranges.0.closes']!.message).toBe(message);
    }
    expect(await dealerOf(server, merchant.id)).toEqual(saved);
  });

  it('a visitor sees address, hours with open or closed now, and map links, in Spanish and English', async () => {
    const { server, browser } = running();
    const dealer = (await dealerOf(server, merchant.id))!;
    for (const [locale, texts] of [
      [
        'es-CR',
        {
          title: 'Dirección del negocio',
          saturday: 'Sábado',
          sunday: 'Domingo',
          google: 'Ver en Google Maps',
          waze: 'Ir con Waze',
          open: /^Abierto ahora · cierra a las \d\d:\d\d$/,
          closed: 'Cerrado ahora',
        },
      ],
      [
        'en-US',
        {
          title: 'Business address',
          saturday: 'Saturday',
          sunday: 'Sunday',
          google: 'View on Google Maps',
          waze: 'Drive there with Waze',
          open: /^Open now · closes at \d\d:\d\d$/,
          closed: 'Closed now',
        },
      ],
    ] as const) {
      for (const device of ['phone', 'desktop'] as const) {
        const page = await open(browser, server, `/sellerOpportunities/${merchant.id}`, device, locale);
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        const card = page.getByTestId('dealer-info');
        await card.waitFor();
        expect(await card.getByRole('heading', { name: texts.title }).isVisible()).toBe(true);
        expect(await card.getByTestId('dealer-directions').textContent()).toBe('Costado oeste del Estadio Nacional, portón verde');
        expect(await card.getByTestId('dealer-place').textContent()).toBe('Mata Redonda, San José, San José');
        expect(await card.locator('tr[data-day="SATURDAY"]').textContent()).toBe(`${texts.saturday}09:00–13:00`);
        expect(await card.locator('tr[data-day="SUNDAY"]').textContent()).toBe(`${texts.sunday}10:00–14:00`);
        // Open or closed as the clock in Costa Rica says now.
        const status = await card.getByTestId('dealer-open-now').textContent();
        if (dealerOpenAt(dealer.hours, new Date()).open) expect(status).toMatch(texts.open);
        else expect(status).toBe(texts.closed);
        expect(await card.getByRole('link', { name: texts.google }).getAttribute('href')).toBe(
          'https://www.google.com/maps/search/?api=1&query=9.9364%2C-84.1063',
        );
        expect(await card.getByRole('link', { name: texts.waze }).getAttribute('href')).toBe('https://waze.com/ul?ll=9.9364%2C-84.1063&navigate=yes');
        // Hydrated over the server's HTML without a warning; no serious accessibility problem.
        expect(problems).toEqual([]);
        expect(await seriousViolations(page, '[data-testid="dealer-info"]')).toEqual([]);
        await page.context().close();
      }
    }
  });

  it('the HTML without scripts carries them and schema.org AutoDealer with address and opening hours', async () => {
    const { server } = running();
    const response = await fetch(`${server.baseUrl}/sellerOpportunities/${merchant.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Costado oeste del Estadio Nacional, portón verde');
    expect(html).toContain('Mata Redonda, San José, San José');
    expect(html).toMatch(/href="https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=9\.9364%2C-84\.1063"/);
    expect(html).toMatch(/href="https:\/\/waze\.com\/ul\?ll=9\.9364%2C-84\.1063&amp;navigate=yes"/);
    expect(html).toMatch(/Cerrado ahora|Abierto ahora/);
    const dealer = jsonLd(html).find((block) => block['@type'] === 'AutoDealer');
    expect(dealer).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Autos La Sabana',
      url: `${server.baseUrl}/sellerOpportunities/${merchant.id}`,
      telephone: '+50687654321',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Costado oeste del Estadio Nacional, portón verde, Mata Redonda',
        addressLocality: 'San José',
        addressRegion: 'San José',
        addressCountry: 'CR',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 9.9364, longitude: -84.1063 },
    });
    const hours = dealer!.openingHoursSpecification as Array<Record<string, string>>;
    expect(hours).toContainEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '13:00', closes: '17:30' });
    expect(hours).toContainEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Sunday', opens: '10:00', closes: '14:00' });
    expect(hours).toHaveLength(4 * 2 + 1 + 1 + 1);

    const english = await (await fetch(`${server.baseUrl}/sellerOpportunities/${merchant.id}?lang=en`)).text();
    expect(english).toContain('Business address');
    expect(english).toMatch(/Closed now|Open now/);
  });

  it("a private person's seller page shows no business address, hours or map", async () => {
    const { server, browser } = running();
    const person = await newSeller(server, { name: 'Lucía' });
    const html = await (await fetch(`${server.baseUrl}/sellerOpportunities/${person.id}`)).text();
    expect(html).not.toContain('data-testid="dealer-info"');
    expect(jsonLd(html).some((block) => block['@type'] === 'AutoDealer')).toBe(false);
    const page = await open(browser, server, `/sellerOpportunities/${person.id}`, 'desktop');
    await page.getByRole('heading', { name: 'Lucía Quesada Vargas' }).waitFor();
    expect(await page.getByTestId('dealer-info').count()).toBe(0);
    // ...nor their profile screen a business form.
    await page.goto(`${server.baseUrl}/signin`);
    await signIn(page, person);
    await page.goto(`${server.baseUrl}/editprofile`);
    await page.getByRole('button', { name: 'Guardar cambios' }).waitFor();
    expect(await page.getByTestId('dealer-form').count()).toBe(0);
    await page.context().close();
  });
});

/**
 * Issue 31, item 7: the hours editor is in 24-hour time, as the seller page shows hours, also on an
 * English phone whose browser would show a time field as AM/PM: "1730" is read as 17:30 and saved so.
 */
describe('the dealer hours editor uses 24-hour time (issue 31, item 7)', () => {
  const TEXT = {
    es: {
      email: 'Correo electrónico',
      password: 'Contraseña',
      signIn: 'Ingresar',
      directions: 'Señas (dirección exacta)',
      closes: 'Cierra el lunes',
      opens2: 'Abre de nuevo el lunes',
      save: 'Guardar datos del negocio',
    },
    en: {
      email: 'E-mail',
      password: 'Password',
      signIn: 'Sign in',
      directions: 'Directions (exact address)',
      closes: 'Closes on Monday',
      opens2: 'Opens again on Monday',
      save: 'Save business details',
    },
  } as const;
  // A Spanish phone too: its copy button's label is the longest.
  const sizes = [...SIZES, { name: 'phone, Spanish, taps', width: 360, height: 740, touch: true, language: 'es' }] as const;
  for (const size of sizes) {
    it(`shows and reads HH:MM in 24 hours (${size.name})`, async () => {
      const { server, browser } = running();
      const text = TEXT[size.language];
      const merchant = await newSeller(server, { merchantName: `Autos 24 ${size.language}`, language: size.language });
      const device: Device = size.touch ? 'phone' : 'desktop';
      const page = await open(browser, server, `/signin?lang=${size.language}`, device, size.language === 'es' ? 'es-CR' : 'en-US');
      await type(page.getByRole('textbox', { name: text.email, exact: true }), merchant.email, device);
      await type(page.getByLabel(text.password, { exact: true }), merchant.password, device);
      await press(page.getByRole('button', { name: text.signIn, exact: true }), device);
      await page.waitForURL((url) => url.pathname !== '/signin');
      await page.goto(`${server.baseUrl}/editprofile`);
      const form = page.getByTestId('dealer-form');
      await form.getByRole('button', { name: text.save }).waitFor();
      await type(form.getByLabel(text.directions), 'Frente al parque central', device);
      const closes = form.getByLabel(text.closes);
      // A plain field showing what it holds: no AM/PM picker of the browser's locale.
      expect(await closes.getAttribute('type')).toBe('text');
      expect(await closes.inputValue()).toBe('17:00');
      await type(closes, '1730', device);
      await closes.blur();
      expect(await closes.inputValue()).toBe('17:30');
      await press(form.getByRole('button', { name: size.language === 'es' ? 'Agregar otro horario el lunes' : 'Add another range on Monday' }), device);
      const opens2 = form.getByLabel(text.opens2);
      await type(opens2, '18.15', device);
      await opens2.blur();
      expect(await opens2.inputValue()).toBe('18:15');
      await type(form.getByLabel(size.language === 'es' ? 'Cierra de nuevo el lunes' : 'Closes again on Monday'), '21:00', device);
      // Nothing of the editor is wider than the screen, the copy button's label included (it wrapped off a 360 px phone).
      const copy = form.getByRole('button', {
        name: size.language === 'es' ? 'Copiar el horario del lunes de martes a viernes' : "Copy Monday's hours to Tuesday–Friday",
      });
      await copy.scrollIntoViewIfNeeded();
      expect(
        await copy.evaluate((button) => ({
          right: button.getBoundingClientRect().right <= window.innerWidth,
          whole: button.scrollWidth <= button.clientWidth,
        })),
      ).toEqual({ right: true, whole: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // Every field and button inside the form's own width (the time fields ran 45 px past it, the page slid sideways).
      const outside = await form.evaluate((element) => {
        const right = element.getBoundingClientRect().right;
        return Array.from(element.querySelectorAll('input, button'))
          .filter((field) => field.getBoundingClientRect().right > right + 1)
          .map((field) => field.getAttribute('aria-label') ?? field.textContent);
      });
      expect(outside).toEqual([]);
      await closes.scrollIntoViewIfNeeded();
      await shot(page, `dealer-hours-${size.language}-${size.width}`);
      expect(await seriousViolations(page, '[data-testid="dealer-form"]')).toEqual([]);
      await press(form.getByRole('button', { name: text.save }), device);
      await form.getByTestId('dealer-saved').waitFor();
      expect((await dealerOf(server, merchant.id))!.hours[0]).toEqual({
        day: 'MONDAY',
        ranges: [
          { opens: '08:00', closes: '17:30' },
          { opens: '18:15', closes: '21:00' },
        ],
      });
      await page.context().close();
    });
  }
});
