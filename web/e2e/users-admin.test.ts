import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@ruedas/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdChunk, launchChromium, signedIn as signedInOn, startServer, type Account, type RunningServer } from './harness';
import { mailedLink } from './mail';

/**
 * The users administration screens (spec 02 §2, §5, §6) against the all-in-one server with a demo
 * catalogue (demo.json gives the admin's and the demo seller's credentials): the admin filters and
 * sorts /usersMaintenance, edits a user and reads the result, opens a user's ads as a table and as
 * thumbnails, and registers a person impersonally (the person sets a password from the mailed link);
 * an impersonator (made by the admin through identity) gets only users maintenance and impersonal
 * registration, edits without the role and the e-mail, and is kept out of the admin-only pages.
 */
const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '40' };
const PASSWORD = 'Clave#Segura-2026';

interface ListedUser {
  id: string;
  email: string;
}

let server: RunningServer | undefined;
let browser: Browser | undefined;
let admin: Account | undefined;
let seller: Account | undefined;
let adminToken: string | undefined;
let impersonator: Account | undefined;

beforeAll(async () => {
  server = await startServer(DEMO);
  browser = await launchChromium();
  const { credentials } = await server.demo();
  admin = credentials.admin;
  seller = credentials.seller;
  adminToken = await login(admin);
  impersonator = await makeImpersonator();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function running() {
  if (!server || !browser || !admin || !seller || !adminToken || !impersonator) throw new Error('The server, the browser or the demo catalogue did not start');
  return { server, browser, admin, seller, adminToken, impersonator };
}

/** The server, before `running()` can answer (while the impersonator is being made). */
function started(): RunningServer {
  if (!server) throw new Error('The server did not start');
  return server;
}

const graphql = <T>(query: string, variables?: Record<string, unknown>, token?: string) => started().graphql<T>(query, variables, token);
const asAdmin = <T>(query: string, variables?: Record<string, unknown>) => graphql<T>(query, variables, adminToken);
const login = (account: Account) => started().login(account);

const person = (email: string, name: string) => ({
  userType: 'PERSON',
  name,
  lastName: 'Quesada',
  lastName2: 'Rojas',
  email,
  phoneList: [{ phone: '8877-6655' }],
  language: 'es',
  province: '1',
  canton: '101',
  district: '10101',
});

/** Registers a person, confirms the account from the mail, and the admin makes it an IMPERSONALIZATOR. */
async function makeImpersonator(): Promise<Account> {
  const email = `registradora.${Date.now()}@example.com`;
  await graphql('mutation($input: RegistrationInput!) { register(input: $input) }', {
    input: { ...person(email, 'Rebeca'), password: PASSWORD, passwordConfirm: PASSWORD, agreement: true },
  });
  const link = await mailedLink(server?.dataDir ?? '', email, 'accountConfirmed');
  await graphql('mutation($link: String!) { confirmAccount(link: $link) }', { link: link.split('/').pop() });
  const { users } = await asAdmin<{ users: { items: ListedUser[] } }>('query($f: String) { users(filter: $f) { items { id email } } }', { f: email });
  const id = users.items[0]?.id;
  if (!id) throw new Error('the new account is not in the users list');
  await asAdmin('mutation($input: AdminUserInput!) { adminUpdateUser(input: $input) { id } }', {
    input: { ...person(email, 'Rebeca'), id, role: 'IMPERSONALIZATOR' },
  });
  return { email, password: PASSWORD };
}

/** A fresh browser context (empty storage) in Spanish, 1366 px wide, signed in as `account`. */
const signedIn = (account: Account) => signedInOn(running(), account, { width: 1366 });

/** The entries of the header's admin dropdown. */
async function adminMenuEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Administración', exact: true }).click();
  await page.getByRole('menuitem').first().waitFor();
  const entries = (await page.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  return entries;
}

/** Opens an entry of the admin dropdown and waits for its page's heading. */
async function adminMenu(page: Page, entry: string, heading = entry) {
  await page.getByRole('button', { name: 'Administración', exact: true }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The e-mails of the users table, top to bottom. */
const tableEmails = (page: Page) =>
  page.locator('[data-testid="users"] tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-email') ?? ''));

async function usersPage(variables: Record<string, unknown>) {
  const { users } = await asAdmin<{ users: { items: ListedUser[]; totalItems: number } }>(
    'query($filter: String, $sort: UserSort, $page: Int) { users(filter: $filter, sort: $sort, page: $page) { items { id email } totalItems } }',
    variables,
  );
  return users;
}

/** Picks the first option of a Mantine select found by its label. */
async function pickFirst(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().click();
}

/** Fills the impersonal registration form for `email` and sends it; waits for the result page. */
async function registerImpersonally(page: Page, email: string, name: string) {
  await page.getByRole('heading', { level: 1, name: 'Registro a nombre de otra persona' }).waitFor();
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Primer apellido', { exact: true }).fill('Araya');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Teléfono 1', { exact: true }).fill('8765-4321');
  await pickFirst(page, 'Provincia');
  await pickFirst(page, 'Cantón');
  await pickFirst(page, 'Distrito');
  await page.getByLabel('Anuncios promocionales').fill('3');
  await page.getByText('Plata', { exact: true }).click();
  await page.screenshot({ path: join(tmpdir(), 'ruedas-impersonal-register-1366.png'), fullPage: true });
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Cuenta registrada' }).waitFor();
  expect(await page.getByTestId('result-text').textContent()).toContain(email);
}

describe('users administration', () => {
  it('lets the admin filter the users list and sort it by a column header', async () => {
    const page = await signedIn(running().admin);
    expect(await adminMenuEntries(page)).toEqual(expect.arrayContaining(['Mantenimiento de usuarios', 'Registro a nombre de otra persona']));
    await adminMenu(page, 'Mantenimiento de usuarios');
    await page.locator('[data-testid="users"] tbody tr').first().waitFor();

    // Short forms: the admin's own row reads I, ADM, A.
    await page.getByLabel('Buscar usuarios').fill(running().admin.email);
    const adminRow = page.locator(`tr[data-email="${running().admin.email}"]`);
    await adminRow.waitFor();
    expect(await adminRow.locator('[data-column="type"]').textContent()).toBe('I');
    expect(await adminRow.locator('[data-column="role"]').textContent()).toBe('ADM');
    expect(await adminRow.locator('[data-column="status"]').textContent()).toBe('A');

    // Filter: the rows are the server's answer for the same text, whatever its case and accents.
    await page.getByLabel('Buscar usuarios').fill('VENDEDOR');
    await page.waitForURL(/filter=VENDEDOR/);
    const filtered = await usersPage({ filter: 'VENDEDOR' });
    expect(filtered.totalItems).toBeGreaterThan(0);
    await expect.poll(() => tableEmails(page)).toEqual(filtered.items.map((user) => user.email));
    await expect.poll(() => page.getByTestId('users-count').textContent()).toBe(`${filtered.totalItems} ${filtered.totalItems === 1 ? 'usuario' : 'usuarios'}`);

    // Sort by e-mail, then the other way round; the filter is kept.
    await page.getByLabel('Buscar usuarios').fill('');
    await page.waitForURL((address) => !address.search.includes('filter='));
    await page.getByRole('button', { name: 'Ordenar por Correo' }).click();
    await page.waitForURL(/sort=email&dir=ASC/);
    const ascending = await usersPage({ sort: { field: 'email', direction: 'ASC' } });
    await expect.poll(() => tableEmails(page)).toEqual(ascending.items.map((user) => user.email));
    const emails = ascending.items.map((user) => user.email);
    expect(emails).toEqual([...emails].sort());
    await page.getByRole('button', { name: 'Ordenar por Correo' }).click();
    await page.waitForURL(/sort=email&dir=DESC/);
    const descending = await usersPage({ sort: { field: 'email', direction: 'DESC' } });
    await expect.poll(() => tableEmails(page)).toEqual(descending.items.map((user) => user.email));
    expect(descending.items[0]?.email).not.toBe(ascending.items[0]?.email);

    await page.screenshot({ path: join(tmpdir(), 'ruedas-users-maintenance-1366.png'), fullPage: true });

    // A filter nobody matches.
    await page.getByLabel('Buscar usuarios').fill('nadie-se-llama-asi');
    await page.getByText('Ningún usuario coincide con la búsqueda.').waitFor();
    await page.context().close();
  });

  it('lets the admin edit a user (domain rules first) and read the result', async () => {
    // A demo seller other than the one the impersonator edits below.
    const { users } = await asAdmin<{ users: { items: (ListedUser & { role: string; name: string })[] } }>(
      '{ users(sort: { field: email }) { items { id email role name } } }',
    );
    const target = users.items.find(
      (user) => user.role === 'ADVERTISER' && user.email !== running().seller.email && user.email !== running().impersonator.email,
    );
    if (!target) throw new Error('no seller to edit');
    const page = await signedIn(running().admin);
    await adminMenu(page, 'Mantenimiento de usuarios');
    await page.getByLabel('Buscar usuarios').fill(target.email);
    await page.waitForURL(/filter=/);
    const row = page.locator(`tr[data-user="${target.id}"]`);
    await row.waitFor();
    await row.getByRole('link', { name: /^Editar a / }).click();
    await page.getByTestId('admin-user-form').waitFor();
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue()).toBe(target.name);
    expect(await page.getByLabel('Correo electrónico').isEnabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Rol', exact: true }).waitFor();

    await page.screenshot({ path: join(tmpdir(), 'ruedas-admin-user-edit-1366.png'), fullPage: true });
    // The domain's rule, in Spanish, before anything is sent.
    await page.getByLabel('Nombre', { exact: true }).fill('X');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(translate('invalidNameUser', 'es')).waitFor();

    await page.getByLabel('Nombre', { exact: true }).fill('Marcela');
    await page.getByLabel('Segundo apellido (opcional)').fill('Villalobos');
    await page.getByRole('combobox', { name: 'Rol', exact: true }).click();
    await page.getByRole('option', { name: 'Usuario de prueba' }).click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usuario actualizado' }).waitFor();
    expect(await page.getByTestId('result-text').textContent()).toContain('se guardaron');
    const { user } = await asAdmin<{ user: { name: string; lastName2: string; role: string } }>('query($id: ID!) { user(id: $id) { name lastName2 role } }', {
      id: target.id,
    });
    expect(user).toEqual({ name: 'Marcela', lastName2: 'Villalobos', role: 'TESTUSER' });

    await page.getByRole('link', { name: 'Volver a usuarios' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mantenimiento de usuarios' }).waitFor();
    await page.context().close();
  });

  it("shows a user's ads to the admin as a table and as thumbnails", async () => {
    const { users } = await usersPage({ filter: running().seller.email }).then((answer) => ({ users: answer }));
    const sellerId = users.items[0]?.id;
    if (!sellerId) throw new Error('the demo seller is not listed');
    const { userOpportunities } = await asAdmin<{ userOpportunities: { items: { id: string }[]; totalItems: number } }>(
      'query($id: ID!) { userOpportunities(userId: $id, page: 1) { items { id } totalItems } }',
      { id: sellerId },
    );
    expect(userOpportunities.items.length).toBeGreaterThan(0);
    const page = await signedIn(running().admin);
    await adminMenu(page, 'Mantenimiento de usuarios');
    await page.getByLabel('Buscar usuarios').fill(running().seller.email);
    await page.waitForURL(/filter=/);
    const row = page.locator(`tr[data-user="${sellerId}"]`);
    await row.waitFor();
    // The admin types again (the row stays) and opens the user's ads before the filter's 300 ms are
    // up, while the ads page's code is still on its way: the filter, due meanwhile, must not bring
    // the admin back to the users list.
    await page.getByLabel('Buscar usuarios').fill(running().seller.email.toUpperCase());
    const release = await holdChunk(page, 'UserOpportunitiesAdminPage');
    await row.getByRole('link', { name: /^Anuncios de / }).click();
    await page.waitForTimeout(600);
    await release();
    await page.getByRole('heading', { level: 1, name: 'Anuncios del usuario' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/userOpportunitiesViewAdmin');
    await page.getByTestId('user-ads-table').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="user-ads-table"] tbody tr').evaluateAll((rows) => rows.map((item) => item.getAttribute('data-ad'))))
      .toEqual(userOpportunities.items.map((ad) => ad.id));
    expect(await page.getByTestId('ads-count').textContent()).toBe(`${userOpportunities.totalItems} anuncios`);
    expect(await page.getByTestId('ads-owner').textContent()).toContain(running().seller.email);

    await page.screenshot({ path: join(tmpdir(), 'ruedas-user-ads-table-1366.png'), fullPage: true });
    await page.locator('label').filter({ hasText: 'Miniaturas' }).click();
    await page.waitForURL(/view=cards/);
    await page.getByTestId('user-ads-cards').waitFor();
    await expect.poll(() => page.locator('[data-testid="user-ads-cards"] article').count()).toBe(userOpportunities.items.length);
    await page.locator('label').filter({ hasText: 'Tabla' }).click();
    await page.getByTestId('user-ads-table').waitFor();
    await page.context().close();
  });

  it('lets the admin register a person impersonally; the person sets a password from the mail and signs in', async () => {
    const email = `persona.${Date.now()}@example.com`;
    const page = await signedIn(running().admin);
    await adminMenu(page, 'Registro a nombre de otra persona');
    // Nothing valid yet: the domain's messages.
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText(translate('invalidNameUser', 'es')).first().waitFor();
    await registerImpersonally(page, email, 'Lucía');

    const link = await mailedLink(running().server.dataDir, email, 'passwordReset');
    const { users } = await asAdmin<{ users: { items: { email: string; role: string; status: string; impersonal: boolean }[] } }>(
      'query($f: String) { users(filter: $f) { items { email role status impersonal } } }',
      { f: email },
    );
    expect(users.items).toEqual([{ email, role: 'ADVERTISER', status: 'NOT_CONFIRMED', impersonal: true }]);
    await page.goto(`${running().server.baseUrl}${link}`);
    await page.getByLabel(/^Nueva contraseña$/).fill(PASSWORD);
    await page.getByLabel(/^Confirme la contraseña$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
    await page.waitForURL(/setNewPasswordResult/);
    const token = await login({ email, password: PASSWORD });
    // The 3 promotional ads became a silver plan (billing, from identity's event).
    const silver = async () => {
      const { myPlanStatus } = await graphql<{ myPlanStatus: { planLevel: string; availableOpportunities: number }[] }>(
        '{ myPlanStatus { planLevel availableOpportunities } }',
        {},
        token,
      );
      return myPlanStatus.find((plan) => plan.planLevel === 'SILVER')?.availableOpportunities;
    };
    await expect.poll(silver, { timeout: 15_000 }).toBe(3);
    await page.context().close();
  });

  it('gives the impersonator users maintenance and impersonal registration only, without role or e-mail', async () => {
    const page = await signedIn(running().impersonator);
    expect(await adminMenuEntries(page)).toEqual(['Mantenimiento de usuarios', 'Registro a nombre de otra persona']);
    await adminMenu(page, 'Mantenimiento de usuarios');
    await page.locator('[data-testid="users"] tbody tr').first().waitFor();
    // No way to a user's ads (an administrator's right).
    expect(await page.getByRole('link', { name: /^Anuncios de / }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Editar a / }).count()).toBeGreaterThan(0);

    // Edit the demo seller: no role field, the e-mail disabled; the change is saved.
    await page.getByLabel('Buscar usuarios').fill(running().seller.email);
    await page.waitForURL(/filter=/);
    const row = page.locator(`tr[data-email="${running().seller.email}"]`);
    await row.waitFor();
    await row.getByRole('link', { name: /^Editar a / }).click();
    await page.getByTestId('admin-user-form').waitFor();
    await page.getByRole('combobox', { name: 'Estado', exact: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Rol', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Correo electrónico').isDisabled()).toBe(true);
    await page.getByText('Solo un administrador puede cambiar el correo.').waitFor();
    await page.getByLabel('Segundo apellido (opcional)').fill('Brenes');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usuario actualizado' }).waitFor();
    const { users } = await asAdmin<{ users: { items: { lastName2: string; role: string }[] } }>(
      'query($f: String) { users(filter: $f) { items { lastName2 role } } }',
      {
        f: running().seller.email,
      },
    );
    expect(users.items[0]).toEqual({ lastName2: 'Brenes', role: 'ADVERTISER' });

    // Registers somebody too.
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Registro a nombre de otra persona' }).click();
    const email = `promocion.${Date.now()}@example.com`;
    await registerImpersonally(page, email, 'Tomás');
    await mailedLink(running().server.dataDir, email, 'passwordReset');

    // The administrator's pages stay closed.
    for (const path of ['/reportedOpportunities', '/globalParameters', `/userOpportunitiesViewAdmin?userId=x`]) {
      await page.goto(`${running().server.baseUrl}${path}`);
      await page.getByText('Esta página es solo para administradores.').waitFor();
    }
    await page.context().close();
  });

  // Last: it changes ITEMS_PER_LIST for the whole server.
  it('pages the users list by ITEMS_PER_LIST, keeping the sort', async () => {
    await asAdmin('mutation { updateGlobalParameters(parameters: [{ id: "ITEMS_PER_LIST", quantity: 4 }]) { id } }');
    await expect.poll(async () => (await asAdmin<{ users: { perPage: number } }>('{ users { perPage } }')).users.perPage, { timeout: 15_000 }).toBe(4);
    const sort = { field: 'name', direction: 'ASC' };
    const first = await usersPage({ sort, page: 1 });
    const second = await usersPage({ sort, page: 2 });
    expect(first.totalItems).toBeGreaterThan(4);

    const page = await signedIn(running().admin);
    await page.goto(`${running().server.baseUrl}/usersMaintenance?sort=name&dir=ASC`);
    await page.getByRole('heading', { level: 1, name: 'Mantenimiento de usuarios' }).waitFor();
    await expect.poll(() => tableEmails(page)).toEqual(first.items.map((user) => user.email));
    await page.getByRole('link', { name: 'Página 2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => tableEmails(page)).toEqual(second.items.map((user) => user.email));
    // A new sort starts again from page 1.
    await page.getByRole('button', { name: 'Ordenar por Nombre' }).click();
    await page.waitForURL((address) => address.search.includes('dir=DESC') && !address.search.includes('page='));
    await page.context().close();
  });
});
