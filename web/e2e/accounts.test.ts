import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage as openPageOn, serverAndBrowser } from './harness';
import { mailedLink } from './mail';

const running = serverAndBrowser();

/** A page in a fresh browser context (empty local storage) whose browser prefers Spanish. */
const openPage = (path = '/', width = 1280, height = 900) =>
  // Generous: CI runs this on a loaded 2-core machine, and each login hashes with argon2id.
  openPageOn(running(), path, { width, height, timeout: 30_000 });

const url = (path: string) => `${running().server.baseUrl}${path}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const screenshot = (page: Page, name: string) => page.screenshot({ path: join(tmpdir(), `ruedas-${name}.png`), fullPage: true });

const EMAIL = 'ana.mora@example.com';
const PASSWORD = 'Ruedas#2026segura';
const NEW_PASSWORD = 'Otra$Clave2027xy';

/** Picks the first option of a Mantine select found by its label. */
async function pickFirst(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().click();
}

/** Fills and sends the sign-in form, and waits for the server's answer. */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^(Correo electrónico|E-mail)$/).fill(email);
  await page.getByLabel(/^(Contraseña|Password)$/).fill(password);
  const answered = page.waitForResponse((response) => response.request().postData()?.includes('mutation Login') ?? false);
  await page.getByRole('button', { name: /^(Ingresar|Sign in)$/ }).click();
  await answered;
}

// The profile button is named by the user's name, then what it is (its name starts with the visible text).
const accountMenu = (page: Page) => page.getByRole('button', { name: /, (Mi cuenta|My account)$/ });

describe('accounts', () => {
  it('registers a person through the form, with live validation after the first attempt', async () => {
    const page = await openPage('/register');
    await page.getByLabel('Nombre', { exact: true }).fill('A');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    // Errors appear only after the first attempt, and then follow the typing.
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(3);
    expect(await page.getByRole('button', { name: 'Eliminar el teléfono 1' }).isDisabled()).toBe(true);

    await page.getByLabel('Nombre', { exact: true }).fill('Ana');
    await page.getByLabel('Primer apellido').fill('Mora');
    await page.getByLabel('Correo electrónico').fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    expect(await page.getByTestId('password-strength').getAttribute('data-level')).toBe('3');
    await page.getByLabel('Confirme la contraseña').fill('otra cosa');
    await page.getByText('Las contraseñas no coinciden.').waitFor();
    await page.getByLabel('Confirme la contraseña').fill(PASSWORD);
    await page.getByLabel('Teléfono 1', { exact: true }).fill('8888-1234');
    expect(await page.getByRole('combobox', { name: 'Tipo del teléfono 1' }).inputValue()).toBe('WhatsApp');
    await pickFirst(page, 'Provincia');
    await pickFirst(page, 'Cantón');
    await pickFirst(page, 'Distrito');
    await page.getByRole('checkbox').check();
    await screenshot(page, 'register-filled-1280');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(url('/registrationResult'));
    expect(await page.getByTestId('result-text').textContent()).toContain('correo');
    await page.context().close();
  });

  it('confirms the account from the mailed link, and refuses the used link with 0004', async () => {
    const link = await mailedLink(running().server.dataDir, EMAIL, 'accountConfirmed');
    const page = await openPage(link);
    await page.getByTestId('account-confirmed').waitFor();
    await page.goto(url(link));
    await expect.poll(() => page.getByTestId('form-failure').textContent()).toBe('El enlace de confirmación no es válido.');
    await page.context().close();
  });

  it('signs in, edits the profile, saves an English choice to the account, and logs out', async () => {
    const page = await openPage('/signin');
    await signIn(page, EMAIL, PASSWORD);
    await page.waitForURL(url('/'));
    await expect.poll(() => accountMenu(page).textContent()).toContain('Ana Mora');

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.waitForURL(url('/editprofile'));
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(EMAIL);
    await page.getByLabel('Nombre', { exact: true }).fill('Mariana');
    await page.getByRole('button', { name: 'Agregar un teléfono' }).click();
    await page.getByLabel('Teléfono 2', { exact: true }).fill('2222-3333');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    // The truth declaration is required.
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL(url('/editMyProfileResult'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Perfil guardado');
    await expect.poll(() => accountMenu(page).textContent()).toContain('Mariana Mora');

    await page.goto(url('/editprofile'));
    await expect.poll(() => page.getByLabel('Teléfono 2', { exact: true }).inputValue()).toBe('2222-3333');

    const saved = page.waitForResponse((response) => response.request().postData()?.includes('ChangeLanguage') ?? false);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    expect((await saved).ok()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My profile');

    // The home page's code arrives late (it was never loaded since page.goto): the profile page, a
    // signed-in page, stays on screen meanwhile and must not send the visitor to /signin instead.
    await page.route('**/HomePage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();

    // A fresh browser that prefers Spanish: the account's language wins at sign-in.
    const other = await openPage('/signin');
    await signIn(other, EMAIL, PASSWORD);
    await other.waitForURL(url('/'));
    await expect.poll(() => other.getByRole('heading', { level: 1 }).textContent()).toBe('Find your next car in Costa Rica');
    await other.context().close();
  });

  it('locks the account after 5 failed logins (0005), lets its owner in from a known place (0147), and a mailed reset link lets the user in again', async () => {
    const failing = await openPage('/signin');
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 6 && !/locked|bloquead/i.test(messages.at(-1) ?? ''); attempt += 1) {
      await signIn(failing, EMAIL, `Wrong#Password${attempt}`);
      await failing.getByTestId('form-failure').waitFor();
      messages.push((await failing.getByTestId('form-failure').textContent()) ?? '');
    }
    expect(messages[0]).toMatch(/Incorrect email or password|Correo electrónico o contraseña incorrectos/);
    expect(messages.at(-1)).toMatch(/locked|bloquead/i);
    // This address is a place the account signed in from (the first test): the right password still signs
    // its owner in (decision 0147); the lock stays for every other place.
    await signIn(failing, EMAIL, PASSWORD);
    await failing.waitForURL(url('/'));
    await expect.poll(() => accountMenu(failing).textContent()).toContain('Mariana Mora');
    await failing.context().close();

    const page = await openPage('/signin');

    // The page's code arrives late, as on a slow machine: the test must not type into the page it is leaving.
    await page.route('**/ForgotPasswordPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('link', { name: /Forgot your password|Olvidó su contraseña/ }).click();
    await page.waitForURL(url('/forgotPassword'));
    // The URL changes before the page's code has loaded, while the sign-in form (with its own e-mail field) still shows.
    await page.getByRole('button', { name: /Enviarme el enlace|Send me the link/ }).waitFor();
    await page.getByLabel(/^(Correo electrónico|E-mail)$/).fill(EMAIL);
    await page.getByRole('button', { name: /Enviarme el enlace|Send me the link/ }).click();
    await page.waitForURL(url('/forgotPasswordResult'));

    const link = await mailedLink(running().server.dataDir, EMAIL, 'passwordReset');
    await page.goto(url(link));
    await page.getByLabel(/^(Nueva contraseña|New password)$/).fill(NEW_PASSWORD);
    await page.getByLabel(/^(Confirme la contraseña|Confirm the password)$/).fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: /Guardar la contraseña|Save the password/ }).click();
    await page.getByText(/Passwords do not match\.|Las contraseñas no coinciden\./).waitFor();
    await page.getByLabel(/^(Confirme la contraseña|Confirm the password)$/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /Guardar la contraseña|Save the password/ }).click();
    await page.waitForURL(url('/setNewPasswordResult'));
    await page
      .getByRole('link', { name: /^(Sign in|Iniciar sesión)$/ })
      .last()
      .click();
    await page.waitForURL(url('/signin'));

    await signIn(page, EMAIL, NEW_PASSWORD);
    await page.waitForURL(url('/'));
    await expect.poll(() => accountMenu(page).textContent()).toContain('Mariana Mora');
    await page.context().close();
  });

  it('answers a forged token on a protected page with the session-expired message and /signin', async () => {
    const page = await openPage('/');
    await page.evaluate(() => {
      localStorage.setItem('ruedas.token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
      localStorage.setItem(
        'ruedas.sessionUser',
        JSON.stringify({
          id: 'x',
          name: 'Eva',
          lastName: 'Falsa',
          lastName2: '',
          role: 'ADVERTISER',
          isAdmin: false,
          isImpersonalizator: false,
          language: 'es',
        }),
      );
    });
    await page.goto(url('/editprofile'));
    await page.getByTestId('session-expired').waitFor();
    await page.waitForURL(url('/signin'));
    expect(await page.getByTestId('session-expired').textContent()).toContain('Su sesión expiró');
    expect(await page.evaluate(() => localStorage.getItem('ruedas.token'))).toBeNull();
    await page.context().close();
  });

  it('sends a visitor who clicks Publish ad to sign in, and back to /opportunityRegister afterwards', async () => {
    const page = await openPage('/');
    await page.getByRole('link', { name: 'Publicar anuncio' }).first().click();
    await page.waitForURL(url('/signin'));
    await signIn(page, EMAIL, NEW_PASSWORD);
    await page.waitForURL(url('/opportunityRegister'));
    expect(pathOf(page)).toBe('/opportunityRegister');
    await page.context().close();
  });

  it.each([1280, 360])('lays out register and sign-in at %i px without horizontal scroll', async (width) => {
    for (const path of ['/register', '/signin']) {
      const page = await openPage(path, width);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `${path.slice(1)}-${width}`);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await page.context().close();
    }
  });
});
