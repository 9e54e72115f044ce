import type { Page } from 'playwright-core';
import { hydrated, type Started } from './harness';

/**
 * A new browser context (touch when `size.touch`) signed in as `account` through /signin at desktop
 * size, then set to the size under test. `accountButton` is the profile menu's name in the account's
 * language (once signed in, the account's language wins), waited for before resizing.
 */
export async function signInAt(
  { server, browser }: Started,
  account: { email: string; password: string },
  size: { width: number; height: number; touch: boolean },
  accountButton: string | RegExp,
  options: { acceptDownloads?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: size.touch, locale: 'es-CR', ...options });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/signin`);
  await hydrated(page);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('button', { name: accountButton }).waitFor();
  await page.setViewportSize({ width: size.width, height: size.height });
  return page;
}
