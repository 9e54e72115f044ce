import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage as openPageOn, serverAndBrowser } from './harness';

const running = serverAndBrowser();

/** The home page in a fresh browser context (empty local storage) whose browser prefers Spanish. */
const openPage = (width: number, height = 800) => openPageOn(running(), '/', { width, height });

/** A full-page screenshot in the temp folder, once the lazily loaded page has rendered its heading. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
  await page.screenshot({ path: join(tmpdir(), `ruedas-${name}.png`), fullPage: true });
}

describe('web shell', () => {
  it('shows the backend and database versions that the REST API reports', async () => {
    const { server } = running();
    const response = await fetch(`${server.baseUrl}/api/v1/globalParameter/systemsVersion`);
    expect(response.status).toBe(200);
    const expected = (await response.json()) as { backEndVersion: string; databaseVersion: string };

    const page = await openPage(1280);
    await expect.poll(() => page.getByTestId('backend-version').textContent()).toBe(expected.backEndVersion);
    expect(await page.getByTestId('database-version').textContent()).toBe(expected.databaseVersion);
    expect(await page.getByTestId('frontend-version').textContent()).toMatch(/^\d+\.\d+\.\d+/);
    await screenshot(page, 'home-1280');
    await page.context().close();
  });

  it('switches to English and back at once, and keeps the choice across reloads', async () => {
    const page = await openPage(1280);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Encuentre su próximo carro en Costa Rica');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => heading.textContent()).toBe('Find your next car in Costa Rica');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => heading.textContent()).toBe('Find your next car in Costa Rica');

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect.poll(() => heading.textContent()).toBe('Encuentre su próximo carro en Costa Rica');
    await page.reload();
    await expect.poll(() => heading.textContent()).toBe('Encuentre su próximo carro en Costa Rica');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.context().close();
  });

  it('fits a 360 px wide screen without horizontal scroll and offers the burger menu', async () => {
    const page = await openPage(360, 740);
    const burger = page.getByRole('button', { name: 'Abrir el menú' });
    await burger.waitFor({ state: 'visible' });
    await screenshot(page, 'home-360');

    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await page.getByTestId('language-menu').isVisible()).toBe(false);

    await burger.click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Publicar anuncio' }).waitFor({ state: 'visible' });
    expect(await drawer.getByRole('link', { name: 'Iniciar sesión' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('answers an unknown route with the not-found page inside the layout', async () => {
    const { server } = running();
    const page = await openPage(1280);
    await page.goto(`${server.baseUrl}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Página no encontrada');
    expect(await page.getByRole('link', { name: 'Contáctenos' }).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows the privacy policy in the chosen language', async () => {
    const { server } = running();
    const page = await openPage(1280);
    await page.goto(`${server.baseUrl}/privacy`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Política de privacidad');
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(5);
    await page.context().close();
  });
});
