import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextCalendarYear } from '@ruedas/domain';
import { serverAndBrowser, signedIn } from './harness';

// A form message with a placeholder, as the seller sees it (issue 18): the wizard's year above the
// highest names the highest year, in Spanish and then in English, by mouse and on a phone by taps.

const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });
const highest = nextCalendarYear();

/** The wizard's first step, started afresh (a draft of an earlier ad in this browser is set aside). */
async function wizard(page: Page, tap: boolean) {
  await page.goto(`${running().server.baseUrl}/opportunityRegister`);
  await page.getByRole('heading', { name: 'Describa su vehículo' }).waitFor();
  const draft = page.getByTestId('draft-notice');
  if (await draft.count())
    await (tap ? draft.getByRole('button', { name: 'Empezar otro anuncio' }).tap() : draft.getByRole('button', { name: 'Empezar otro anuncio' }).click());
}

describe('the wizard names the highest year', () => {
  it('in Spanish, then in English (1280×800, mouse)', async () => {
    const started = running();
    const page = await signedIn(started, (await started.server.demo()).credentials.seller, { width: 1280, height: 800 });
    await wizard(page, false);
    await page.getByRole('textbox', { name: /^Año/ }).fill(String(highest + 1));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText(`Ingrese un año de 1900 a ${highest}.`).waitFor();
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText(`Enter a year from 1900 to ${highest}.`).waitFor();
    expect(await page.getByText(/\{maxYear\}/).count()).toBe(0);
    // Back to Spanish: the choice is also the signed-in seller's language, which the next test reads.
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByText(`Ingrese un año de 1900 a ${highest}.`).waitFor();
    await page.context().close();
  });

  it('on a phone (360×740, taps)', async () => {
    const started = running();
    const context = await started.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale: 'es-CR' });
    const page = await context.newPage();
    const seller = (await started.server.demo()).credentials.seller;
    await page.goto(`${started.server.baseUrl}/signin`);
    await page.getByLabel('Correo electrónico').fill(seller.email);
    await page.getByLabel('Contraseña').fill(seller.password);
    await page.getByRole('button', { name: 'Ingresar' }).tap();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await wizard(page, true);
    await page.getByRole('textbox', { name: /^Año/ }).fill('1850');
    await page.getByRole('button', { name: 'Siguiente' }).tap();
    await page.getByText(`Ingrese un año de 1900 a ${highest}.`).waitFor();
    await context.close();
  });
});
