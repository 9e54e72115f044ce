/**
 * The dashboard at 50,000 users, 100,000 ads, 50,000 invoices and 20,000 plan changes (embedded
 * store): one request before decision 0056 (the full scan, kept as the tests' oracle) and after
 * (the day buckets), the one-time build of the figures from the facts, and the cost of applying one
 * event (an ad's status change, an invoice paid, a TESTUSER flip of a seller with ads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, ManualClock } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { Dashboard } from '../src/dashboard/view';
import { DashboardModel } from '../src/dashboard/model';
import { openDashboardCollections, type DashAdDoc, type DashInvoiceDoc, type DashPlanChangeDoc, type DashUserDoc } from '../src/dashboard/store';
import { random } from '../test/dashboard-history';
import { fullScanDashboard } from '../test/dashboard-oracle';

const USERS = 50_000;
const ADS = 100_000;
const INVOICES = 50_000;
const PLAN_CHANGES = 20_000;
const DAYS = 730;
const DAY = 86_400_000;
const START = Date.parse('2024-01-01T06:00:00.000Z');
const LEVELS = ['FREE', 'BRONZE', 'SILVER', 'GOLD'] as const;
const BRANDS = ['TOYOTA', 'HONDA', 'NISSAN', 'MAZDA', 'HYUNDAI', 'KIA', 'SUZUKI', 'MITSUBISHI'];
const STATUSES = ['PUBLIC_ONLINE', 'EXPIRED', 'SOLD', 'PENDING_APPROVAL', 'MODIFIED'];

const dir = mkdtempSync(join(tmpdir(), 'ruedas-dashboard-bench-'));
const logger = createLogger('bench', 'silent');
const store = await createEmbeddedStore({ dir, logger });
const now = new Date(START + DAYS * DAY);
const clock = new ManualClock(now);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function time(runs: number, work: () => Promise<unknown>): Promise<number> {
  const taken: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    taken.push(performance.now() - started);
  }
  return median(taken);
}

try {
  const rnd = random(2026);
  const collections = await openDashboardCollections(store);
  const at = () => new Date(START + Math.floor(rnd.next() * DAYS * DAY));
  const fill = async <T>(count: number, make: (i: number) => T, insert: (docs: T[]) => Promise<unknown>) => {
    for (let i = 0; i < count; i += 5_000) await insert(Array.from({ length: Math.min(5_000, count - i) }, (_, j) => make(i + j)));
  };
  const filling = performance.now();
  await fill(
    USERS,
    (i): DashUserDoc => ({ _id: `u${i}`, createdAt: at(), impersonal: rnd.chance(0.2), confirmed: rnd.chance(0.5), testUser: rnd.chance(0.02) }),
    (docs) => collections.users.insertMany(docs),
  );
  await fill(
    ADS,
    (i): DashAdDoc => {
      const expired = rnd.chance(0.3);
      return {
        _id: `a${i}`,
        sellerId: `u${rnd.int(0, USERS - 1)}`,
        createdAt: at(),
        brand: rnd.pick(BRANDS),
        model: 'Modelo',
        year: rnd.int(1995, 2026),
        level: rnd.pick(LEVELS),
        autoApproval: rnd.chance(0.3),
        paymentPending: rnd.chance(0.05),
        status: expired ? 'EXPIRED' : rnd.pick(STATUSES),
        renewed: rnd.chance(0.2),
        expiredAt: expired ? at() : null,
        testUser: false,
      };
    },
    (docs) => collections.ads.insertMany(docs),
  );
  await fill(
    INVOICES,
    (i): DashInvoiceDoc => {
      const plan = rnd.chance(0.1);
      return {
        _id: `i${i}`,
        kind: plan ? 'PLAN' : 'OPPORTUNITY',
        userId: `u${rnd.int(0, USERS - 1)}`,
        opportunityId: plan ? null : `a${rnd.int(0, ADS - 1)}`,
        level: rnd.pick(LEVELS),
        quickApproval: true,
        planQuantity: plan ? 10 : 0,
        amount: rnd.int(2, 100) * 1_000,
        status: rnd.chance(0.85) ? 'PAID' : 'CANCELLED',
        paidAt: at(),
        testUser: false,
      };
    },
    (docs) => collections.invoices.insertMany(docs),
  );
  await fill(
    PLAN_CHANGES,
    (i): DashPlanChangeDoc => {
      const granted = rnd.chance(0.2);
      return {
        _id: `p${i}`,
        change: granted ? 'GRANTED' : 'UNIT_USED',
        userId: `u${rnd.int(0, USERS - 1)}`,
        level: rnd.pick(['BRONZE', 'SILVER', 'GOLD'] as const),
        quantity: granted ? 5 : 1,
        opportunityId: granted ? null : `a${rnd.int(0, ADS - 1)}`,
        at: at(),
      };
    },
    (docs) => collections.planChanges.insertMany(docs),
  );
  console.log(
    `facts: ${USERS} users, ${ADS} ads, ${INVOICES} invoices, ${PLAN_CHANGES} plan changes over ${DAYS} days (filled in ` +
      `${((performance.now() - filling) / 1000).toFixed(1)} s)`,
  );

  const to = now.toISOString().slice(0, 10);
  const from30 = new Date(now.getTime() - 29 * DAY).toISOString().slice(0, 10);
  const from366 = new Date(now.getTime() - 365 * DAY).toISOString().slice(0, 10);
  const before30 = await time(3, () => fullScanDashboard(collections, from30, to, now));
  const before366 = await time(3, () => fullScanDashboard(collections, from366, to, now));

  const building = performance.now();
  const model = await DashboardModel.open(collections, logger);
  const built = performance.now() - building;
  const dashboard = new Dashboard({ dashboard: collections, clock });
  const admin = { userId: 'admin', role: 'ADMINISTRATOR' as const };
  const after30 = await time(10, () => dashboard.view(from30, to, admin));
  const after366 = await time(10, () => dashboard.view(from366, to, admin));
  // The answers agree (the general figures and the period's summary).
  const [old, now366] = [await fullScanDashboard(collections, from366, to, now), await dashboard.view(from366, to, admin)];
  const same = JSON.stringify(old) === JSON.stringify(now366);

  const per = async (count: number, apply: (i: number) => Promise<void>) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) await apply(i);
    return (performance.now() - started) / count;
  };
  const statusChange = await per(500, (i) => model.applyAd(`a${i}`, (ad) => ({ ...ad!, status: ad!.status === 'PUBLIC_ONLINE' ? 'SOLD' : 'PUBLIC_ONLINE' })));
  const paid = await per(500, async (i) => {
    const invoice = (await collections.invoices.findById(`i${i}`))!;
    await model.applyInvoice({ ...invoice, status: invoice.status === 'PAID' ? 'CANCELLED' : 'PAID' });
  });
  const flip = await per(100, async (i) => {
    const user = (await collections.users.findById(`u${i}`))!;
    await model.applyUser({ ...user, testUser: !user.testUser });
  });
  const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
  console.log(`dashboard request, 30 days: before (full scan) ${before30.toFixed(0)} ms, after (day buckets) ${after30.toFixed(1)} ms`);
  console.log(
    `dashboard request, 366 days: before (full scan) ${before366.toFixed(0)} ms, after (day buckets) ${after366.toFixed(1)} ms; same answer: ${same}`,
  );
  console.log(`figures built once from the facts (first start, migration): ${(built / 1000).toFixed(1)} s`);
  console.log(
    `one event applied: ad status change ${statusChange.toFixed(2)} ms, invoice paid/cancelled ${paid.toFixed(2)} ms, TESTUSER flip of a seller ` +
      `${flip.toFixed(2)} ms`,
  );
  console.log(`load average: ${one} ${five} ${fifteen} (${process.version})`);
  if (!same) process.exitCode = 1;
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
