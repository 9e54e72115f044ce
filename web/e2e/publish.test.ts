import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, payWith, SANDBOX_CARDS as CARDS, signedIn as signedInOn, startServer, type Account, type RunningServer } from './harness';
import { writeCar } from './wizard';

/**
 * Publishing and paying (issue 7, "Done when") in Chromium against the all-in-one server with a
 * small demo catalogue (its seller has phones and a location, which the wizard fills in). Payments
 * go through billing's sandbox checkout page with its documented test cards.
 */

const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' };

let server: RunningServer | undefined;
/** The data folder of the servers of this file (kept across the restart; removed at the end). */
let dataDir: string | undefined;
let browser: Browser | undefined;
let seller: Account | undefined;

beforeAll(async () => {
  // The data folder outlives a server: the plan-expiry test restarts on it with the clock moved.
  server = await startServer(DEMO, { keepDataDir: true });
  dataDir = server.dataDir;
  browser = await launchChromium();
  seller = (await server.demo()).credentials.seller;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function running() {
  if (!server || !browser || !seller) throw new Error('The server, the browser or the demo catalogue did not start');
  return { server, browser, seller };
}

/** A fresh browser context signed in as the demo seller. */
const signedIn = () => signedInOn(running(), running().seller);

/** Opens the wizard and writes a valid car on step 1 at `level`, then goes to step 3. */
async function writeAd(page: Page, level: 'Gratis' | 'Bronce' | 'Plata' | 'Oro', model: string) {
  await writeCar(page, level, model);
}

const graphql = <T>(query: string, variables?: Record<string, unknown>, token?: string) => running().server.graphql<T>(query, variables, token);

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('ruedas.token') ?? '');

/** The seller's silver plan as billing answers it. */
async function silverPlan(page: Page): Promise<{ availableOpportunities: number; blocked: boolean }> {
  const data = await graphql<{ myPlanStatus: { planLevel: string; availableOpportunities: number; blocked: boolean }[] }>(
    '{ myPlanStatus { planLevel availableOpportunities blocked } }',
    {},
    await tokenOf(page),
  );
  const silver = data.myPlanStatus.find((plan) => plan.planLevel === 'SILVER');
  if (!silver) throw new Error('No silver plan in myPlanStatus');
  return silver;
}

/** Buys a silver plan of 10 ads from the Plans entry of the profile menu, paid with the approving card. */
async function buySilverPlan(page: Page) {
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await page.getByRole('menuitem', { name: /Planes/ }).click();
  await page.getByRole('heading', { name: 'Comprar un plan' }).waitFor();
  await page.getByRole('radio', { name: 'Plata' }).click();
  await page.getByRole('button', { name: 'Un anuncio más' }).click();
  expect(await page.getByLabel('Cantidad de anuncios').inputValue()).toBe('11');
  await page.getByRole('button', { name: 'Un anuncio menos' }).click();
  await page.getByRole('checkbox', { name: /Acepto los/ }).check();
  await page.getByRole('button', { name: 'Comprar y pagar' }).click();
  await payWith(page, CARDS.approve);
  await page.getByTestId('payment-paid').waitFor();
  expect(await page.getByTestId('result-text').textContent()).toContain('Compra del plan procesada');
}

/** The Plans line of the profile menu (read when the menu opens); the menu is closed again. */
async function planSummary(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await page.getByTestId('plan-summary').waitFor();
  const text = (await page.getByTestId('plan-summary').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await page.getByTestId('plan-summary').waitFor({ state: 'hidden' });
  return text;
}

async function pendingCount(page: Page): Promise<number> {
  const data = await graphql<{ myOpportunities: { totalItems: number } }>(
    'query { myOpportunities(status: PENDING_APPROVAL) { totalItems } }',
    {},
    await tokenOf(page),
  );
  return data.myOpportunities.totalItems;
}

/** Whether the ad is public now (asked as a visitor). */
async function publicAd(id: string): Promise<boolean> {
  const data = await graphql<{ opportunity: { status: string } | null }>('query($id: ID!) { opportunity(id: $id) { status } }', { id }).catch(() => ({
    opportunity: null,
  }));
  return data.opportunity?.status === 'PUBLIC_ONLINE';
}

describe('publishing and paying', () => {
  it('creates a free ad once, however often Create is clicked, and it waits for review', async () => {
    const page = await signedIn();
    const before = await pendingCount(page);
    await writeAd(page, 'Gratis', 'Corolla');
    expect(await page.getByTestId('total').textContent()).toContain('₡0');
    await page.getByRole('button', { name: 'Crear anuncio' }).dblclick();
    await page.waitForURL(/\/noPayedOpportunityResultView/);
    expect(await page.getByTestId('result-text').textContent()).toContain('espera la revisión');
    expect(await pendingCount(page)).toBe(before + 1);
    const id = new URL(page.url()).searchParams.get('opportunityId') ?? '';
    expect(await publicAd(id)).toBe(false);
    await page.context().close();
  });

  it('pays a gold ad with an approving test card: public at once', async () => {
    const page = await signedIn();
    await writeAd(page, 'Oro', 'Camry');
    expect(await page.getByTestId('total').textContent()).toContain('₡25.000');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await payWith(page, CARDS.approve);
    await page.getByTestId('payment-paid').waitFor();
    expect(await page.getByTestId('result-text').textContent()).toContain('su anuncio está publicado');
    await page.getByRole('link', { name: 'Ver el anuncio' }).click();
    await page.getByTestId('detail-price').waitFor();
    const id = page.url().split('/opportunity/')[1] ?? '';
    await expect.poll(() => publicAd(id)).toBe(true); // billing settles; listings publishes on its event, a moment later
    await page.context().close();
  });

  it('resumes an ad whose card was declined and pays it', async () => {
    const page = await signedIn();
    await writeAd(page, 'Bronce', 'Yaris');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await payWith(page, CARDS.decline);
    await page.getByTestId('payment-declined').waitFor();
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await page.getByTestId('resume-notice').waitFor();
    await page.getByTestId('ad-preview').waitFor();
    expect(await page.getByTestId('ad-preview').textContent()).toContain('Yaris');
    await page.getByRole('checkbox', { name: /Acepto los/ }).check();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await payWith(page, CARDS.approve);
    await page.getByTestId('payment-paid').waitFor();
    // Paid, the marker is gone: the wizard starts afresh.
    await page.getByRole('link', { name: 'Publicar anuncio' }).first().click();
    await page.getByRole('heading', { name: 'Describa su vehículo' }).waitFor();
    expect(await page.getByTestId('resume-notice').count()).toBe(0);
    await page.context().close();
  });

  it('buys a silver plan, then publishes a silver ad from its balance without paying', async () => {
    const page = await signedIn();
    await buySilverPlan(page);
    expect(await planSummary(page)).toContain('Plata: 10 disponibles');

    await writeAd(page, 'Plata', 'Hilux');
    expect(await page.getByTestId('total').textContent()).toContain('₡0');
    await page.getByRole('button', { name: 'Crear anuncio' }).click();
    await page.waitForURL(/\/opportunityRegisterResultView/);
    const id = new URL(page.url()).searchParams.get('opportunityId') ?? '';
    await expect.poll(() => publicAd(id)).toBe(true); // billing settles; listings publishes on its event, a moment later
    expect(await planSummary(page)).toContain('Plata: 9 disponibles');
    await page.context().close();
  });

  it('a plan expires when the clock passes its month (server restarted, clock moved): blocked; a new plan of the level unblocks the old balance', async () => {
    let page = await signedIn();
    const held = (await silverPlan(page)).availableOpportunities;
    await buySilverPlan(page);
    expect(await planSummary(page)).toContain(`Plata: ${held + 10} disponibles`);
    await page.context().close();

    // The same data, a server whose clock reads 32 days ahead: past any plan's month.
    const { server: before } = running();
    await before.stop();
    server = undefined;
    server = await startServer({ RUEDAS_DEMO_DATA: 'off', RUEDAS_CLOCK_OFFSET_DAYS: '32' }, { dataDir, keepDataDir: true });

    page = await signedIn();
    expect(await planSummary(page)).toContain(`Plata: ${held + 10} bloqueados desde`);
    expect(await silverPlan(page)).toMatchObject({ availableOpportunities: held + 10, blocked: true });
    // A silver ad is no longer covered: the wizard asks to pay its single price.
    await writeAd(page, 'Plata', 'Tacoma');
    expect(await page.getByTestId('total').textContent()).toContain('₡15.000');
    await page.getByRole('button', { name: 'Pagar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Crear anuncio' }).count()).toBe(0);

    // A new silver plan: a new month, and the blocked balance is usable again with the new ads.
    await buySilverPlan(page);
    expect(await planSummary(page)).toContain(`Plata: ${held + 20} disponibles`);
    await writeAd(page, 'Plata', 'Tundra');
    expect(await page.getByTestId('total').textContent()).toContain('₡0');
    await page.getByRole('button', { name: 'Crear anuncio' }).click();
    await page.waitForURL(/\/opportunityRegisterResultView/);
    const id = new URL(page.url()).searchParams.get('opportunityId') ?? '';
    await expect.poll(() => publicAd(id)).toBe(true); // billing settles; listings publishes on its event, a moment later
    expect(await planSummary(page)).toContain(`Plata: ${held + 19} disponibles`);
    await page.context().close();
  });
});
