import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, payWith, SANDBOX_CARDS, serverAndBrowser, signIn } from './harness';
import { createAd, eventually, mailsTo, newSeller } from './sellers';

/**
 * Issue 13 item 6: My ads never hides the seller's own ads. It opens on the status that has ads,
 * an unpaid gold ad says "Pago pendiente" with a Pay button that works from any browser, and a
 * rejected ad shows the administrator's reason. Each seller is new, so nothing else is theirs.
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

async function rejectWithReason(adId: string, reason: string) {
  const { server } = running();
  const admin = (await server.demo()).credentials.admin;
  const token = await server.login(admin);
  // The review queue follows the ad's event a moment later.
  await eventually(
    () => server.graphql('mutation($id: ID!, $reason: String!) { rejectOpportunity(id: $id, reason: $reason) { decision } }', { id: adId, reason }, token),
    () => true,
  );
}

const statusSelect = (page: Page) => page.getByRole('combobox', { name: 'Estado' });

describe('my ads (issue 13)', () => {
  for (const size of SIZES) {
    it(`opens on the status with ads, offers to pay an unpaid ad from another browser, and shows why an ad was rejected (${size.name})`, async () => {
      const { server } = running();
      const seller = await newSeller(server);
      const unpaid = await createAd(server, seller, { level: 'GOLD', model: 'Corolla' });
      const rejected = await createAd(server, seller, { model: 'Tercel' });
      await rejectWithReason(rejected, 'Las fotos no corresponden al vehículo.');
      await eventually(
        () => server.graphql<{ opportunity: { status: string } }>('query($id: ID!) { opportunity(id: $id) { status } }', { id: rejected }, seller.token),
        (data) => data.opportunity.status === 'REJECTED',
      );

      // A browser that never saw the wizard: no work-in-progress marker anywhere.
      // Signed in at desktop size (the header's account menu), then at the size under test.
      const page = await openPage(running(), '/signin', { width: 1280, height: 800 });
      await signIn(page, seller);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${server.baseUrl}/myOpportunities`);
      await expect.poll(() => statusSelect(page).inputValue()).toBe('PENDING_APPROVAL');
      const options = await statusSelect(page).locator('option').allTextContents();
      expect(options).toEqual(['Publicado (0)', 'Pendiente de aprobación (1)', 'Modificado (0)', 'Rechazado (1)', 'Vendido (0)', 'Vencido (0)']);
      const card = page.getByRole('article').filter({ hasText: 'Corolla' });
      await expect.poll(() => card.getByTestId('owner-status').textContent()).toBe('Pago pendiente');
      await page.screenshot({ path: `/tmp/i13b-shots/my-ads-unpaid-${size.name}.png` });

      await statusSelect(page).selectOption('REJECTED');
      const reason = page.getByTestId('rejection-reason');
      await reason.waitFor();
      expect(await reason.textContent()).toContain('Las fotos no corresponden al vehículo.');
      await page.screenshot({ path: `/tmp/i13b-shots/my-ads-rejected-${size.name}.png` });

      // Pay from this browser: the wizard opens on its last step, ready to pay.
      await statusSelect(page).selectOption('PENDING_APPROVAL');
      await card.getByRole('link', { name: 'Pagar' }).click();
      await page.getByTestId('ad-preview').waitFor();
      // The terms were accepted when the ad was created: paying it later does not ask again (issue 31).
      expect(await page.getByRole('checkbox', { name: /Acepto los/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      await payWith(page, SANDBOX_CARDS.approve);
      await eventually(
        () => server.graphql<{ opportunity: { status: string } }>('query($id: ID!) { opportunity(id: $id) { status } }', { id: unpaid }, seller.token),
        (data) => data.opportunity.status === 'PUBLIC_ONLINE',
      );
      // Issue 13 item 10: the receipt of the payment, in the seller's language.
      const receipt = await eventually(
        async () => (await mailsTo(server.dataDir, seller.email)).find((mail) => mail.subject.startsWith('Recibo de su pago en Ruedas')),
        (mail) => mail !== undefined,
      );
      expect(receipt!.text).toContain('Anuncio Oro: Toyota Corolla 2018');
      expect(receipt!.text).toContain('Medio de pago: Tarjeta de débito o crédito');
      await page.context().close();
    });
  }
});
