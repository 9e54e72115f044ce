/**
 * The texts in parts (decision 0110) in Chromium: a public page loads only the public texts of its
 * language; a signed-in admin screen loads the rest before it shows (no key on the screen, no console
 * warning of a missing text); a change of language then brings both parts of the other language. With
 * the mouse at 1280 × 800 (an admin screen) and with taps at 360 × 740 (the phone's drawer, an
 * on-demand part). Screenshots of the admin screen in both languages go to the temporary folder.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, serverAndBrowser, signIn, type Started } from './harness';

const started = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '20' });

/** A raw key on the screen (`admin.parameters.title`): a text that was not loaded. */
const RAW_KEY = /\b(admin|nav|footer|language|home|search|catalogue|usersAdmin|reports|account|signIn|profile)\.[a-zA-Z]+/;

/** A fresh page recording the texts' chunks it fetches and every console warning or error. */
async function watchedPage({ browser }: Started, phone: boolean) {
  const context = await browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    locale: 'es-CR',
    ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const texts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const part = /\/assets\/(es|en)\.(public|rest)-[\w-]+\.js$/.exec(request.url());
    if (part) texts.push(`${part[1]}.${part[2]}`);
  });
  return { page, problems, texts };
}

async function go(page: Page, started: Started, path: string): Promise<void> {
  await page.goto(`${started.server.baseUrl}${path}`);
  await hydrated(page);
}

describe('the texts in parts', () => {
  it('loads the rest of the texts with an admin screen, and both parts of English when chosen (mouse, 1280)', async () => {
    const { page, problems, texts } = await watchedPage(started(), false);
    await go(page, started(), '/');
    await page.getByRole('heading', { level: 1, name: 'Encuentre su próximo carro en Costa Rica' }).waitFor();
    expect(new Set(texts)).toEqual(new Set(['es.public']));

    await go(page, started(), '/signin');
    await signIn(page, (await started().server.demo()).credentials.admin);
    await go(page, started(), '/globalParameters');
    await page.getByRole('heading', { level: 1, name: 'Parámetros globales' }).waitFor();
    expect(new Set(texts)).toEqual(new Set(['es.public', 'es.rest']));
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-texts-admin-1280-es.png') });

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Global parameters' }).waitFor();
    expect(new Set(texts)).toEqual(new Set(['es.public', 'es.rest', 'en.public', 'en.rest']));
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-texts-admin-1280-en.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("loads the rest with the phone's drawer, and English whole when tapped there (taps, 360)", async () => {
    const { page, problems, texts } = await watchedPage(started(), true);
    await go(page, started(), '/');
    expect(new Set(texts)).toEqual(new Set(['es.public']));
    await page.getByRole('button', { name: 'Abrir el menú' }).tap();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('English', { exact: true }).tap();
    await page.getByRole('heading', { level: 1, name: 'Find your next car in Costa Rica' }).waitFor();
    expect(new Set(texts)).toEqual(new Set(['es.public', 'es.rest', 'en.public', 'en.rest']));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
