import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colones, costaRicaDay, count, dayText } from '../src/reports';
import { press, seriousViolations, shot, SIZES as ISSUE31_SIZES } from './issue31';
import { signInAt } from './signInAt';
import {
  launchChromium,
  openPage as openPageOn,
  payWith,
  SANDBOX_CARDS,
  signedIn as signedInOn,
  startServer,
  type Account,
  type RunningServer,
} from './harness';

/**
 * The admin's reports (issue 8) in Chromium against the all-in-one server with a small demo
 * catalogue. The demo has no purchases, so two demo sellers pay through billing's sandbox checkout
 * first: one buys a gold plan (one purchase, the larger amount), the other pays two bronze ads (two
 * purchases, the smaller amount). The admin then reads the purchases report for today, sorts it by
 * total paid and by quantity, opens the second seller's invoices, and opens the dashboard, whose
 * figures are compared with what the test paid and created (today's ads: the demo's, counted before, and two).
 * A seller and a visitor are refused each screen.
 */
const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '24' };

interface Buyer extends Account {
  id: string;
  fullName: string;
  token: string;
}

let server: RunningServer | undefined;
let browser: Browser | undefined;
let admin: Account | undefined;
let adminToken = '';
/** Bought a gold plan. */
let planBuyer: Buyer | undefined;
/** Paid two bronze ads. */
let adBuyer: Buyer | undefined;
let planTotal = 0;
let adsTotal = 0;
/** The dashboard's ads of today before the test's own purchases: the demo's (dated by their import). */
let before = { all: 0, paid: 0 };
/** The public ad a visitor contacted by WhatsApp. */
let contacted: { id: string; brand: string; model: string; year: number } | undefined;
const today = costaRicaDay();

/** The server and the browser, before `running()` can answer (while the purchases are being made). */
function started() {
  if (!server || !browser) throw new Error('not started');
  return { server, browser };
}

const graphql = <T>(query: string, variables?: Record<string, unknown>, token?: string) => started().server.graphql<T>(query, variables, token);

/** Logs `account` in through the API: its id, name and session token. */
async function logIn(account: Account): Promise<Buyer> {
  const token = await started().server.login(account);
  const { me } = await graphql<{ me: { id: string; fullName: string } }>('{ me { id fullName } }', {}, token);
  return { ...account, ...me, token };
}

function running() {
  if (!server || !browser || !admin || !planBuyer || !adBuyer) throw new Error('The server, the browser or the purchases did not start');
  return { server, browser, admin, planBuyer, adBuyer };
}

const openPage = (path: string) => openPageOn(started(), path);

/** Pays the provider's page at `redirectUrl` with the approving test card and waits for the result screen. */
async function pay(redirectUrl: string) {
  const page = await openPage('/');
  await page.goto(redirectUrl);
  await payWith(page, SANDBOX_CARDS.approve);
  await page.getByTestId('payment-paid').waitFor({ timeout: 30_000 });
  await page.context().close();
}

async function payBronzeAd(buyer: Buyer, model: string) {
  const { createOpportunity } = await graphql<{ createOpportunity: { id: string } }>(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    {
      input: {
        brand: 'TOYOTA',
        model,
        year: 2019,
        style: 'SEDAN',
        fuelType: 'GASOLINE',
        transmissionType: 'MANUAL',
        price: 9_500_000,
        currency: 'CRC',
        exteriorColor: 'Blanco',
        interiorColor: 'Negro',
        province: '1',
        canton: '101',
        district: '10101',
        phoneList: [{ phone: '88887777', phoneType: 'WHATSAPP' }],
        level: 'BRONZE',
        autoApproval: false,
      },
    },
    buyer.token,
  );
  const { checkoutOpportunity } = await graphql<{ checkoutOpportunity: { redirectUrl: string | null } }>(
    'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: BRONZE, autoApproval: false) { redirectUrl } }',
    { id: createOpportunity.id },
    buyer.token,
  );
  if (!checkoutOpportunity.redirectUrl) throw new Error('a bronze ad was not charged');
  await pay(checkoutOpportunity.redirectUrl);
}

/** Waits until `read` answers what `accept` accepts (read models follow events a moment later). */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    last = await read();
  }
  return last;
}

beforeAll(async () => {
  server = await startServer(DEMO);
  browser = await launchChromium();
  const manifest = await server.demo();
  admin = manifest.credentials.admin;
  adminToken = (await logIn(admin)).token;
  const other = manifest.ads.find((ad) => ad.sellerEmail !== manifest.credentials.seller.email);
  if (!other) throw new Error('the demo has one seller only');
  // Moderation dates an ad by its first event, so the demo's ads count as created today (by their import,
  // whatever their listings dateCreated). Read today's figures once every demo ad is in the read model.
  const todayFigures = await eventually(
    () =>
      graphql<{
        dashboard: {
          generalData: { opportunitiesSummary: { totalCreated: number } };
          periodData: { summary: { opportunitiesSummary: { totalCreated: number; totalPaid: number } } };
        };
      }>(
        'query($d: String!) { dashboard(from: $d, to: $d) { generalData { opportunitiesSummary { ' +
          'totalCreated } } periodData { summary { opportunitiesSummary { totalCreated totalPaid } } } } }',
        { d: today },
        adminToken,
      ),
    (data) => data.dashboard.generalData.opportunitiesSummary.totalCreated === manifest.ads.length,
  );
  const todayAds = todayFigures.dashboard.periodData.summary.opportunitiesSummary;
  before = { all: todayAds.totalCreated, paid: todayAds.totalPaid };
  planBuyer = await logIn(manifest.credentials.seller);
  adBuyer = await logIn({ email: other.sellerEmail, password: manifest.credentials.seller.password });

  const { prices, minPlanQuantity } = await graphql<{ prices: { single: { bronzeLevel: number }; inPlan: { goldLevel: number } }; minPlanQuantity: number }>(
    '{ prices { single { bronzeLevel } inPlan { goldLevel } } minPlanQuantity }',
  );
  adsTotal = 2 * prices.single.bronzeLevel;
  // A plan worth more than the two ads, so that "total paid" and "quantity" order the two differently.
  const quantity = Math.min(100, Math.max(minPlanQuantity, Math.floor(adsTotal / prices.inPlan.goldLevel) + 1));
  planTotal = quantity * prices.inPlan.goldLevel;
  if (planTotal <= adsTotal) throw new Error('the prices do not let a plan cost more than two ads');

  const { buyPlan } = await graphql<{ buyPlan: { redirectUrl: string } }>(
    'mutation($quantity: Int!) { buyPlan(plan: { planLevel: GOLD, totalOpportunities: $quantity }) { redirectUrl } }',
    { quantity },
    planBuyer.token,
  );
  await pay(buyPlan.redirectUrl);
  await payBronzeAd(adBuyer, 'Yaris');
  await payBronzeAd(adBuyer, 'Corolla');

  // A visitor searches Toyota Yaris twice and Nissan once, and contacts a public ad by WhatsApp.
  for (const filter of [{ brand: 'TOYOTA', model: 'Yaris' }, { brand: 'TOYOTA', model: 'Yaris' }, { brand: 'NISSAN' }]) {
    await graphql('query($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }', { filter });
  }
  const { availableOpportunities } = await graphql<{ availableOpportunities: { items: { id: string; brand: string; model: string; year: number }[] } }>(
    '{ availableOpportunities(page: 1) { items { id brand model year } } }',
  );
  contacted = availableOpportunities.items[0];
  if (!contacted) throw new Error('no public ad');
  await graphql('mutation($id: ID!) { recordContactClick(opportunityId: $id, clickType: CONTACT_SELLER_BY_WHATSAPP) { counted } }', { id: contacted.id });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signedIn = (account: Account) => signedInOn(started(), account);

/** The purchaser names of the report, top to bottom. */
const purchaserOrder = (page: Page) => page.getByTestId('purchases').getByTestId('purchaser').allTextContents();

describe('admin reports', () => {
  it('shows the purchases per user for a range, sorted by total paid or by quantity, with totals and the buttons to each user', async () => {
    const { admin, planBuyer, adBuyer } = running();
    const page = await signedIn(admin);
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Compras por usuario' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compras por usuario' }).waitFor();
    // The menu opens this month so far.
    await page.waitForURL(new RegExp(`/userPurchases/${today.slice(0, 8)}01/${today}$`));

    // A range that ends yesterday: nobody bought then. The pickers change the address.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Desde').fill('2026-01-01' < yesterday ? '2026-01-01' : yesterday);
    await page.getByLabel('Hasta').fill(yesterday);
    await page.waitForURL(new RegExp(`/userPurchases/\\d{4}-\\d{2}-\\d{2}/${yesterday}$`));
    await page.getByText('Nadie compró en este período.').waitFor();

    await page.getByRole('button', { name: 'Hoy', exact: true }).click();
    await page.waitForURL(new RegExp(`/userPurchases/${today}/${today}`));
    await page.getByTestId('purchases').waitFor();
    expect(await page.getByTestId('purchases-period').textContent()).toBe(`Compras del ${dayText(today)} al ${dayText(today)}: 2 usuarios`);

    // Highest total first by default; the header says how the column is sorted.
    expect(await purchaserOrder(page)).toEqual([planBuyer.fullName, adBuyer.fullName]);
    expect(await page.getByRole('columnheader', { name: 'Total pagado' }).getAttribute('aria-sort')).toBe('descending');
    const planRow = page.locator(`tr[data-user="${planBuyer.id}"]`);
    const adRow = page.locator(`tr[data-user="${adBuyer.id}"]`);
    expect(await planRow.locator('[data-column="totalPaid"]').textContent()).toBe(colones(planTotal, 'es'));
    expect(await adRow.locator('[data-column="totalPaid"]').textContent()).toBe(colones(adsTotal, 'es'));
    expect(await adRow.locator('[data-column="ads"]').textContent()).toBe('2Bronce 2');
    expect(await planRow.locator('[data-column="plans"]').textContent()).toMatch(/^1Oro \d+$/);
    expect(await page.getByTestId('purchases-total-paid').textContent()).toBe(colones(planTotal + adsTotal, 'es'));

    // Quantity: the two ads first; again: the other way.
    await page.screenshot({ path: join(tmpdir(), 'ruedas-user-purchases.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cantidad' }).click();
    await page.waitForURL(/sort=quantity&dir=desc/);
    await expect.poll(() => purchaserOrder(page)).toEqual([adBuyer.fullName, planBuyer.fullName]);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Cantidad' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Cantidad' }).click();
    await page.waitForURL(/sort=quantity&dir=asc/);
    await expect.poll(() => purchaserOrder(page)).toEqual([planBuyer.fullName, adBuyer.fullName]);
    await page.getByRole('button', { name: 'Total pagado' }).click();
    await expect.poll(() => purchaserOrder(page)).toEqual([planBuyer.fullName, adBuyer.fullName]);
    await page.getByRole('button', { name: 'Total pagado' }).click();
    await expect.poll(() => purchaserOrder(page)).toEqual([adBuyer.fullName, planBuyer.fullName]);

    // The buttons lead to the user's data and ads (the users screens) and invoices, by the user's id.
    expect(await page.getByRole('link', { name: `Datos de ${adBuyer.fullName}` }).getAttribute('href')).toBe(`/adminUserMaintenance?userId=${adBuyer.id}`);
    expect(await page.getByRole('link', { name: `Anuncios de ${adBuyer.fullName}` }).getAttribute('href')).toBe(
      `/userOpportunitiesViewAdmin?userId=${adBuyer.id}`,
    );
    await page.getByRole('link', { name: `Facturas de ${adBuyer.fullName}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Facturas del usuario' }).waitFor();
    await page.getByTestId('invoices').waitFor();
    expect(page.url()).toMatch(new RegExp(`/userInvoices/${adBuyer.id}$`));
    expect(await page.getByTestId('invoices-user').textContent()).toBe(adBuyer.fullName);
    expect(await page.locator('tr[data-status="PAID"]').count()).toBe(2);
    expect(await page.getByTestId('invoices-total-paid').textContent()).toBe(colones(adsTotal, 'es'));
    await expect(page.getByTestId('invoices').getByText('Tarjeta').count()).resolves.toBe(2);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-user-invoices.png'), fullPage: true });
    await page.context().close();
  });

  it('opens the dashboard lazily with the figures the test knows and charts with bars', async () => {
    const { admin } = running();
    const page = await signedIn(admin);
    const chunk = page.waitForResponse((response) => /\/assets\/DashboardPage-[\w-]+\.js$/.test(response.url()));
    await page.getByRole('button', { name: 'Administración', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Panel de estadísticas' }).click();
    expect((await chunk).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Panel de estadísticas' }).waitFor();

    // The moderation read model follows the payments' events: wait until the API counts them, then compare the page with it and with the test.
    const expectedRevenue = planTotal + adsTotal;
    // The test added two paid (bronze) ads today.
    const created = { all: before.all + 2, paid: before.paid + 2 };
    await eventually(
      () =>
        graphql<{
          dashboard: {
            generalData: { totalRevenue: number };
            periodData: { summary: { opportunitiesSummary: { totalCreated: number } }; searches: number; clickedOpportunities: unknown[] };
          };
        }>(
          'query($d: String!) { dashboard(from: $d, to: $d) { generalData { totalRevenue } periodData { ' +
            'summary { opportunitiesSummary { totalCreated } } searches clickedOpportunities { opportunityId } } ' +
            '} }',
          { d: today },
          adminToken,
        ),
      (data) =>
        data.dashboard.generalData.totalRevenue === expectedRevenue &&
        data.dashboard.periodData.summary.opportunitiesSummary.totalCreated === created.all &&
        data.dashboard.periodData.searches === 3 &&
        data.dashboard.periodData.clickedOpportunities.length === 1,
    );

    await page.getByRole('button', { name: 'Hoy', exact: true }).click();
    await page.waitForURL(new RegExp(`/dashboard\\?from=${today}&to=${today}$`));
    await page.getByRole('heading', { level: 2, name: `Período del ${dayText(today)} al ${dayText(today)}` }).waitFor();
    await page.reload();
    await page.getByTestId('general-revenue').waitFor();
    expect(await page.getByTestId('general-revenue').textContent()).toBe(colones(expectedRevenue, 'es'));
    expect(await page.getByTestId('period-revenue').textContent()).toBe(colones(expectedRevenue, 'es'));
    expect(await page.getByTestId('period-ads').textContent()).toBe(count(created.all, 'es'));
    expect(await page.getByTestId('period-buyers').textContent()).toBe('2');
    expect(await page.getByTestId('period-plans').textContent()).toBe('1');

    // The last 7 days: a column per day; today's bars add up to today's ads, free and paid.
    await page.getByRole('button', { name: 'Últimos 7 días' }).click();
    await page.waitForURL(/\/dashboard\?from=/);
    const perDay = page.getByTestId('chart-ads-per-day');
    await perDay.getByRole('img', { name: /Anuncios creados por día/ }).waitFor();
    await expect.poll(() => perDay.locator('g[data-category]').count()).toBe(7); // the new period's data replaces today's
    const todayColumn = perDay.locator(`g[data-category="${dayText(today)}"]`);
    const bars = await todayColumn.locator('rect[data-series]').evaluateAll((rects) =>
      rects.map((rect) => ({
        series: rect.getAttribute('data-series'),
        value: Number(rect.getAttribute('data-value')),
        height: Number(rect.getAttribute('height')),
      })),
    );
    expect(bars.every((bar) => bar.height > 0)).toBe(true);
    expect(bars.reduce((sum, bar) => sum + bar.value, 0)).toBe(created.all);
    expect(bars.find((bar) => bar.series === 'Pagados')?.value).toBe(created.paid);
    // Hovering a column shows its figures.
    await todayColumn.hover();
    expect(await page.getByTestId('chart-ads-per-day-hover').textContent()).toContain(`${dayText(today)}: Gratis`);
    // Ads by level: the bronze bar counts at least the two bronze ads paid today.
    const bronze = await page.getByTestId('chart-ads-by-level').locator('g[data-category="Bronce"] rect[data-series]').getAttribute('data-value');
    expect(Number(bronze)).toBeGreaterThanOrEqual(2);
    await page.getByTestId('chart-ads-by-brand').locator('rect[data-series]').first().waitFor();
    // Searches: Toyota Yaris twice, then Nissan once.
    expect(await page.getByTestId('period-searches').textContent()).toBe('3');
    const searched = await page
      .getByTestId('chart-top-searches')
      .locator('g[data-category]')
      .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-category')}=${row.querySelector('rect[data-series]')?.getAttribute('data-value')}`));
    expect(searched).toEqual(['Toyota Yaris=2', 'Nissan=1']);
    // The most-contacted ad, linked.
    const ad = contacted;
    if (!ad) throw new Error('no contacted ad');
    const link = page.getByTestId('most-contacted').getByRole('link');
    await expect(link.count()).resolves.toBe(1);
    expect(await link.getAttribute('href')).toBe(`/opportunity/${ad.id}`);
    expect(await page.getByTestId('most-contacted').locator('tbody tr td').last().textContent()).toBe('1');
    // Every chart has its figures in a table for screen readers.
    await expect(page.getByRole('table', { name: 'Anuncios creados por día' }).count()).resolves.toBe(1);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(tmpdir(), 'ruedas-dashboard.png'), fullPage: true });
    // Within six months every figure is whole and nothing is said; a period reaching further back says from which day
    // its searches, contacts and reports are counted.
    expect(await page.getByTestId('dashboard-activity-kept').count()).toBe(0);
    const dayBefore = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const { dashboard } = await graphql<{ dashboard: { periodData: { activityFrom: string } } }>(
      'query($f: Date, $t: Date) { dashboard(firstDay: $f, lastDay: $t) { periodData { activityFrom } } }',
      { f: dayBefore(300), t: dayBefore(100) },
      adminToken,
    );
    expect(dashboard.periodData.activityFrom).toBe(dayBefore(182));
    await page.goto(`${page.url().split('/dashboard')[0]}/dashboard?from=${dayBefore(300)}&to=${dayBefore(100)}`);
    expect(await page.getByTestId('dashboard-activity-kept').textContent()).toContain(`solo desde el ${dayText(dayBefore(182))}`);
    await page.getByTestId('dashboard-activity-kept').screenshot({ path: join(tmpdir(), 'ruedas-dashboard-kept.png') });
    await page.context().close();
  });

  it('refuses each screen to a seller and sends a visitor to sign in', async () => {
    const { planBuyer, adBuyer } = running();
    const page = await signedIn(planBuyer);
    await expect(page.getByRole('button', { name: 'Administración', exact: true }).count()).resolves.toBe(0);
    for (const path of [`/userPurchases/${today}/${today}`, `/userInvoices/${adBuyer.id}`, '/dashboard']) {
      await page.goto(`${running().server.baseUrl}${path}`);
      await page.getByText('Esta página es solo para administradores.').waitFor();
      await expect(page.getByRole('table').count()).resolves.toBe(0);
    }
    await page.context().close();

    const visitor = await openPage('/dashboard');
    await visitor.waitForURL(/\/signin/);
    await visitor.context().close();

    // The server refuses the operations themselves too.
    await expect(graphql('query($d: String!) { userPurchases(startDate: $d, endDate: $d) { userId } }', { d: today }, planBuyer.token)).rejects.toThrow(
      /FORBIDDEN/,
    );
    await expect(graphql('query($id: ID!) { userInvoices(userId: $id) { id } }', { id: adBuyer.id }, planBuyer.token)).rejects.toThrow(/FORBIDDEN/);
    await expect(graphql('{ dashboard { generalData { totalRevenue } } }', {}, planBuyer.token)).rejects.toThrow(/FORBIDDEN/);
  });
});

/** One of the ad buyer's paid bronze ads cancelled by its seller (within a day): its refund is recorded, PENDING. */
async function cancelOnePaidAd(): Promise<{ opportunityId: string; codigoint: string }> {
  const { adBuyer } = running();
  const { userInvoices } = await graphql<{ userInvoices: Array<{ opportunityId: string | null; codigoint: string; cancellable: boolean }> }>(
    'query($id: ID!) { userInvoices(userId: $id) { opportunityId codigoint cancellable } }',
    { id: adBuyer.id },
    adminToken,
  );
  const invoice = userInvoices.find((entry) => entry.cancellable && entry.opportunityId);
  if (!invoice?.opportunityId) throw new Error('no cancellable paid ad left');
  await graphql('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { id } }', { id: invoice.opportunityId }, adBuyer.token);
  return { opportunityId: invoice.opportunityId, codigoint: invoice.codigoint };
}

describe('refunds (issue 31 item 9)', () => {
  for (const size of ISSUE31_SIZES) {
    it(`lists the pending refund with its seller and invoice, and marks it done after a confirmation (${size.name})`, async () => {
      const { admin, adBuyer } = running();
      const cancelled = await cancelOnePaidAd();
      const english = size.language === 'en';
      const page = await signInAt(started(), admin, size, 'Mi cuenta');
      await page.goto(`${started().server.baseUrl}/refunds${english ? '?lang=en' : ''}`);
      await page.getByRole('heading', { level: 1, name: english ? 'Refunds' : 'Reembolsos' }).waitFor();
      const row = page.getByTestId('refunds').locator('tr', { hasText: cancelled.codigoint });
      await row.getByText(adBuyer.email).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `item9-refunds-${english ? 'phone-en' : 'desktop-es'}`);
      await press(size, row.getByRole('button', { name: english ? 'Mark as refunded' : 'Marcar como realizado' }));
      const dialog = page.getByRole('dialog');
      await press(size, dialog.getByRole('button', { name: english ? 'Yes, refunded' : 'Sí, ya lo devolví' }));
      await row.waitFor({ state: 'detached' });
      const { refundPage } = await graphql<{ refundPage: { items: Array<{ status: string; invoice: { codigoint: string } }> } }>(
        '{ refundPage(status: DONE, pageSize: 50) { items { status invoice { codigoint } } } }',
        {},
        adminToken,
      );
      expect(refundPage.items.map((refund) => refund.invoice.codigoint)).toContain(cancelled.codigoint);
      await page.context().close();
    });
  }
});
