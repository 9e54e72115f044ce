import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedIn as signedInOn, startServer, type Account, type RunningServer } from './harness';

/**
 * The audit trail screen (issue 14 item 7) against the all-in-one server with a small demo
 * catalogue: the admin changes a global parameter and registers a person impersonally with
 * promotional ads (through the API, as staff do), then finds both on /auditTrail from the header's
 * admin dropdown, with who, what and the value before and after; filters by action (the filter is in
 * the address); reads it in English; opens it at phone size from the burger menu with taps. A seller
 * gets no entry and is refused the page.
 */
const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '4' };

let server: RunningServer | undefined;
let browser: Browser | undefined;
let admin: Account | undefined;
let seller: Account | undefined;
const registered = `promocion.${Date.now()}@example.com`;

beforeAll(async () => {
  server = await startServer(DEMO);
  browser = await launchChromium();
  ({ admin, seller } = (await server.demo()).credentials);
  const token = await server.login(admin);
  await server.graphql('mutation { updateGlobalParameter(id: "COMPLAINTS_TO_FLAG", quantity: 5) { quantity } }', {}, token);
  await server.graphql(
    'mutation($input: ImpersonalRegistrationInput!) { impersonalRegister(input: $input) { id } }',
    {
      input: {
        user: {
          userType: 'PERSON',
          name: 'Lucía',
          lastName: 'Vega',
          email: registered,
          phoneList: [{ phone: '88887777' }],
          province: '1',
          canton: '101',
          district: '10101',
        },
        promotionalAds: 3,
        planLevel: 'GOLD',
      },
    },
    token,
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function running() {
  if (!server || !browser || !admin || !seller) throw new Error('The server, the browser or the demo did not start');
  return { server, browser, admin, seller };
}

const screenshot = (page: Page, name: string) => page.screenshot({ path: join(tmpdir(), `ruedas-${name}.png`), fullPage: true });

/** The row of the trail for an action on a target, once the trail (built from events) has it: reloads until then. */
async function row(page: Page, action: string, target: string) {
  const locator = page.locator(`[data-testid="audit-trail"] tr[data-action="${action}"][data-target="${target}"]`);
  await expect
    .poll(
      async () => {
        if ((await locator.count()) > 0) return true;
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
        return (await locator.count()) > 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  return locator.first();
}

describe('the audit trail screen', () => {
  it('shows staff actions with who, what, before and after, and filters them by action (desktop, Spanish then English)', async () => {
    const { admin } = running();
    const page = await signedInOn(running(), admin, { width: 1366 });
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Registro de auditoría' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();

    const parameter = await row(page, 'PARAMETER_CHANGED', 'COMPLAINTS_TO_FLAG');
    expect(await parameter.locator('[data-column="action"]').textContent()).toBe('Cambio de parámetro');
    expect(await parameter.locator('[data-column="before"]').textContent()).toBe('quantity: 3');
    expect(await parameter.locator('[data-column="after"]').textContent()).toBe('quantity: 5');
    expect(await parameter.textContent()).toContain(admin.email);
    const registration = await row(page, 'IMPERSONAL_REGISTRATION', await registeredId());
    expect(await registration.locator('[data-column="after"]').textContent()).toContain('promotionalAds: 3');
    await screenshot(page, 'audit-trail-es');

    // Only impersonal registrations; the filter goes into the address.
    await page.getByRole('combobox', { name: 'Acción', exact: true }).click();
    await page.getByRole('option', { name: 'Registro impersonal' }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/[?&]action=IMPERSONAL_REGISTRATION/);
    await expect
      .poll(() => page.locator('[data-testid="audit-trail"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))))
      .toEqual(['IMPERSONAL_REGISTRATION']);
    expect(await page.getByTestId('audit-summary').textContent()).toBe('1 acción · página 1 de 1');

    // English.
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    expect(await page.locator('[data-testid="audit-trail"] [data-column="action"]').first().textContent()).toBe('Impersonal registration');
    expect(await page.getByTestId('audit-summary').textContent()).toBe('1 action · page 1 of 1');
    await screenshot(page, 'audit-trail-en');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.search.includes('action='));
    await row(page, 'PARAMETER_CHANGED', 'COMPLAINTS_TO_FLAG');
    // Back to Spanish: the choice is saved to the account, and the next test reads Spanish.
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();
    await page.context().close();
  });

  it('shows the promotional-ads bound on the registration form, registering nobody', async () => {
    const { admin, server } = running();
    const page = await signedInOn(running(), admin, { width: 1366 });
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Registro a nombre de otra persona' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro a nombre de otra persona' }).waitFor();
    const email = `millon.${Date.now()}@example.com`;
    await page.getByLabel('Nombre', { exact: true }).fill('Tomás');
    await page.getByLabel('Primer apellido', { exact: true }).fill('Araya');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Teléfono 1', { exact: true }).fill('8765-4321');
    for (const label of ['Provincia', 'Cantón', 'Distrito']) {
      await page.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option').first().click();
    }
    await page.getByLabel('Anuncios promocionales').fill('1000');
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText('El número de anuncios promocionales puede ser como máximo 20.').waitFor();
    await screenshot(page, 'impersonal-register-bound');
    const { users } = await server.graphql<{ users: { totalItems: number } }>(
      'query($f: String) { users(filter: $f) { totalItems } }',
      { f: email },
      await server.login(admin),
    );
    expect(users.totalItems).toBe(0);
    await page.context().close();
  });

  it('opens from the burger menu at phone size, with taps', async () => {
    const { admin, server, browser } = running();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CR', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/signin`);
    await page.getByLabel('Correo electrónico').fill(admin.email);
    await page.getByLabel('Contraseña').fill(admin.password);
    await page.getByRole('button', { name: 'Ingresar' }).tap();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await page.getByRole('button', { name: 'Abrir el menú' }).tap();
    await page.getByRole('link', { name: 'Registro de auditoría' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();
    await row(page, 'PARAMETER_CHANGED', 'COMPLAINTS_TO_FLAG');
    await screenshot(page, 'audit-trail-phone');
    await context.close();
  });

  it('is not offered to a seller, and refuses the address', async () => {
    const { seller, server } = running();
    const page = await signedInOn(running(), seller);
    expect(await page.getByRole('button', { name: 'Administración', exact: true }).count()).toBe(0);
    await page.goto(`${server.baseUrl}/auditTrail`);
    await page.getByText('Esta página es solo para administradores.').waitFor();
    expect(await page.locator('[data-testid="audit-trail"]').count()).toBe(0);
    await page.context().close();
  });
});

/** The id of the account registered in beforeAll (the target of its trail entry). */
async function registeredId(): Promise<string> {
  const { server, admin } = running();
  const { users } = await server.graphql<{ users: { items: Array<{ id: string }> } }>(
    'query($f: String) { users(filter: $f) { items { id } } }',
    { f: registered },
    await server.login(admin),
  );
  const id = users.items[0]?.id;
  if (!id) throw new Error('the registered account is not listed');
  return id;
}
