import { describe, expect, it } from 'vitest';
import { hydrated, openPage, serverAndBrowser, signedIn } from './harness';
import { createAd, eventually, newSeller } from './sellers';

/**
 * Issue 20 in Chromium: the admin's review queue with risk scores and reasons (desktop, mouse), and
 * the buyers' safety tips on the ad page (desktop and phone, Spanish and English, server-rendered).
 */
const running = serverAndBrowser({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '6' });

const QUEUE = '{ reviewQueue { items { id riskScore } } }';

describe('the review queue with risk scores (issue 20)', () => {
  it('lists the risky ad first with its score and reasons, orders by age on a click, and approves with a click (desktop)', async () => {
    const { server } = running();
    const demo = await server.demo();
    const admin = await server.login(demo.credentials.admin);
    const honestSeller = await newSeller(server, { name: 'Honesta' });
    const scammer = await newSeller(server, { name: 'Estafador' });
    const honest = await createAd(server, honestSeller, {
      model: 'Yaris',
      description: 'Único dueño, se puede revisar en agencia. Acepto SINPE Móvil al firmar el traspaso.',
    });
    const risky = await createAd(server, scammer, {
      model: 'Hilux',
      description: 'Estoy fuera del país. Para apartarlo deposite un adelanto por Western Union.',
    });
    // Both sellers share a phone (the test sellers' one): 25 each; the scam text adds 60.
    const scores = await eventually(
      () => server.graphql<{ reviewQueue: { items: Array<{ id: string; riskScore: number }> } }>(QUEUE, {}, admin),
      (data) => data.reviewQueue.items.find((item) => item.id === risky)?.riskScore === 85 && data.reviewQueue.items.some((item) => item.id === honest),
    );
    expect(scores.reviewQueue.items.find((item) => item.id === honest)?.riskScore).toBe(25);

    const page = await signedIn(running(), demo.credentials.admin, { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Cola de revisión' }).click();
    await page.getByRole('heading', { name: 'Cola de revisión' }).waitFor();
    const table = page.getByTestId('review-queue');
    const riskyRow = table.locator(`tr[data-ad="${risky}"]`);
    await riskyRow.waitFor();
    expect(await riskyRow.getByLabel('Puntaje de riesgo 85').textContent()).toBe('85');
    expect(await riskyRow.locator('[data-reason="ADVANCE_PAYMENT_TEXT"]').innerText()).toContain('Pide dinero antes de ver el carro');
    expect(await riskyRow.locator('[data-reason="SHARED_PHONE"]').innerText()).toContain('Teléfono usado por otras cuentas');
    const order = async () => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-ad')));
    const byRisk = await order();
    expect(byRisk.indexOf(risky)).toBeLessThan(byRisk.indexOf(honest));
    const scoresShown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-score'))));
    expect(scoresShown).toEqual([...scoresShown].sort((a, b) => b - a));

    await page.getByText('Más antiguos primero').click();
    await page.waitForURL(/order=OLDEST/);
    await eventually(order, (ids) => ids.indexOf(honest) >= 0 && ids.indexOf(honest) < ids.indexOf(risky));

    await page.getByText('Mayor riesgo primero').click();
    await eventually(order, (ids) => ids.indexOf(risky) >= 0 && ids.indexOf(risky) < ids.indexOf(honest));
    await table.locator(`tr[data-ad="${risky}"]`).getByRole('button', { name: 'Aprobar' }).click();
    await eventually(
      () => server.graphql<{ opportunity: { status: string } }>('query($id: ID!) { opportunity(id: $id) { status } }', { id: risky }),
      (data) => data.opportunity.status === 'PUBLIC_ONLINE',
    );
    await eventually(order, (ids) => !ids.includes(risky));
    await page.context().close();
  });
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;
const LANGUAGES = [
  {
    locale: 'es-CR',
    title: 'Compre con seguridad',
    first: 'Nunca pague ni deposite un adelanto antes de ver el carro en persona.',
    more: 'Más consejos para comprar',
  },
  { locale: 'en-US', title: 'Buy safely', first: 'Never pay or send a deposit before you have seen the car in person.', more: 'More tips for buying' },
] as const;

describe('safety tips for buyers on the ad page (issue 20)', () => {
  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`shows the tips, rendered on the server, and leads to the buying tips (${size.name}, ${language.locale})`, async () => {
        const { server } = running();
        const ad = (await server.demo()).ads.find((entry) => entry.status === 'PUBLIC_ONLINE');
        if (!ad) throw new Error('the demo has no public ad');
        const html = await (await fetch(`${server.baseUrl}/opportunity/${ad.id}`, { headers: { 'accept-language': language.locale } })).text();
        expect(html).toContain(language.title);
        expect(html).toContain(language.first);

        const phone = size.name === 'phone';
        const page = phone
          ? await running()
              .browser.newContext({ viewport: { width: size.width, height: size.height }, locale: language.locale, hasTouch: true, isMobile: true })
              .then((context) => context.newPage())
          : await openPage(running(), `/opportunity/${ad.id}`, { width: size.width, height: size.height, locale: language.locale });
        if (phone) {
          await page.goto(`${server.baseUrl}/opportunity/${ad.id}`);
          await hydrated(page);
        }
        const tips = page.getByTestId('safety-tips');
        await tips.scrollIntoViewIfNeeded();
        expect(await tips.getByRole('heading').textContent()).toBe(language.title);
        expect(await tips.getByRole('listitem').count()).toBe(5);
        expect(await tips.getByRole('listitem').first().innerText()).toBe(language.first);
        const link = tips.getByRole('link', { name: language.more });
        if (phone) await link.tap();
        else await link.click();
        await page.waitForURL(/\/buyingUsedCardTips$/);
        await page.context().close();
      });
    }
  }
});
