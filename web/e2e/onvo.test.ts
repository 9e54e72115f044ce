import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOnvo, type FakeOnvo } from '@ruedas/payment-onvo/fake';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedIn, startServer, type Account, type RunningServer } from './harness';
import { writeCar } from './wizard';

/**
 * Paying through ONVO Pay (issue 16, "Done when"): the all-in-one server with the ONVO adapter,
 * pointed at the in-process fake of ONVO's API; the browser pays on the fake's hosted checkout page
 * and comes back to the result pages, which ask billing (and billing ONVO) where the payment stands.
 * The fake's webhooks reach the server's /payments/webhook over HTTP.
 */
const shots = fileURLToPath(new URL('../.test-results/onvo/', import.meta.url));

let fake: FakeOnvo | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
let seller: Account | undefined;

beforeAll(async () => {
  fake = await startFakeOnvo();
  server = await startServer({
    RUEDAS_DEMO_DATA: 'on',
    RUEDAS_DEMO_ADS: '6',
    ONVO_SECRET_KEY: fake.secretKey,
    ONVO_WEBHOOK_SECRET: fake.webhookSecret,
    ONVO_API_URL: fake.url,
  });
  fake.setWebhookUrl(`${server.baseUrl}/payments/webhook`);
  browser = await launchChromium();
  seller = (await server.demo()).credentials.seller;
  await mkdir(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

function running() {
  if (!server || !browser || !seller || !fake) throw new Error('The fake of ONVO, the server or the browser did not start');
  return { server, browser, seller, fake };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('ruedas.token') ?? '');

/** The wizard's three steps for a gold Toyota, up to the Pay button. */
async function writeGoldAd(page: Page, model: string) {
  await writeCar(page, 'Oro', model);
}

async function publicAd(id: string): Promise<boolean> {
  const data = await running()
    .server.graphql<{ opportunity: { status: string } | null }>('query($id: ID!) { opportunity(id: $id) { status } }', { id })
    .catch(() => ({ opportunity: null }));
  return data.opportunity?.status === 'PUBLIC_ONLINE';
}

describe('paying through ONVO Pay', () => {
  it("pays a gold ad by card on ONVO's hosted checkout: back on the result page, paid and public (es, then en)", async () => {
    const { fake } = running();
    const page = await signedIn(running(), running().seller);
    await writeGoldAd(page, 'Camry');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/pay/`));
    // First the buyer leaves ONVO's page with its cancel link: nothing paid, a way to try again.
    await page.getByRole('link', { name: 'Cancelar y volver' }).click();
    await page.waitForURL(/\/paymentResultView\?invoice=.*&cancelled=1/);
    await page.getByTestId('payment-cancelled').waitFor();
    await shot(page, 'ad-cancelled-es');
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await page.getByTestId('resume-notice').waitFor();
    await page.getByTestId('ad-preview').waitFor();
    await page.getByRole('checkbox', { name: /Acepto los/ }).check();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/pay/`));
    expect(await page.getByTestId('onvo-amount').textContent()).toMatch(/₡25.000,00/);
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel('Vencimiento (MM/AA)').fill('12/39');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Nombre en la tarjeta').fill('Daniela Mora');
    await page.getByRole('button', { name: /^Pagar ₡/ }).click();
    await page.waitForURL(/\/paymentResultView\?invoice=/);
    await page.getByTestId('payment-paid').waitFor();
    expect(await page.getByTestId('result-text').textContent()).toContain('su anuncio está publicado');
    await shot(page, 'ad-paid-es');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('result-text').textContent()).toContain('Payment completed: your ad is published.');
    await shot(page, 'ad-paid-en');
    await page.getByRole('link', { name: 'View the ad' }).click();
    await page.getByTestId('detail-price').waitFor();
    const id = page.url().split('/opportunity/')[1] ?? '';
    await expect.poll(() => publicAd(id)).toBe(true);
    // The choice is the seller's language from now on: back to Spanish for the next test.
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('link', { name: 'Publicar anuncio' }).first().waitFor();
    await page.context().close();
  });

  it('buys a gold plan at phone size with SINPE Móvil: deferred until the transfer arrives, then credited', async () => {
    const { fake, browser, server } = running();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CR', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/signin`);
    // The Spanish sign-in form; at phone size the header's account menu is in the drawer, so the token tells.
    await page.getByLabel('Correo electrónico').fill(running().seller.email);
    await page.getByLabel('Contraseña').fill(running().seller.password);
    await page.getByRole('button', { name: 'Ingresar' }).tap();
    await expect.poll(() => tokenOf(page)).not.toBe('');
    const gold = async () =>
      (
        await server.graphql<{ myPlanStatus: { planLevel: string; availableOpportunities: number }[] }>(
          '{ myPlanStatus { planLevel availableOpportunities } }',
          {},
          await tokenOf(page),
        )
      ).myPlanStatus.find((plan) => plan.planLevel === 'GOLD')?.availableOpportunities ?? 0;
    const before = await gold();
    await page.goto(`${server.baseUrl}/buyPlan`);
    await page.getByRole('heading', { name: 'Comprar un plan' }).waitFor();
    await page.getByRole('radio', { name: 'Oro' }).tap();
    await page.getByRole('checkbox', { name: /Acepto los/ }).tap();
    await page.getByRole('button', { name: 'Comprar y pagar' }).tap();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/pay/`));
    const sessionId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByRole('button', { name: 'Pagar con SINPE Móvil' }).tap();
    await page.getByRole('heading', { name: 'Transferencia SINPE Móvil pendiente' }).waitFor();
    await page.getByRole('link', { name: 'Volver al comercio' }).tap();
    await page.waitForURL(/\/buyPlanResult\?invoice=/);
    await page.getByTestId('payment-deferred').waitFor();
    expect(await page.getByTestId('result-text').textContent()).toContain('pendiente de aprobación');
    await shot(page, 'plan-deferred-es-phone');
    expect(await gold()).toBe(before);
    // The transfer arrives at ONVO: its webhook pays the invoice; the page, asking again, shows it.
    await fake.receiveSinpe(sessionId);
    await page.getByTestId('payment-paid').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('result-text').textContent()).toContain('Compra del plan procesada');
    await shot(page, 'plan-paid-es-phone');
    await expect.poll(gold).toBe(before + 10);
    await context.close();
  });
});
