import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, openPage, serverAndBrowser, signedIn, type RunningServer } from './harness';
import { press, seriousViolations, shot, SIZES as ISSUE31_SIZES } from './issue31';
import { adInput, createAd, eventually, newSeller, type NewSeller } from './sellers';
import { signInAt } from './signInAt';

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
    // Issue 31: a confirmation, then a few seconds to undo before it is sent.
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, aprobar' }).click();
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

/** A demo ad's first photo as JPEG, uploaded again by `seller`: the same picture (by perceptual hash) in the seller's ad. */
async function reuploadPhoto(server: RunningServer, photoId: string, seller: NewSeller): Promise<string> {
  const bytes = Buffer.from(await (await fetch(`${server.baseUrl}/api/v1/attachment/${photoId}`, { headers: { accept: 'image/jpeg' } })).arrayBuffer());
  const form = new FormData();
  form.append('files', new Blob([bytes], { type: 'image/jpeg' }), 'car.jpg');
  const answer = await fetch(`${server.baseUrl}/api/v1/attachment/protected`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${seller.token}` },
  });
  if (!answer.ok) throw new Error(`upload refused: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as string[])[0]!;
}

interface Evidence {
  reason: string;
  otherAds: Array<{ id: string }>;
  matchedWords: string[];
}
const ITEM = 'query($id: ID!) { reviewQueueItem(id: $id) { id version evidence { reason otherAds { id } matchedWords } } }';
const STATUS = 'query($id: ID!) { opportunity(id: $id) { status } }';

/** Counts the approve and reject requests the page sends. */
function decisionsSent(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (request.url().endsWith('/graphql') && /approveOpportunity|rejectOpportunity/.test(body)) sent += 1;
  });
  return () => sent;
}

describe('the review screen with evidence, confirmation and undo (issue 31 item 9)', () => {
  it('shows the photos, price, seller and each signal with its evidence; approve asks, can be undone, then applies (desktop, Spanish, mouse)', async () => {
    const { server } = running();
    const demo = await server.demo();
    const admin = await server.login(demo.credentials.admin);
    const source = demo.ads.find((ad) => ad.status === 'PUBLIC_ONLINE');
    if (!source) throw new Error('the demo has no public ad');
    const { opportunity: original } = await server.graphql<{ opportunity: { attachmentIds: string[] } }>(
      'query($id: ID!) { opportunity(id: $id) { attachmentIds } }',
      { id: source.id },
    );
    const copier = await newSeller(server, { name: 'Copión' });
    const photo = await reuploadPhoto(server, original.attachmentIds[0]!, copier);
    const ad = await createAd(server, copier, {
      model: 'Corolla',
      attachmentIds: [photo],
      description: 'Estoy fuera del país. Para apartarlo deposite un adelanto por Western Union.',
    });
    const item = await eventually(
      () => server.graphql<{ reviewQueueItem: { evidence: Evidence[] } | null }>(ITEM, { id: ad }, admin),
      (data) => data.reviewQueueItem?.evidence.some((entry) => entry.reason === 'PHOTO_OF_OTHER_SELLER') ?? false,
    );
    const words = item.reviewQueueItem!.evidence.find((entry) => entry.reason === 'ADVANCE_PAYMENT_TEXT')!.matchedWords;
    expect(words.join(' ')).toContain('western union');

    const page = await signedIn(running(), demo.credentials.admin, { width: 1280, height: 800 });
    const sent = decisionsSent(page);
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Cola de revisión' }).click();
    const row = page.getByTestId('review-queue').locator(`tr[data-ad="${ad}"]`);
    await row.getByText('Vendedor: Copión', { exact: false }).waitFor();
    await row.getByRole('link', { name: 'Revisar' }).click();
    await page.getByRole('heading', { level: 1, name: /Corolla 2018/ }).waitFor();
    // The other seller's ad with the same photo is linked; the words matched are shown.
    const signals = page.getByTestId('review-signals');
    expect(await signals.locator('[data-reason="PHOTO_OF_OTHER_SELLER"] a').getAttribute('href')).toBe(`/opportunity/${source.id}`);
    expect(await signals.locator('[data-reason="ADVANCE_PAYMENT_TEXT"] mark').allInnerTexts()).toEqual(words);
    expect(await page.getByTestId('review-photos').locator('img').count()).toBe(1);
    expect(await page.getByTestId('review-price').innerText()).toContain('₡7.500.000');
    expect(await page.getByTestId('review-seller').innerText()).toMatch(/1 anuncios: 0 públicos, 0 rechazados/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'item9-review-screen-desktop-es', { fullPage: true });

    // Approve: a confirmation, then five seconds to undo; undone, nothing is sent.
    await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '¿Aprobar este anuncio?' });
    await dialog.getByRole('button', { name: 'Sí, aprobar' }).click();
    await page.getByTestId('review-pending').getByText('Se aprobará en', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await page.getByRole('button', { name: 'Aprobar', exact: true }).waitFor();
    expect(sent()).toBe(0);
    expect((await server.graphql<{ opportunity: { status: string } }>(STATUS, { id: ad }, admin)).opportunity.status).toBe('PENDING_APPROVAL');

    await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await dialog.getByRole('button', { name: 'Sí, aprobar' }).click();
    await page.getByTestId('review-done').getByText('Aprobado: el anuncio está publicado.').waitFor({ timeout: 20_000 });
    expect(sent()).toBe(1);
    expect((await server.graphql<{ opportunity: { status: string } }>(STATUS, { id: ad }, admin)).opportunity.status).toBe('PUBLIC_ONLINE');
    await page.context().close();
  });

  it('refuses in words a decision taken on a copy the seller changed since (desktop, Spanish)', async () => {
    const { server } = running();
    const demo = await server.demo();
    const admin = await server.login(demo.credentials.admin);
    const seller = await newSeller(server, { name: 'Cambiante' });
    const ad = await createAd(server, seller, { model: 'Rush' });
    await eventually(
      () => server.graphql<{ reviewQueueItem: { id: string } | null }>(ITEM, { id: ad }, admin),
      (data) => data.reviewQueueItem !== null,
    );
    const page = await signedIn(running(), demo.credentials.admin, { width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}/reviewQueue/${ad}`);
    await page.getByRole('heading', { level: 1, name: /Rush 2018/ }).waitFor();
    await server.graphql(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id: ad, input: adInput({ model: 'Rush', price: 6_900_000 }) },
      seller.token,
    );
    await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sí, aprobar' }).click();
    await page
      .getByTestId('review-refused')
      .getByText('El vendedor cambió este anuncio después de que usted lo abrió: revíselo de nuevo.')
      .waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  const phone = ISSUE31_SIZES[1];
  it(`rejects with a reason, confirmed (${phone.name}); a report names its category and is resolved with an outcome in the audit trail`, async () => {
    const { server, browser } = running();
    const demo = await server.demo();
    const admin = await server.login(demo.credentials.admin);
    const seller = await newSeller(server, { name: 'Rechazable' });
    const ad = await createAd(server, seller, { model: 'Echo' });
    await eventually(
      () => server.graphql<{ reviewQueueItem: { id: string } | null }>(ITEM, { id: ad }, admin),
      (data) => data.reviewQueueItem !== null,
    );
    const publicAd = demo.ads.find((entry) => entry.status === 'PUBLIC_ONLINE');
    if (!publicAd) throw new Error('the demo has no public ad');

    // A visitor reports a public ad with a category and no words.
    const visitor = await browser.newContext({ viewport: { width: phone.width, height: phone.height }, locale: 'en-US', hasTouch: true, isMobile: true });
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/opportunity/${publicAd.id}?lang=en`);
    await hydrated(page);
    const report = page.getByTestId('report-ad');
    await report.scrollIntoViewIfNeeded();
    await press(phone, report.getByRole('button', { name: 'Report ad' }));
    await press(phone, report.getByLabel('The car is already sold'));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'item9-report-categories-phone-en');
    await press(phone, report.getByRole('button', { name: 'Report', exact: true }));
    await report.getByText('Your report', { exact: false }).waitFor({ timeout: 10_000 });
    await visitor.close();

    // The admin on a phone: rejects the queued ad with a reason, confirmed; resolves the report with an outcome.
    const adminPage = await signInAt(running(), demo.credentials.admin, phone, 'Mi cuenta');
    await adminPage.goto(`${server.baseUrl}/reviewQueue/${ad}?lang=en`);
    await adminPage.getByRole('heading', { level: 1, name: /Echo 2018/ }).waitFor();
    expect(await seriousViolations(adminPage)).toEqual([]);
    await press(phone, adminPage.getByRole('button', { name: 'Reject…' }));
    await adminPage.getByRole('textbox').fill('The photos do not show the car');
    await press(phone, adminPage.getByRole('button', { name: 'Reject ad' }));
    await press(phone, adminPage.getByRole('dialog', { name: 'Reject this ad?' }).getByRole('button', { name: 'Yes, reject' }));
    await adminPage.getByTestId('review-pending').getByText('Rejecting in', { exact: false }).waitFor();
    await shot(adminPage, 'item9-review-undo-phone-en');
    await adminPage.getByTestId('review-done').waitFor({ timeout: 20_000 });
    expect((await server.graphql<{ opportunity: { status: string } }>(STATUS, { id: ad }, admin)).opportunity.status).toBe('REJECTED');

    await adminPage.goto(`${server.baseUrl}/reportedOpportunities?lang=en`);
    const row = adminPage.locator(`tr[data-ad="${publicAd.id}"]`).filter({ has: adminPage.locator('[data-category="ALREADY_SOLD"]') });
    await row.getByText('The car is already sold').waitFor();
    expect(await seriousViolations(adminPage)).toEqual([]);
    await row.getByLabel('Outcome').selectOption('AD_REMOVED');
    await press(phone, row.getByRole('button', { name: 'Resolve' }));
    await row.waitFor({ state: 'detached' });
    // The audit trail (moderation's projection of the staff actions) has it a moment later.
    await eventually(
      () =>
        server.graphql<{ staffActions: { items: Array<{ action: string; after: string | null }> } }>(
          '{ staffActions(filter: { action: COMPLAINT_RESOLVED }) { items { action after } } }',
          {},
          admin,
        ),
      (data) => data.staffActions.items.some((entry) => (JSON.parse(entry.after ?? '{}') as { outcome?: string }).outcome === 'AD_REMOVED'),
    );
    await adminPage.context().close();
  });
});

/**
 * Issue 31: /opportunityAdministration approves and rejects with the review screen's own steps (one
 * component): a confirmation, then a few seconds to undo, and only then the request; the row leaves
 * once the server took the decision. At 1280 × 800 (Spanish, mouse) and 360 × 740 (English, taps).
 */
describe('ad administration decides with confirmation and undo (issue 31)', () => {
  const TEXT = {
    es: {
      account: 'Mi cuenta',
      approve: 'Aprobar',
      confirmApprove: 'Sí, aprobar',
      approveTitle: '¿Aprobar este anuncio?',
      approving: 'Se aprobará en',
      undo: 'Deshacer',
      reject: 'Rechazar…',
      rejectAd: 'Rechazar anuncio',
      confirmReject: 'Sí, rechazar',
      approved: 'fue aprobado',
      rejected: 'fue rechazado',
    },
    en: {
      account: 'Mi cuenta',
      approve: 'Approve',
      confirmApprove: 'Yes, approve',
      approveTitle: 'Approve this ad?',
      approving: 'Approving in',
      undo: 'Undo',
      reject: 'Reject…',
      rejectAd: 'Reject ad',
      confirmReject: 'Yes, reject',
      approved: 'was approved',
      rejected: 'was rejected',
    },
  } as const;
  for (const size of ISSUE31_SIZES) {
    it(`approves after a confirmation and an undo window, and rejects with a reason, confirmed (${size.name})`, async () => {
      const { server } = running();
      const demo = await server.demo();
      const admin = await server.login(demo.credentials.admin);
      const text = TEXT[size.language];
      const seller = await newSeller(server, { name: 'Moderada' });
      const toApprove = await createAd(server, seller, { model: 'Prado' });
      const toReject = await createAd(server, seller, { model: 'Tercel' });
      await eventually(
        () => server.graphql<{ reviewQueue: { items: Array<{ id: string }> } }>('{ reviewQueue { items { id } } }', {}, admin),
        (data) => [toApprove, toReject].every((id) => data.reviewQueue.items.some((item) => item.id === id)),
      );
      // The admin's language is whichever page an earlier test left it on (?lang= is remembered): either name.
      const page = await signInAt(running(), demo.credentials.admin, size, /Mi cuenta|My account/);
      const sent = decisionsSent(page);
      await page.goto(`${server.baseUrl}/opportunityAdministration?status=PENDING_APPROVAL&lang=${size.language}`);
      const row = (id: string) => page.locator(`tr[data-ad="${id}"]`);
      const approveButton = row(toApprove).getByRole('button', { name: text.approve, exact: true });
      await approveButton.waitFor();
      await approveButton.scrollIntoViewIfNeeded();

      // Approve asks first; confirmed, it waits with Undo; undone, nothing was sent.
      await press(size, approveButton);
      const dialog = page.getByRole('dialog', { name: text.approveTitle });
      await dialog.waitFor();
      expect(sent()).toBe(0);
      await shot(page, `admin-ads-confirm-${size.language}-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await press(size, dialog.getByRole('button', { name: text.confirmApprove }));
      const pending = row(toApprove).getByTestId('review-pending');
      await pending.getByText(text.approving, { exact: false }).waitFor();
      await shot(page, `admin-ads-undo-${size.language}-${size.width}`);
      await press(size, pending.getByRole('button', { name: text.undo }));
      await approveButton.waitFor();
      expect(sent()).toBe(0);
      expect((await server.graphql<{ opportunity: { status: string } }>(STATUS, { id: toApprove }, admin)).opportunity.status).toBe('PENDING_APPROVAL');

      // Confirmed and left to run: sent once, the row leaves and the decision is announced.
      await press(size, approveButton);
      await press(size, dialog.getByRole('button', { name: text.confirmApprove }));
      await page.getByTestId('review-decided').getByText(text.approved, { exact: false }).waitFor({ timeout: 20_000 });
      expect(await row(toApprove).count()).toBe(0);
      expect(sent()).toBe(1);

      // Reject: a reason, a confirmation, then the same undo window.
      await press(size, row(toReject).getByRole('button', { name: text.reject }));
      await row(toReject).getByRole('textbox').fill('Las fotos no muestran el carro');
      await press(size, row(toReject).getByRole('button', { name: text.rejectAd }));
      await press(size, page.getByRole('dialog').getByRole('button', { name: text.confirmReject }));
      await page.getByTestId('review-decided').getByText(text.rejected, { exact: false }).waitFor({ timeout: 20_000 });
      expect(sent()).toBe(2);
      await eventually(
        () => server.graphql<{ opportunity: { status: string } }>(STATUS, { id: toReject }, admin),
        (data) => data.opportunity.status === 'REJECTED',
      );
      await eventually(
        () => server.graphql<{ opportunity: { status: string } }>(STATUS, { id: toApprove }, admin),
        (data) => data.opportunity.status === 'PUBLIC_ONLINE',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `admin-ads-decided-${size.language}-${size.width}`);
      await page.context().close();
    });
  }
});
