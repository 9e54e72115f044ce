/**
 * Server-rendered public pages (issue 12, decision 0018; 24 demo ads): the HTML as a crawler or a browser
 * without JavaScript gets it (title, price, specs, photos, JSON-LD, real links, a search form that
 * works as a plain GET), the HTTP status of unknown routes and ads, the headers of HTML pages,
 * compression, robots.txt and the sitemaps; then, in Chromium, each public page hydrated without a
 * warning and used (search, filter, open an ad, change the language).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMoney, formatNumber, PUBLIC_STATUSES, type Currency } from '@ruedas/domain';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdChunk, hydrated, openPage, serverAndBrowser, type Started } from './harness';
import { cutFields, press, seriousViolations, shot, SIZES, type Size } from './issue31';

const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '24' });

interface AdDetail {
  id: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  currency: Currency;
  mileage: number;
  attachmentIds: string[];
  status: string;
  user: { id: string };
}

const AD_QUERY = `query($id: ID!) { opportunity(id: $id) { id brand model year price currency mileage attachmentIds status user { id } } }`;

async function publicAd({ server }: Started): Promise<AdDetail> {
  const demo = await server.demo();
  // A public ad with more than one photo, so the carousel has something below the fold too.
  for (const ad of demo.ads.filter((candidate) => (PUBLIC_STATUSES as readonly string[]).includes(candidate.status))) {
    const { opportunity } = await server.graphql<{ opportunity: AdDetail }>(AD_QUERY, { id: ad.id });
    if (opportunity.attachmentIds.length > 1) return opportunity;
  }
  throw new Error('the demo catalogue has no public ad with two photos');
}

/** The JSON-LD blocks of an HTML page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** The nonce of a page's Content-Security-Policy. */
function cspNonce(csp: string): string {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) throw new Error(`no nonce in ${csp}`);
  return nonce;
}

describe('public pages as HTML (no scripts run)', () => {
  it('an ad detail carries its title, price, specs, photos and Car + Offer JSON-LD, with the page headers', async () => {
    const { server } = running();
    const ad = await publicAd(running());
    const response = await fetch(`${server.baseUrl}/opportunity/${ad.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();

    expect(html).toMatch(/<html lang="es"/);
    expect(html).toMatch(new RegExp(`<title>[^<]*${ad.model} ${ad.year}[^<]*</title>`));
    expect(html).toContain(`<h1`);
    expect(html).toContain(formatMoney(ad.price, ad.currency, 'es'));
    expect(html).toContain(formatNumber(ad.mileage, 'es'));
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${server.baseUrl}/opportunity/${ad.id}"`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${server.baseUrl}/opportunity/${ad.id}?lang=en"`);
    // The first photo is in the HTML as an image of a reserved size.
    expect(html).toMatch(new RegExp(`<img[^>]*src="/api/v1/attachment/${ad.attachmentIds[0]}[^"]*"[^>]*width="\\d+" height="\\d+"`));
    // ...in responsive widths, the one the page needs preloaded from the head ahead of the scripts.
    expect(html).toMatch(new RegExp(`<img[^>]*srcSet="[^"]*/api/v1/attachment/${ad.attachmentIds[0]}\\?w=640 640w`));
    expect(html).toMatch(
      new RegExp(`<link rel="preload" as="image" fetchpriority="high" href="/api/v1/attachment/${ad.attachmentIds[0]}" imagesrcset="[^"]*\\?w=320 320w`),
    );
    const photo = await fetch(`${server.baseUrl}/api/v1/attachment/${ad.attachmentIds[0]}?w=320`, { headers: { accept: 'image/webp' } });
    expect(photo.headers.get('content-type')).toBe('image/webp');

    const [car] = jsonLd(html);
    expect(car).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      model: ad.model,
      vehicleModelDate: String(ad.year),
      mileageFromOdometer: { value: ad.mileage },
      offers: { '@type': 'Offer', price: ad.price, priceCurrency: ad.currency, availability: 'https://schema.org/InStock' },
    });
    expect((car!.brand as { name: string }).name).toBeTruthy();
    expect(car!.image).toEqual(ad.attachmentIds.map((id) => `${server.baseUrl}/api/v1/attachment/${id}`));

    // Headers of an HTML page: every script of it carries the policy's nonce; no inline script is allowed otherwise.
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = cspNonce(csp);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('cache-control')).toContain('s-maxage=');

    // In English when asked.
    const english = await (await fetch(`${server.baseUrl}/opportunity/${ad.id}?lang=en`)).text();
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain(formatMoney(ad.price, ad.currency, 'en'));
    expect(english).toContain(`<link rel="canonical" href="${server.baseUrl}/opportunity/${ad.id}?lang=en"`);
  });

  it('a results page carries the ads found, as real links, and an ItemList in their order', async () => {
    const { server } = running();
    const ad = await publicAd(running());
    const { searchOpportunities } = await server.graphql<{ searchOpportunities: { items: Array<{ id: string }>; totalItems: number } }>(
      'query($filter: SearchFilterInput!) { searchOpportunities(filter: $filter, pageNumber: 1) { items { id } totalItems } }',
      { filter: { text: ad.model } },
    );
    expect(searchOpportunities.items.length).toBeGreaterThan(0);

    const response = await fetch(`${server.baseUrl}/searchingOpportunities?q=${encodeURIComponent(ad.model)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const { id } of searchOpportunities.items) expect(html).toContain(`href="/opportunity/${id}"`);
    const list = jsonLd(html).find((block) => block['@type'] === 'ItemList');
    expect(list).toBeDefined();
    const elements = list!.itemListElement as Array<{ position: number; url: string }>;
    expect(elements.map((element) => element.url)).toEqual(searchOpportunities.items.map(({ id }) => `${server.baseUrl}/opportunity/${id}`));
    expect(elements.map((element) => element.position)).toEqual(searchOpportunities.items.map((_, index) => index + 1));
    // The simple search is a form that works without scripts: a GET of this page with `q`.
    expect(html).toMatch(/<form[^>]*action="\/searchingOpportunities"[^>]*method="get"/);
    expect(html).toMatch(/<input[^>]*name="q"/);
  });

  it('answers 404 for an unknown route, an unknown ad and an ad never public; app screens are not indexed', async () => {
    const { server } = running();
    const demo = await server.demo();
    // Rejected or waiting for review: never public (a sold or expired one answers 410: ssr-gone.test.ts).
    const hidden = demo.ads.find((ad) => ad.status === 'PENDING_APPROVAL' || ad.status === 'REJECTED');
    expect(hidden).toBeDefined();
    for (const path of ['/no-such-page', '/opportunity/00000000-0000-0000-0000-000000000000', `/opportunity/${hidden!.id}`, '/sellerOpportunities/nobody']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    const notFound = await (await fetch(`${server.baseUrl}/no-such-page`)).text();
    expect(notFound).toContain('404');
    expect(notFound).toContain('Página no encontrada');

    const app = await fetch(`${server.baseUrl}/myOpportunities`);
    expect(app.status).toBe(200);
    expect(app.headers.get('x-robots-tag')).toBe('noindex');
    expect(app.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // An unknown API path is still a JSON 404, not a page.
    expect((await fetch(`${server.baseUrl}/api/v1/no-such-path`)).status).toBe(404);
  });

  it('lists every public ad in the sitemap and no other; robots.txt names the sitemap', async () => {
    const { server } = running();
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');

    const index = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(index.headers.get('content-type')).toMatch(/xml/);
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex');
    const sitemaps = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(sitemaps).toEqual([`${server.baseUrl}/sitemap-pages.xml`, `${server.baseUrl}/sitemap-ads.xml`]);

    const adsXml = await (await fetch(sitemaps[1]!)).text();
    const locs = [...adsXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(adsXml).toContain('<lastmod>');
    expect(adsXml).toContain('hreflang="en"');
    const demo = await server.demo();
    const isPublic = (status: string) => (PUBLIC_STATUSES as readonly string[]).includes(status);
    const publicIds = demo.ads.filter((ad) => isPublic(ad.status)).map((ad) => ad.id);
    expect(publicIds.length).toBeGreaterThan(5);
    expect(demo.ads.some((ad) => !isPublic(ad.status))).toBe(true);
    expect(new Set(locs)).toEqual(new Set(publicIds.map((id) => `${server.baseUrl}/opportunity/${id}`)));
    expect(locs).toHaveLength(publicIds.length);

    const pagesXml = await (await fetch(sitemaps[0]!)).text();
    expect(pagesXml).toContain(`<loc>${server.baseUrl}/</loc>`);
    expect(pagesXml).toContain(`<loc>${server.baseUrl}/searchingOpportunities</loc>`);
  });

  it('sends assets precompressed (brotli, gzip) with an immutable cache, and compresses HTML and JSON', async () => {
    const { server } = running();
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    // The entry module, imported by the page's loader at `load` (decision 0103).
    const script = /import\("(\/assets\/[^"]+\.js)"\)/.exec(home)?.[1];
    expect(script).toBeDefined();
    for (const encoding of ['br', 'gzip']) {
      const asset = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding')).toBe(encoding);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await asset.text()).length).toBeGreaterThan(1000);
    }
    const plain = await fetch(`${server.baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();

    const page = await fetch(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('</html>');
    const json = await fetch(`${server.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ query: '{ availableOpportunities(page: 1) { items { id brand model year price currency attachmentIds user { fullName } } } }' }),
    });
    expect(json.headers.get('content-encoding')).toBe('br');
    expect(((await json.json()) as { data: { availableOpportunities: { items: unknown[] } } }).data.availableOpportunities.items.length).toBeGreaterThan(0);
  });
});

/** A fresh context on `path`, recording every console error and warning and every page error. */
async function openWatched(started: Started, path: string, options: { width?: number; height?: number; locale?: string; javaScriptEnabled?: boolean } = {}) {
  const { width = 1280, height = 900, locale = 'es-CR', javaScriptEnabled = true } = options;
  const context = await started.browser.newContext({ viewport: { width, height }, locale, javaScriptEnabled });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const response = await page.goto(`${started.server.baseUrl}${path}`);
  return { page, problems, status: response?.status() };
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(tmpdir(), `ruedas-ssr-${name}.png`), fullPage: false });
}

describe('public pages in Chromium', () => {
  it('hydrates every public page without a warning or an error', async () => {
    const started = running();
    const ad = await publicAd(started);
    const paths = [
      '/',
      '/searchingOpportunities',
      `/opportunity/${ad.id}`,
      `/sellerOpportunities/${ad.user.id}`,
      '/buyingUsedCardTips',
      '/sellingUsedCardTips',
      '/privacy',
      '/contactUs',
    ];
    for (const path of paths) {
      for (const width of [360, 1280]) {
        const { page, problems, status } = await openWatched(started, path, { width, height: width === 360 ? 740 : 800 });
        expect(status, path).toBe(200);
        await hydrated(page);
        // Effects after hydration (the view tally, the language settling) have run too.
        await page.waitForLoadState('networkidle');
        expect(problems, `${path} at ${width}`).toEqual([]);
        await page.context().close();
      }
    }
  });

  it('keeps the server page while its chunk is slow, and applies the browser language only once the page is live', async () => {
    const started = running();
    const context = await started.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-CR' });
    // The visitor chose English before; the server does not know it yet (no cookie): it renders Spanish.
    await context.addInitScript(() => {
      if (!document.cookie.includes('ruedas.language')) localStorage.setItem('ruedas.language', 'en');
    });
    // The home page's chunk arrives late, as on a slow phone.
    await context.route(/\/assets\/HomePage-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto(`${started.server.baseUrl}/`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Encuentre su próximo carro en Costa Rica');
    // While the chunk is on its way the server's page stays (no loader in its place, nothing switched).
    await page.waitForTimeout(1500);
    expect(await heading.textContent()).toBe('Encuentre su próximo carro en Costa Rica');
    expect(await page.getByLabel('Cargando…').count()).toBe(0);
    // Live: then the visitor's own language applies.
    await hydrated(page);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => heading.textContent()).toBe('Find your next car in Costa Rica');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a search typed before the page went live, and searches for it (phone, taps)', async () => {
    const started = running();
    const ad = await publicAd(started);
    const context = await started.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-CR', hasTouch: true });
    // The home page's chunk is held until the visitor has typed into the server's search box.
    const release = await holdChunk(context, 'HomePage');
    const page = await context.newPage();
    await page.goto(`${started.server.baseUrl}/`, { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Buscar carros' });
    await box.fill(ad.model);
    await release();
    await hydrated(page);
    // Live now: the text stays, and the search button searches for it.
    await page.waitForTimeout(300);
    expect(await box.inputValue()).toBe(ad.model);
    await page.getByRole('button', { name: 'Buscar', exact: true }).tap();
    await page.waitForURL(/\/searchingOpportunities/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}')).toMatchObject({ text: ad.model });
    await context.close();
  });

  it('keeps filters ticked and chosen in the panel before its code arrived, and narrows by them (desktop, mouse)', async () => {
    const started = running();
    const ad = await publicAd(started);
    const context = await started.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CR' });
    // The filters panel is hydrated after the results (its own chunk): held until the visitor has used it.
    const release = await holdChunk(context, 'AdvancedSearch');
    const page = await context.newPage();
    await page.goto(`${started.server.baseUrl}/searchingOpportunities`);
    await hydrated(page);
    const panel = page.getByTestId('advanced-search');
    await panel.getByTestId('good-price-filter').click();
    await panel.getByLabel('Marca').selectOption(ad.brand);
    await release();
    await expect
      .poll(() => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>)
      .toMatchObject({ brand: ad.brand, goodPriceOrBetter: true });
    expect(await panel.getByTestId('good-price-filter').isChecked()).toBe(true);
    await context.close();
  });

  it('is used once hydrated: search, filter, open an ad, change the language', async () => {
    const started = running();
    const ad = await publicAd(started);
    const { page, problems } = await openWatched(started, '/', { width: 1280, height: 800 });
    await hydrated(page);

    // Search from the home page's box.
    const box = page.getByRole('combobox', { name: 'Buscar carros' });
    await box.fill(ad.model);
    await box.press('Enter');
    await page.waitForURL(/\/searchingOpportunities/);
    await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/\d+ resultados?/);

    // Filter: sort by price, which changes the address.
    await page.getByLabel('Ordenar por').selectOption({ index: 1 });
    await page.waitForURL(/sort=/);
    await expect.poll(() => page.getByTestId('ad-list').getAttribute('aria-busy')).toBe('false');

    // Open an ad from the results.
    await page.locator(`a[href="/opportunity/${ad.id}"]`).first().click();
    await page.waitForURL(new RegExp(`/opportunity/${ad.id}`));
    await expect.poll(() => page.getByTestId('detail-price').textContent()).toBe(formatMoney(ad.price, ad.currency, 'es'));

    // Change the language: the page follows at once, and the server renders the next load in English.
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByTestId('detail-price').textContent()).toBe(formatMoney(ad.price, ad.currency, 'en'));
    await page.reload();
    await hydrated(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript: reads an ad, searches with the plain form and follows real links', async () => {
    const started = running();
    const ad = await publicAd(started);
    const { page } = await openWatched(started, '/', { width: 360, height: 740, javaScriptEnabled: false });
    const box = page.locator('input[name="q"]').first();
    await box.fill(ad.model);
    await box.press('Enter');
    await page.waitForURL(/\/searchingOpportunities\?q=/);
    expect(await page.getByTestId('result-count').textContent()).toMatch(/\d+ resultados?/);
    await page.locator(`a[href="/opportunity/${ad.id}"]`).first().click();
    await page.waitForURL(new RegExp(`/opportunity/${ad.id}`));
    expect(await page.getByTestId('detail-price').textContent()).toBe(formatMoney(ad.price, ad.currency, 'es'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(`${ad.model} ${ad.year}`);
    await screenshot(page, 'detail-360-nojs');
    await page.context().close();
  });

  it('looks right at 1280 in both languages (screenshots)', async () => {
    const started = running();
    const ad = await publicAd(started);
    for (const language of ['es', 'en'] as const) {
      for (const path of ['/', `/opportunity/${ad.id}`, '/searchingOpportunities']) {
        const { page, problems } = await openWatched(started, `${path}${path.includes('?') ? '&' : '?'}lang=${language}`, { width: 1280, height: 800 });
        await hydrated(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await screenshot(page, `${path === '/' ? 'home' : path.split('/')[1]}-1280-${language}`);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});

/**
 * Issue 31, item 7: back from an ad to the results (the ad's "Volver a la lista" and the browser's
 * Back) returns to the same results at the same scroll position, also when the ad page was loaded
 * again meanwhile (a phone that dropped the tab), where the results must be fetched again before the
 * page is tall enough; and the search box's placeholder fits it, on a phone too (it was cut: "Marca, modelo o a"; at 360 px the results' box has 137 px for it).
 */
const BACK = { es: 'Volver a la lista', en: 'Back to the list' } as const;
const list = (page: Page) => page.getByTestId('ad-list');
const cardLinks = (page: Page) => list(page).locator('article a[href^="/opportunity/"]:visible');
/** The ad ids of the cards shown, in order. */
const shownAdIds = (page: Page) =>
  list(page)
    .locator('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('a[href^="/opportunity/"]')?.getAttribute('href')?.replace('/opportunity/', '') ?? ''));
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls down about `distance` px as a person does: the mouse wheel, or a finger's swipes; waits until it settles. */
async function scrollDown(page: Page, size: Size, distance: number): Promise<number> {
  const start = await scrollY(page);
  if (size.touch) {
    const cdp = await page.context().newCDPSession(page);
    for (let swipe = 0; swipe < 12 && (await scrollY(page)) < start + distance; swipe += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 180, y: 600 }] });
      for (let step = 1; step <= 8; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 180, y: 600 - 25 * step }] });
      // The finger rests before it lifts, as one reading does: no fling carries the page past the list.
      await page.waitForTimeout(120);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 180, y: 400 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(150);
    }
    await cdp.detach();
  } else {
    for (let turn = 0; turn < 20 && (await scrollY(page)) < start + distance; turn += 1) {
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(100);
    }
  }
  // A swipe flings on: wait until the page stands still.
  let last = -1;
  for (let now = await scrollY(page); now !== last; now = await scrollY(page)) {
    last = now;
    await page.waitForTimeout(250);
  }
  return last;
}

/** Presses (at its middle, as a finger or the mouse does, nothing scrolled first) the last card shown whose link's middle is on screen; where the list stood. */
async function pressCardOnScreen(page: Page, size: Size): Promise<number> {
  const height = size.height;
  const onScreen = async () => {
    const middles = await cardLinks(page).evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 40) };
      }),
    );
    return middles.filter((middle) => middle.y >= 80 && middle.y <= height - 20);
  };
  // A swipe's fling can carry the page past the list, to the footer: the person comes back up to the last card.
  if ((await onScreen()).length === 0) {
    await cardLinks(page).last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(250);
  }
  const cards = await onScreen();
  expect(cards.length, `no card on screen at ${await scrollY(page)}`).toBeGreaterThan(0);
  const { x, y } = cards.at(-1)!;
  const left = await scrollY(page);
  await (size.touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));
  await page.getByTestId('specs').waitFor();
  return left;
}

describe('back to the results (issue 31, item 7)', () => {
  for (const size of SIZES) {
    it(`returns to the same results at the same place: the ad's button, Back, and after the ad page was reloaded (${size.name})`, async () => {
      const started = running();
      const { server } = started;
      const page = await openPage(started, `/?lang=${size.language}`, {
        width: size.width,
        height: size.height,
        touch: size.touch,
        locale: size.language === 'es' ? 'es-CR' : 'en-US',
        timeout: 15_000,
      });
      const address = `${server.baseUrl}/searchingOpportunities?filters=${encodeURIComponent(JSON.stringify({ yearFrom: 1990 }))}&sort=PRICE_ASC`;
      await page.goto(address);
      await hydrated(page);
      const results = await shownAdIds(page);
      expect(results.length).toBeGreaterThanOrEqual(8);
      const returned = async () => {
        await list(page).waitFor();
        expect(page.url()).toBe(address);
        await expect.poll(() => shownAdIds(page)).toEqual(results);
      };

      // The ad's "Volver a la lista".
      const byButton = await scrollDown(page, size, 600).then(() => pressCardOnScreen(page, size));
      expect(byButton).toBeGreaterThan(400);
      await press(size, page.getByRole('button', { name: BACK[size.language] }));
      await returned();
      await expect.poll(async () => Math.abs((await scrollY(page)) - byButton)).toBeLessThanOrEqual(2);

      // The browser's Back (Android's button), further down.
      await scrollDown(page, size, 300);
      const byBack = await pressCardOnScreen(page, size);
      await page.goBack();
      await returned();
      await expect.poll(async () => Math.abs((await scrollY(page)) - byBack)).toBeLessThanOrEqual(2);

      // The ad page loaded again (a phone's dropped tab): the results come from the server again, then the place.
      await page.evaluate(() => window.scrollTo(0, 0));
      await scrollDown(page, size, 800);
      const reloaded = await pressCardOnScreen(page, size);
      await page.reload();
      await hydrated(page);
      await press(size, page.getByRole('button', { name: BACK[size.language] }));
      await returned();
      await expect.poll(async () => Math.abs((await scrollY(page)) - reloaded)).toBeLessThanOrEqual(2);
      await shot(page, `back-to-results-${size.language}-${size.width}`);
      await page.context().close();
    });

    it(`shows a search box placeholder that fits on the results and home pages (${size.name})`, async () => {
      const { server, browser } = running();
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });
      const page = await context.newPage();
      for (const path of ['/searchingOpportunities', '/']) {
        await page.goto(`${server.baseUrl}${path}?lang=${size.language}`);
        await hydrated(page);
        const box = page.locator('form[role="search"] input[name="q"]').first();
        await expect.poll(() => box.getAttribute('placeholder')).toBeTruthy();
        // The placeholder's text is not counted in an input's scrollWidth: measured in the box's font instead.
        await expect.poll(() => cutFields(page, 'form[role="search"]')).toEqual([]);
        if (path !== '/') await shot(page, `results-placeholder-${size.language}-${size.width}`);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await context.close();
    });
  }
});
