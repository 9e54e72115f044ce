import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchChromium, openPage, startServer, type RunningServer, type Started } from './harness';
import { createAd, eventually, newSeller, type NewSeller } from './sellers';

/**
 * Issue 19, saved searches and alerts, in a real browser over the all-in-one server: saving a search
 * from the results page (desktop clicks in Spanish, phone taps in English), the /alerts page, the
 * instant alert mail read from the outbox files (the owner's language, RFC 8058 headers), the
 * unsubscribe link without a session, price-drop and sold mails on a favourite, and, after a restart
 * a day later, the daily digest while the instant alert is not sent again.
 */
interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  headers?: Record<string, string>;
}

async function mails(server: RunningServer, to: string): Promise<Mail[]> {
  const dir = join(server.dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const all = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as Mail));
  return all.filter((mail) => mail.to === to).sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

const mailWith = (server: RunningServer, to: string, subject: string) =>
  eventually(
    () => mails(server, to),
    (list) => list.some((mail) => mail.subject === subject),
    75_000,
  ).then((list) => list.find((mail) => mail.subject === subject)!);

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** A page on a touch screen (taps), in `locale`. */
async function openTouchPage({ server, browser }: Started, path: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
  return page;
}

/** Signs in on /signin in the page's language (labels of es or en), then opens `path`. */
async function signInThen(page: Page, user: NewSeller, english: boolean, path: string, tap: boolean) {
  await page.getByLabel(english ? 'E-mail' : 'Correo electrónico', { exact: true }).fill(user.email);
  await page.getByLabel(english ? 'Password' : 'Contraseña', { exact: true }).fill(user.password);
  const submit = page.getByRole('button', { name: english ? 'Sign in' : 'Ingresar' });
  await (tap ? submit.tap() : submit.click());
  await page.waitForURL((url) => url.pathname !== '/signin');
  await page.goto(`${server.baseUrl}${path}`);
  await hydrated(page);
}

const searchPath = (filter: Record<string, unknown>) => `/searchingOpportunities?filters=${encodeURIComponent(JSON.stringify(filter))}`;

let server: RunningServer;
let started: Started;
let admin: string;
let seller: NewSeller;
let ana: NewSeller;
let bob: NewSeller;

beforeAll(async () => {
  server = await startServer({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '12' }, { keepDataDir: true });
  started = { server, browser: await launchChromium() };
  admin = await server.login((await server.demo()).credentials.admin);
  [seller, ana, bob] = [
    await newSeller(server, { name: 'Vera' }),
    await newSeller(server, { name: 'Ana' }),
    await newSeller(server, { language: 'en', name: 'Bob' }),
  ];
});
afterAll(async () => {
  await started?.browser.close();
  await server?.stop();
});

async function publish(overrides: Record<string, unknown>): Promise<string> {
  const id = await eventually(
    () => createAd(server, seller, overrides),
    (value) => typeof value === 'string',
  );
  await server.graphql('mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id }, admin);
  return id;
}

describe('saved searches and alerts (issue 19)', () => {
  it('saves a search with clicks (desktop, Spanish), mails the instant alert in Spanish with one-click headers, and unsubscribes by the link with taps and no session', async () => {
    const page = await openPage(started, '/signin', DESKTOP);
    await signInThen(page, ana, false, searchPath({ text: 'toyta corola', priceTo: 9_000_000, currency: 'CRC' }), false);
    await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar esta búsqueda' });
    await dialog.getByLabel('Nombre').fill('Corolla barato');
    await dialog.getByText('Al instante').click();
    await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
    await dialog.getByTestId('search-saved').getByText('Búsqueda «Corolla barato» guardada.', { exact: false }).waitFor();
    await dialog.getByRole('link', { name: 'Ver mis alertas' }).click();
    await page.waitForURL(/\/alerts$/);
    const card = page.getByRole('article', { name: 'Corolla barato' });
    await card.getByText('“toyta corola” · ≤ ₡9.000.000').waitFor();

    // Over the price bound first, then within it.
    await publish({ model: 'Corolla', price: 12_000_000 });
    const ad = await publish({ model: 'Corolla', price: 8_500_000 });
    const mail = await mailWith(server, ana.email, 'Nuevo anuncio para «Corolla barato»: Toyota Corolla 2018');
    expect(mail.text).toContain('₡8.500.000');
    expect(mail.text).toContain(`/opportunity/${ad}`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /<(https?:\/\/[^>]+\/unsubscribe\?token=[^>]+)>, <mailto:unsubscribe@/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(link, mail.headers?.['List-Unsubscribe']).toBeDefined();
    expect(mail.text).toContain(link!);
    // The cheaper ad only: the other is over the price bound.
    expect((await mails(server, ana.email)).filter((one) => one.subject.startsWith('Nuevo anuncio'))).toHaveLength(1);

    // The link, opened on a phone without signing in: it asks, then the tap stops the alerts.
    const phone = await openTouchPage(started, new URL(link!).pathname + new URL(link!).search, 'es-CR');
    await phone.getByText('¿Quiere dejar de recibir estas alertas por correo?').waitFor();
    await phone.getByRole('button', { name: 'Sí, cancelar las alertas' }).tap();
    await phone.getByTestId('unsubscribed').getByText('Listo: ya no recibirá esas alertas.', { exact: false }).waitFor();
    await phone.context().close();
    await page.reload();
    await hydrated(page);
    await page.getByRole('article', { name: 'Corolla barato' }).getByText('En pausa').waitFor();
    expect(await page.getByRole('switch', { name: 'Alertas activas' }).isChecked()).toBe(false);
    await page.context().close();
  });

  it('saves a daily search with taps, favourite alerts on by default (phone, English); price-drop and sold mails in English; only the owner sees their alerts', async () => {
    const page = await openTouchPage(started, '/signin', 'en-US');
    await signInThen(page, bob, true, searchPath({ text: 'hilux', fuelType: 'DIESEL' }), true);
    await page.getByRole('button', { name: 'Save search' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill('Diesel Hilux');
    await dialog.getByText('Daily digest').tap();
    await dialog.getByRole('button', { name: 'Save', exact: true }).tap();
    await dialog.getByText('Search "Diesel Hilux" saved.', { exact: false }).waitFor();
    await dialog.getByRole('link', { name: 'See my alerts' }).tap();
    await page.waitForURL(/\/alerts$/);
    await page.getByRole('article', { name: 'Diesel Hilux' }).waitFor();
    // Another buyer's saved search is not listed.
    expect(await page.getByRole('article', { name: 'Corolla barato' }).count()).toBe(0);

    const favourite = await publish({ model: 'Yaris', price: 7_000_000 });
    await server.graphql('mutation($id: ID!) { addToWishList(opportunityId: $id) { id } }', { id: favourite }, bob.token);
    await page.reload();
    await hydrated(page);
    // On by default (issue 31): the switch is on before anything is tapped.
    expect(await page.getByRole('switch', { name: 'Alert me about all my favourites' }).isChecked()).toBe(true);

    await server.graphql(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id: favourite, input: { ...(await import('./sellers')).adInput({ model: 'Yaris', price: 6_400_000 }) } },
      seller.token,
    );
    const drop = await mailWith(server, bob.email, 'Price drop: Toyota Yaris 2018');
    expect(drop.text).toContain('from ₡7,000,000 to ₡6,400,000');
    expect(drop.headers?.['List-Unsubscribe']).toMatch(/\/unsubscribe\?token=f\./);
    await server.graphql('mutation($id: ID!) { markOpportunitySold(id: $id) { id } }', { id: favourite }, seller.token);
    await mailWith(server, bob.email, 'Sold: Toyota Yaris 2018');

    // A matching diesel Hilux today: the daily search waits for the day's end (next test).
    await publish({ model: 'Hilux', style: 'PICK_UP_4X4', fuelType: 'DIESEL', price: 21_000_000 });
    await eventually(
      () => server.graphql<{ mySavedSearches: Array<{ name: string }> }>('{ mySavedSearches { name } }', {}, bob.token),
      (value) => value.mySavedSearches.length === 1,
    );
    expect((await mails(server, bob.email)).filter((mail) => mail.subject.startsWith('Daily digest'))).toEqual([]);
    await page.context().close();
  });

  it('after a restart a day later: the digest arrives once, and no instant alert is sent again', async () => {
    const before = (await mails(server, ana.email)).length;
    const { dataDir } = server;
    await server.stop();
    server = await startServer({ RUEDAS_CLOCK_OFFSET_DAYS: '1.01' }, { dataDir });
    started = { ...started, server };
    const digest = await mailWith(server, bob.email, 'Daily digest of "Diesel Hilux": 1 new ad');
    expect(digest.text).toContain('Toyota Hilux 2018');
    expect(digest.text).toContain('₡21,000,000');
    // The daily search itself, in the browser on a desktop in English: one alert sent.
    const page = await openPage(started, '/signin', { ...DESKTOP, locale: 'en-US' });
    await signInThen(page, bob, true, '/alerts', false);
    await page.getByRole('article', { name: 'Diesel Hilux' }).getByText('1 alert sent').waitFor();
    await page.context().close();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await mails(server, bob.email)).filter((mail) => mail.subject.startsWith('Daily digest'))).toHaveLength(1);
    expect(await mails(server, ana.email)).toHaveLength(before);
  });
});
