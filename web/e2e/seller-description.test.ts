import { describe, expect, it } from 'vitest';
import { openPage, serverAndBrowser, signedIn } from './harness';
import { createAd, eventually, newSeller } from './sellers';

/** Issue 13 item 14: the seller's own description of the car, within the AD_DESCRIPTION_MAX_LENGTH parameter. */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

describe("the seller's description (issue 13)", () => {
  for (const size of SIZES) {
    it(`shows what the seller says on the ad page, and the wizard keeps it within the parameter (${size.name})`, async () => {
      const { server } = running();
      const seller = await newSeller(server);
      const text = 'Precio negociable.\nRecibo carro de menor valor y hay financiamiento con el banco.';
      const id = await createAd(server, seller, { description: text });
      const admin = await server.login((await server.demo()).credentials.admin);
      await eventually(
        () => server.graphql('mutation($id: ID!) { approveOpportunity(id: $id) { decision } }', { id }, admin),
        () => true,
      );
      await eventually(
        () => server.graphql<{ opportunity: { status: string } }>('query($id: ID!) { opportunity(id: $id) { status } }', { id }),
        (data) => data.opportunity.status === 'PUBLIC_ONLINE',
      );
      const page = await openPage(running(), `/opportunity/${id}`, { width: size.width, height: size.height });
      const section = page.getByTestId('seller-description');
      await section.waitFor();
      expect(await section.getByRole('heading').textContent()).toBe('Lo que dice el vendedor');
      expect(await section.locator('p').innerText()).toBe(text);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/i13b-shots/description-${size.name}.png` });
      await page.context().close();

      // In the wizard: counted against AD_DESCRIPTION_MAX_LENGTH (1000 by default); longer is refused at once.
      const { adDescriptionMaxLength } = await server.graphql<{ adDescriptionMaxLength: number }>('{ adDescriptionMaxLength }');
      const wizard = await signedIn(running(), (await server.demo()).credentials.seller);
      await wizard.setViewportSize({ width: size.width, height: size.height });
      await wizard.goto(`${server.baseUrl}/opportunityRegister`);
      const field = wizard.getByRole('textbox', { name: 'Descripción del vendedor' });
      await field.fill('x'.repeat(adDescriptionMaxLength + 1));
      await wizard.getByText(`La descripción puede tener hasta ${adDescriptionMaxLength} caracteres.`).waitFor();
      await wizard.getByText(`${adDescriptionMaxLength + 1} de ${adDescriptionMaxLength} caracteres`).waitFor();
      await wizard.context().close();
    });
  }
});
