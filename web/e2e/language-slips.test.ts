import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, signIn } from './harness';
import { mailedLink } from './mail';
import { createAd, eventually, newSeller } from './sellers';

/**
 * Issue 13 item 13: language and format slips. Colours and counts in the page's language, phones
 * written 8765-4321, no level codes on the Spanish payment page, a refused confirmation link that
 * does not say "you can sign in now", an administrator's rejection credited to the staff (not the
 * system), and a decided ad that leaves the review queue at once.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

/** A page signed in as `account` (at desktop size, where the account menu shows), then at the size under test. */
async function signedInAt(account: { email: string; password: string }, size: { width: number; height: number }, english = false): Promise<Page> {
  const page = await openPage(running(), '/signin', { width: 1280, height: 800 });
  if (english) {
    // The form in Spanish (a new browser); once signed in, the account's English wins.
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('button', { name: 'My account' }).waitFor();
  } else {
    await signIn(page, account);
  }
  await page.setViewportSize(size);
  return page;
}

describe('language and format slips (issue 13)', () => {
  for (const size of SIZES) {
    it(`speaks the page's language and formats: colours, counts, phones, payment page, confirmation link (${size.name})`, async () => {
      const { server } = running();
      const seller = await newSeller(server, { language: 'en' });
      const id = await createAd(server, seller, { exteriorColor: 'Blanco', interiorColor: 'Negro', level: 'BRONZE' });

      // The seller's ad in English: colours in English, the phone written 8765-4321, "1 ad".
      const page = await signedInAt(seller, size, true);
      await page.goto(`${server.baseUrl}/opportunity/${id}`);
      const specs = page.getByTestId('specs');
      await specs.waitFor();
      const specsText = (await specs.textContent()) ?? '';
      expect(specsText).toContain('White');
      expect(specsText).toContain('Black');
      expect(specsText).not.toContain('Blanco');
      // A public ad's phones are written 8888-1234, whatever the seller typed.
      const demo = (await server.demo()).ads.find((ad) => ad.status === 'PUBLIC_ONLINE');
      await page.goto(`${server.baseUrl}/opportunity/${demo!.id}`);
      await page.getByRole('button', { name: 'Show phones' }).click();
      const phones = page.getByTestId('phone-list').getByRole('link');
      await phones.first().waitFor();
      for (const phone of await phones.allTextContents()) expect(phone).toMatch(/^\d{4}-\d{4}$/);
      await page.goto(`${server.baseUrl}/myOpportunities?status=PENDING_APPROVAL`);
      await expect.poll(() => page.getByText(/^1 ad · page 1 of 1$/).count()).toBe(1);
      await page.screenshot({ path: `/tmp/i13b-shots/slips-my-ads-en-${size.name}.png` });

      // The Spanish payment page names the level, not its code.
      const spanish = await newSeller(server);
      const bronze = await createAd(server, spanish, { level: 'BRONZE' });
      const { checkoutOpportunity } = await server.graphql<{ checkoutOpportunity: { redirectUrl: string } }>(
        'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: BRONZE, autoApproval: false) { redirectUrl } }',
        { id: bronze },
        spanish.token,
      );
      const pay = await signedInAt(spanish, size);
      await pay.goto(checkoutOpportunity.redirectUrl);
      await pay.getByLabel('Número de tarjeta').waitFor();
      const payText = (await pay.locator('body').textContent()) ?? '';
      expect(payText).toContain('anuncio Bronce');
      expect(payText).not.toMatch(/BRONZE|GOLD|SILVER/);
      await pay.screenshot({ path: `/tmp/i13b-shots/slips-payment-es-${size.name}.png` });

      // A confirmation link used twice: refused, and not followed by "you can sign in now".
      const link = await mailedLink(server.dataDir, spanish.email, 'accountConfirmed');
      await pay.goto(`${server.baseUrl}${link}`);
      await pay.getByTestId('confirm-failed-next').waitFor();
      const confirmText = (await pay.locator('main').textContent()) ?? '';
      expect(confirmText).toContain('El enlace de confirmación no es válido.');
      expect(confirmText).not.toContain('Ya puede iniciar sesión');
      await pay.screenshot({ path: `/tmp/i13b-shots/slips-confirm-${size.name}.png` });
      await page.context().close();
      await pay.context().close();
    });

    it(`takes a decided ad out of the review queue at once and credits its rejection to the staff (${size.name})`, async () => {
      const { server } = running();
      const seller = await newSeller(server);
      const approved = await createAd(server, seller, { model: 'Echo' });
      const rejected = await createAd(server, seller, { model: 'Starlet' });
      const admin = await signedInAt((await server.demo()).credentials.admin, size);
      await admin.goto(`${server.baseUrl}/opportunityAdministration?status=PENDING_APPROVAL`);
      const row = (adId: string) => admin.locator(`tr[data-ad="${adId}"]`);
      await row(approved).getByRole('button', { name: 'Aprobar' }).waitFor();
      await row(approved).getByRole('button', { name: 'Aprobar' }).click();
      // Issue 31: confirmed, then a few seconds to undo before it is sent.
      await admin.getByRole('dialog').getByRole('button', { name: 'Sí, aprobar' }).click();
      await admin.getByTestId('review-decided').waitFor({ timeout: 20_000 });
      // Gone as soon as the decision was taken, not after the read model caught up.
      await expect.poll(() => row(approved).count(), { timeout: 1000, interval: 50 }).toBe(0);
      await row(rejected).getByRole('button', { name: 'Rechazar…' }).click();
      await row(rejected).getByRole('textbox').fill('El precio no corresponde al vehículo.');
      await row(rejected).getByRole('button', { name: 'Rechazar anuncio' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Sí, rechazar' }).click();
      await admin.getByTestId('review-decided').getByText('fue rechazado', { exact: false }).waitFor({ timeout: 20_000 });
      await expect.poll(() => row(rejected).count(), { timeout: 1000, interval: 50 }).toBe(0);
      await admin.context().close();

      await eventually(
        () => server.graphql<{ opportunity: { status: string } }>('query($id: ID!) { opportunity(id: $id) { status } }', { id: rejected }, seller.token),
        (data) => data.opportunity.status === 'REJECTED',
      );
      const owner = await signedInAt(seller, size);
      await owner.goto(`${server.baseUrl}/opportunityStatusHistory?opportunityId=${rejected}`);
      const table = owner.getByTestId('status-history');
      await table.waitFor();
      const last = await table.locator('tbody tr').last().locator('td').allTextContents();
      expect(last.slice(0, 3)).toEqual(['—', 'Equipo de moderación de Ruedas', 'Rechazado']);
      await owner.screenshot({ path: `/tmp/i13b-shots/slips-history-${size.name}.png` });
      await owner.context().close();
    });
  }
});
