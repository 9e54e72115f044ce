import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startServer, type RunningServer } from './harness';

/**
 * Cloudflare is out of reach: the page gets a fake Turnstile script whose widget hands out
 * `token-1`, then `token-2` after each reset, and a local siteverify accepts only `token-2`.
 */
const FAKE_TURNSTILE = `
  let issued = 0;
  window.turnstile = {
    render(element, options) {
      window.turnstileRendered = { sitekey: options.sitekey, language: options.language };
      const solve = () => setTimeout(() => options.callback('token-' + (++issued)), 50);
      element.textContent = 'fake turnstile';
      element.dataset.testid = 'fake-turnstile';
      window.turnstileReset = solve;
      solve();
      return 'w1';
    },
    reset() { window.turnstileReset(); },
    remove() {},
  };
`;

/**
 * The gateway appends the peer's address to x-forwarded-for, so a browser on 127.0.0.1 is always
 * local (no captcha). This test needs the page opened through another address of this machine;
 * it runs only when one is named in RUEDAS_E2E_EXTERNAL_ADDRESS (test traffic stays on loopback
 * otherwise). The server side of the rule is tested in services/identity.
 */
const externalAddress = process.env.RUEDAS_E2E_EXTERNAL_ADDRESS;

let siteverify: Server | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
const verified: string[] = [];

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      verified.push(token);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: token === 'token-2' }));
    });
  });
  await new Promise<void>((resolve) => siteverify!.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as { port: number };
  server = await startServer({
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: 'site-key-e2e',
    CAPTCHA_SECRET: 'secret-e2e',
    CAPTCHA_SITEVERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  siteverify?.close();
});

describe('registration captcha', () => {
  it.skipIf(!externalAddress)('renders Turnstile for a remote visitor, shows the refusal, resets the widget and registers with the new token', async () => {
    if (!server || !browser) throw new Error('The server or the browser did not start');
    const baseUrl = server.baseUrl.replace('127.0.0.1', externalAddress!);
    const context = await browser.newContext({ locale: 'es-CR' });
    context.setDefaultTimeout(10_000);
    await context.route('https://challenges.cloudflare.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE }));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/register`);
    await page.getByTestId('fake-turnstile').waitFor();
    expect(await page.evaluate(() => (window as unknown as { turnstileRendered: unknown }).turnstileRendered)).toEqual({
      sitekey: 'site-key-e2e',
      language: 'es',
    });

    await page.getByLabel('Nombre', { exact: true }).fill('Eva');
    await page.getByLabel('Primer apellido').fill('Rojas');
    await page.getByLabel('Correo electrónico').fill('eva.rojas@example.com');
    await page.getByLabel('Contraseña', { exact: true }).fill('Ruedas#2026segura');
    await page.getByLabel('Confirme la contraseña').fill('Ruedas#2026segura');
    await page.getByLabel('Teléfono 1', { exact: true }).fill('8888-1234');
    for (const label of ['Provincia', 'Cantón', 'Distrito']) {
      await page.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option').first().click();
    }
    await page.getByRole('checkbox').check();

    // The first token is refused: the domain's message shows and the widget is reset.
    const refused = page.waitForResponse((response) => response.request().postData()?.includes('mutation Register') ?? false);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await refused;
    await page.getByText('No pudimos verificar que usted no es un robot. Intente de nuevo.').waitFor();
    await expect.poll(() => page.getByText('No pudimos verificar que usted no es un robot.').count()).toBe(0);

    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${baseUrl}/registrationResult`);
    expect(verified).toEqual(['token-1', 'token-2']);
    await context.close();
  });
});
