import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, signedIn as signedInOn, startServer, type Account as Credentials, type RunningServer } from './harness';

/**
 * The catalogue screens against the all-in-one server with a demo catalogue (an administrator, a
 * seller with ads in every owner status, and public ads over several pages; the data folder's
 * demo.json gives the credentials). 60 ads rather than the default few hundred keep the start fast.
 */
const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '60' };

interface Account extends Credentials {
  id: string;
}

let server: RunningServer | undefined;
let browser: Browser | undefined;
let accounts: { admin: Account; seller: Account } | undefined;

beforeAll(async () => {
  server = await startServer(DEMO);
  browser = await launchChromium();
  const { credentials, accounts: ids } = await server.demo();
  accounts = { admin: { ...credentials.admin, id: ids.admin }, seller: { ...credentials.seller, id: ids.seller } };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function running() {
  if (!server || !browser || !accounts) throw new Error('The server, the browser or the demo catalogue did not start');
  return { server, browser, accounts };
}

const graphql = <T>(query: string, variables?: Record<string, unknown>, token?: string) => running().server.graphql<T>(query, variables, token);

/** A fresh browser context (empty storage) in Spanish, on `path` (800 px high unless told). */
const open = (path: string, width = 1280, height = 800) => openPage(running(), path, { width, height });

/** Signs in through the form and waits until the app is back home, signed in. */
const signedIn = (account: Account) => signedInOn(running(), account, { height: 800 });

const list = (page: Page) => page.getByTestId('ad-list');
const cards = (page: Page) => list(page).getByRole('article');

/** The ad ids of the cards shown, in order, once the list has some. */
async function shownAdIds(scope: Locator): Promise<string[]> {
  await scope.getByRole('article').first().waitFor();
  return scope.locator('article h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/opportunity/', '') ?? ''));
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('catalogue', () => {
  it('lets a visitor browse home, page through the list, open an ad, come back to the same place and open the seller page', async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Oportunidades de oro' }).waitFor();
    // 1280 px: 4 gold ads per row.
    const gold = await graphql<{ homeCarousel: unknown[] }>('{ homeCarousel { id } }');
    expect(await page.getByTestId('gold-carousel').getByRole('article').count()).toBe(Math.min(4, gold.homeCarousel.length));
    expect(await page.getByRole('heading', { name: 'Consejos para comprar un carro usado' }).isVisible()).toBe(true);
    const firstPage = await shownAdIds(list(page));
    expect(firstPage.length).toBeGreaterThan(1);

    // 1280 / 60 - 2 = 19 page numbers at most; the current one is marked.
    const pages = page.getByRole('navigation', { name: 'Páginas' });
    expect(await pages.getByRole('link', { name: /^Página \d+$/ }).count()).toBeLessThanOrEqual(19);
    await pages.getByRole('link', { name: 'Página 2', exact: true }).click();
    await expect.poll(() => page.url()).toContain('page=2');
    await expect.poll(() => pages.locator('[aria-current="page"]').textContent()).toBe('2');
    await expect.poll(() => shownAdIds(list(page))).not.toEqual(firstPage);
    const secondPage = await shownAdIds(list(page));
    expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);

    // Back and forward move between pages.
    await page.goBack();
    await expect.poll(() => shownAdIds(list(page))).toEqual(firstPage);
    await page.goForward();
    await expect.poll(() => shownAdIds(list(page))).toEqual(secondPage);

    // Open an ad well down the list, then come back to the same scroll position.
    const card = cards(page).nth(Math.min(6, secondPage.length - 1));
    await card.scrollIntoViewIfNeeded();
    const title = (await card.getAttribute('aria-label')) ?? '';
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await card.locator('h3 a').click();
    await page.getByTestId('specs').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByTestId('specs').locator('[data-field="plate"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Ver teléfonos' }).click();
    await page.getByTestId('phone-list').getByRole('link').first().waitFor();

    await page.getByRole('button', { name: 'Volver a la lista' }).click();
    await list(page).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    expect(page.url()).toContain('page=2');

    // The seller page: the seller's name and phones, then only that seller's ads.
    await card.locator('h3 a').click();
    await page.getByTestId('specs').waitFor();
    const sellerName = (await page.locator('a[href^="/sellerOpportunities/"]').first().textContent()) ?? '';
    await page.getByRole('link', { name: 'Ver todos sus anuncios' }).click();
    await page.getByTestId('seller-phones').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(sellerName);
    await cards(page).first().waitFor();
    const sellers = await list(page)
      .locator('article a[href^="/sellerOpportunities/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.textContent))]);
    expect(sellers).toEqual([sellerName]);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-seller-1280.png'), fullPage: true });
    await page.context().close();
  });

  it('sends a visitor who taps a favourite star to sign in', async () => {
    const page = await open('/');
    await cards(page)
      .first()
      .getByRole('link', { name: /^Inicie sesión para guardar/ })
      .click();
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.context().close();
  });

  it('lets a seller mark an ad sold, after which it leaves the public list', async () => {
    const { accounts } = running();
    const page = await signedIn(accounts.seller);
    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Mis anuncios' }).click();
    await page.getByRole('heading', { name: 'Mis anuncios' }).waitFor();
    const [adId] = await shownAdIds(list(page));
    expect(adId).toBeTruthy();
    expect(await publicAdIds(accounts.seller.id)).toContain(adId);

    const card = list(page).locator('article', { has: page.locator(`a[href="/opportunity/${adId}"]`) });
    expect(await card.getByTestId('owner-status').textContent()).toBe('Publicado');
    await card.getByRole('checkbox', { name: 'Vendido' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Marcar como vendido?' });
    await dialog.getByRole('button', { name: 'Sí, lo vendí' }).click();
    await expect.poll(() => card.getByTestId('owner-status').textContent()).toBe('Vendido');
    expect(await card.getByRole('checkbox', { name: 'Vendido' }).count()).toBe(0);

    // Gone from the public lists and from the public detail; found under the Sold filter.
    expect(await publicAdIds(accounts.seller.id)).not.toContain(adId);
    expect(await publicAdIds()).not.toContain(adId);
    const visitor = await open(`/opportunity/${adId}`);
    // The old link says the car was sold (issue 13 item 9).
    await visitor.getByRole('heading', { level: 1, name: 'Este carro ya se vendió' }).waitFor();
    await visitor.context().close();
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('SOLD');
    await expect.poll(() => shownAdIds(list(page))).toContain(adId);
    await page.context().close();
  });

  it('lets a buyer add a favourite and remove it from the wish list', async () => {
    const { accounts } = running();
    const page = await signedIn(accounts.seller);
    await cards(page).first().waitFor();
    // Someone else's ad.
    const card = cards(page)
      .filter({ hasNot: page.locator(`a[href="/sellerOpportunities/${accounts.seller.id}"]`) })
      .first();
    const title = (await card.getAttribute('aria-label')) ?? '';
    const adId = (await card.locator('h3 a').getAttribute('href'))?.replace('/opportunity/', '') ?? '';
    await card.getByRole('button', { name: `Agregar ${title} a favoritos` }).click();
    await expect.poll(() => card.getByRole('button', { name: `Quitar ${title} de favoritos` }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Favoritos' }).click();
    await page.getByRole('heading', { name: 'Mis favoritos' }).waitFor();
    expect(await shownAdIds(list(page))).toContain(adId);

    const favourite = list(page).locator('article', { has: page.locator(`a[href="/opportunity/${adId}"]`) });
    await favourite.getByRole('button', { name: `Quitar ${title} de favoritos` }).click();
    await expect.poll(() => list(page).locator(`a[href="/opportunity/${adId}"]`).count()).toBe(0);

    // The server agrees after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Mis favoritos' }).waitFor();
    await list(page).waitFor();
    expect(await list(page).locator(`a[href="/opportunity/${adId}"]`).count()).toBe(0);
    await page.context().close();
  });

  it('lets an administrator change an ad status and read its history', async () => {
    const { accounts } = running();
    const page = await signedIn(accounts.admin);
    const card = cards(page).first();
    await card.waitFor();
    await card.locator('h3 a').click();
    await page.getByTestId('specs').waitFor();
    // Administrators see the plate.
    expect(await page.getByTestId('specs').locator('[data-field="plate"]').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Estado del anuncio' }).selectOption('EXPIRED');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Estado guardado');

    await page.getByRole('link', { name: 'Historial de estados' }).click();
    const table = page.getByTestId('status-history');
    await table.waitFor();
    const last = await table.locator('tbody tr').last().locator('td').allTextContents();
    expect(last[0]).toBe(accounts.admin.email);
    expect(last[2]).toBe('Vencido');
    expect(last[3]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    await page.context().close();
  });

  it('fits home, an ad and a seller page on a 360 px screen without horizontal scroll', async () => {
    const page = await open('/', 360, 740);
    await cards(page).first().waitFor();
    expect(await page.getByTestId('gold-carousel').getByRole('article').count()).toBe(1);
    expect(
      await page
        .getByRole('navigation', { name: 'Páginas' })
        .getByRole('link', { name: /^Página \d+$/ })
        .count(),
    ).toBeLessThanOrEqual(4);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-catalogue-home-360.png'), fullPage: true });

    await cards(page).first().locator('h3 a').click();
    await page.getByTestId('specs').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-catalogue-detail-360.png'), fullPage: true });

    await page.getByRole('link', { name: 'Ver todos sus anuncios' }).click();
    await page.getByTestId('seller-phones').waitFor();
    await cards(page).first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

/** Every ad id of the available list, or of a seller's page, over all its pages. */
async function publicAdIds(sellerId?: string): Promise<string[]> {
  const query = sellerId
    ? 'query ($page: Int!, $sellerId: ID!) { list: sellerOpportunities(sellerId: $sellerId, page: $page) { totalPages items { id } } }'
    : 'query ($page: Int!) { list: availableOpportunities(page: $page) { totalPages items { id } } }';
  const ids: string[] = [];
  for (let page = 1, totalPages = 1; page <= totalPages; page += 1) {
    const { list } = await graphql<{ list: { totalPages: number; items: { id: string }[] } }>(query, { page, sellerId });
    totalPages = list.totalPages;
    ids.push(...list.items.map((ad) => ad.id));
  }
  return ids;
}
