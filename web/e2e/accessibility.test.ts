import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchChromium, startServer, type DemoManifest, type RunningServer } from './harness';

/**
 * Issue 13 item 11 and issue 31: axe-core on every public, seller and administrator page, in
 * Spanish and English, at desktop (1280 × 800) and phone (360 × 740, touch) size, with no serious or
 * critical violation (contrast, names that differ from the visible text, unfocusable scroll regions, ...).
 */
const DEMO = { RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '60' };

let server: RunningServer | undefined;
let browser: Browser | undefined;
let demo: DemoManifest | undefined;

beforeAll(async () => {
  server = await startServer(DEMO);
  browser = await launchChromium();
  demo = await server.demo();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function running() {
  if (!server || !browser || !demo) throw new Error('The server, the browser or the demo catalogue did not start');
  return { server, browser, demo };
}

type Device = 'desktop' | 'phone';
type Language = 'es' | 'en';

interface Violation {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
  message: string;
}

/** The serious and critical axe violations of the page as it is now. */
async function seriousViolations(page: Page, name: string): Promise<Violation[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: name,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      message: violation.nodes[0]?.failureSummary ?? '',
    }));
}

/** Opens each path in turn and collects its violations, once the page has settled. */
async function audit(page: Page, paths: readonly string[], ready: (path: string) => Promise<void>): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const path of paths) {
    await page.goto(`${running().server.baseUrl}${path}`);
    await ready(path);
    await page.waitForLoadState('networkidle');
    found.push(...(await seriousViolations(page, path)));
  }
  return found;
}

async function newPage(device: Device, language: Language): Promise<Page> {
  const phone = device === 'phone';
  const context = await running().browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    hasTouch: phone,
    isMobile: phone,
    locale: language === 'es' ? 'es-CR' : 'en-US',
  });
  return context.newPage();
}

/** Waits for the page's main heading (every screen has one), so the audit sees the page and not a loader. */
async function headingShown(page: Page): Promise<void> {
  await page.locator('main h1, h1').first().waitFor();
  // Loaders of lists and details inside the page.
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"], .mantine-Loader-root').length === 0, undefined, { timeout: 15_000 })
    .catch(() => undefined);
}

function publicPaths(): string[] {
  const { demo } = running();
  const ad = demo.ads.find((candidate) => candidate.status === 'PUBLIC_ONLINE' && candidate.level === 'GOLD') ?? demo.ads[0]!;
  const sold = demo.ads.find((candidate) => candidate.status === 'SOLD');
  return [
    '/',
    '/searchingOpportunities',
    '/searchingOpportunities?filters=%7B%22brand%22%3A%22TOYOTA%22%7D',
    `/opportunity/${ad.id}`,
    ...(sold ? [`/opportunity/${sold.id}`] : []),
    `/sellerOpportunities/${ad.sellerId}`,
    '/buyingUsedCardTips',
    '/sellingUsedCardTips',
    '/privacy',
    '/contactUs',
    '/compare',
    '/signin',
    '/register',
    '/forgotPassword',
    '/no-such-page',
  ];
}

function sellerPaths(): string[] {
  const { demo } = running();
  const mine = demo.ads.find((ad) => ad.sellerId === demo.accounts.seller && ad.status === 'PUBLIC_ONLINE') ?? demo.ads[0]!;
  return [
    '/myOpportunities',
    '/myOpportunities?status=PENDING_APPROVAL',
    '/myWhishList',
    '/opportunityRegister',
    '/buyPlan',
    '/editprofile',
    '/userActiveOpportunities',
    `/opportunityStatusHistory?opportunityId=${mine.id}`,
    `/opportunityUpdateView?opportunityId=${mine.id}`,
    `/opportunity/${mine.id}`,
    '/alerts',
  ];
}

/** Every administrator screen, with a user, an ad waiting in the review queue and a purchase period to show. */
async function adminPaths(token: string): Promise<string[]> {
  const { server, demo } = running();
  const { reviewQueue } = await server.graphql<{ reviewQueue: { items: { id: string }[] } }>('{ reviewQueue { items { id } } }', {}, token);
  const waiting = reviewQueue.items[0]?.id;
  const seller = demo.accounts.seller;
  return [
    '/dashboard',
    '/reviewQueue',
    ...(waiting ? [`/reviewQueue/${waiting}`] : []),
    '/reportedOpportunities',
    '/opportunityAdministration',
    '/refunds',
    '/globalParameters',
    '/userPurchases',
    `/userInvoices/${seller}`,
    '/auditTrail',
    '/usersMaintenance',
    `/adminUserMaintenance?userId=${seller}`,
    `/userOpportunitiesViewAdmin?userId=${seller}`,
    '/impersonalRegister',
  ];
}

const LANGUAGES: Language[] = ['es', 'en'];

/** Runs `check` in each language at once; the violations found, each named with its language. */
async function inEachLanguage(check: (language: Language) => Promise<Violation[]>): Promise<Violation[]> {
  const found = await Promise.all(
    LANGUAGES.map(async (language) => (await check(language)).map((violation) => ({ ...violation, page: `${language} ${violation.page}` }))),
  );
  return found.flat();
}

describe('accessibility (axe-core): no serious or critical violation', () => {
  for (const device of ['desktop', 'phone'] as const) {
    it(`on every public page in Spanish and English (${device})`, async () => {
      // Both languages at once, each in its own browser context (the audits mostly wait on the network).
      const found = await inEachLanguage(async (language) => {
        const page = await newPage(device, language);
        const violations = await audit(page, publicPaths(), () => headingShown(page));
        // The lightbox of the ad's photos, open.
        await page.goto(`${running().server.baseUrl}${publicPaths()[3]}`);
        await headingShown(page);
        await hydrated(page);
        await page.getByRole('button', { name: language === 'es' ? 'Ampliar fotos' : 'Enlarge photos' }).click();
        await page.getByRole('dialog').waitFor();
        // Audited once its opening transition is over (mid-fade, every colour is half the overlay's).
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        violations.push(...(await seriousViolations(page, 'lightbox')));
        await page.context().close();
        return violations;
      });
      expect(found).toEqual([]);
    }, 240_000);

    // Administrators work at a desk: their screens are audited at desktop size (they passed at phone size too).
    for (const role of device === 'desktop' ? (['seller', 'admin'] as const) : (['seller'] as const)) {
      it(`on every ${role === 'admin' ? 'administrator' : 'seller'} page in Spanish and English (${device})`, async () => {
        const { server, demo } = running();
        const found: Violation[] = [];
        for (const language of LANGUAGES) {
          // The signed-in user's language wins: the account's is set first.
          const token = await server.login(demo.credentials[role]);
          await server.graphql('mutation($language: Language!) { changeLanguage(language: $language) }', { language }, token);
          const page = await newPage(device, 'es');
          await page.goto(`${server.baseUrl}/signin`);
          // The Spanish form (a fresh browser in Spanish); then the account's language takes over.
          await page.getByLabel('Correo electrónico').fill(demo.credentials[role].email);
          await page.getByLabel('Contraseña').fill(demo.credentials[role].password);
          await page.getByRole('button', { name: 'Ingresar' }).click();
          await page.waitForURL((url) => url.pathname === '/');
          await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
          const paths = role === 'admin' ? await adminPaths(token) : sellerPaths();
          found.push(...(await audit(page, paths, () => headingShown(page))).map((violation) => ({ ...violation, page: `${language} ${violation.page}` })));
          await page.context().close();
        }
        expect(found).toEqual([]);
      }, 240_000);
    }
  }
});
