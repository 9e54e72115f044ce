import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GlobalParameters, OutboxRelay, createLogger } from '@ruedas/platform';
import { costaRicaDay } from '@ruedas/domain';
import { Funnel } from '../src/funnel';
import { MAX_INSIGHT_DAYS } from '../src/insights';
import { AdLifecycle } from '../src/lifecycle';
import { Opportunities } from '../src/opportunities';
import { createAd, DAY, eventually, HISTORY, READ, START, startListings, type Listings } from './harness';

/**
 * Two listings instances over one store, each with its scheduler ticking every few milliseconds,
 * as two processes against one MongoDB would run. Time moves with the shared ManualClock.
 */
describe('the life of an ad, with two scheduler instances racing', () => {
  let listings: Listings;
  let admin: Awaited<ReturnType<Listings['user']>>;
  let seller: Awaited<ReturnType<Listings['user']>>;
  let english: Awaited<ReturnType<Listings['user']>>;

  const ticks = () => new Promise((resolve) => setTimeout(resolve, 60));
  const statusOf = async (id: string) => (await listings.call(READ, { id }, admin.token)).data!.opportunity as { status: string; expiresAt: string | null };
  const historyOf = async (id: string) => (await listings.call(HISTORY, { id }, admin.token)).data!.statusHistory as Array<{ email: string; status: string }>;

  beforeAll(async () => {
    listings = await startListings({ schedulerIntervalMs: 5 });
    await listings.another();
    admin = await listings.user('ADMINISTRATOR');
    seller = await listings.user('ADVERTISER', { language: 'es' });
    english = await listings.user('ADVERTISER', { language: 'en' });
  });
  afterAll(() => listings.stop());

  it('mails the owner once, DAYS_BEFORE_EXPIRY_TO_NOTIFY days before the end, in their language; expires a free ad at its end', async () => {
    listings.clock.set(START);
    const es = await createAd(listings, seller, {}, admin);
    const en = await createAd(listings, english, { brand: 'HONDA', model: 'Civic' }, admin);
    listings.clock.advance(10 * DAY);
    await ticks();
    expect(listings.mailer.sent).toHaveLength(0);

    listings.clock.advance(1 * DAY + 1000); // 3 days before the end of 14
    await eventually(() => listings.mailer.sent.length >= 2);
    await ticks();
    expect(listings.mailer.sent).toHaveLength(2);
    const [toSeller] = listings.mailer.sent.filter((mail) => mail.to === seller.email);
    const [toEnglish] = listings.mailer.sent.filter((mail) => mail.to === english.email);
    expect(toSeller!.subject).toBe('Su anuncio de Ruedas vence pronto');
    expect(toSeller!.text).toContain(`https://ruedas.test/opportunity/${es}`);
    expect(toEnglish!.subject).toBe('Your Ruedas ad expires soon');
    expect(toEnglish!.text).toContain('"Honda Civic 2018"');
    expect(toEnglish!.text).toContain(en);

    listings.clock.advance(3 * DAY);
    await eventually(async () => (await statusOf(es)).status === 'EXPIRED');
    await ticks();
    expect(await statusOf(es)).toMatchObject({ status: 'EXPIRED', expiresAt: null });
    const history = await historyOf(es);
    expect(history.filter((entry) => entry.status === 'EXPIRED')).toEqual([expect.objectContaining({ email: 'system', status: 'EXPIRED' })]);
    expect(listings.mailer.sent).toHaveLength(2);
    expect(code(await listings.call(READ, { id: es }))).toBe('NOT_FOUND');
  });

  it('renews a paid ad once (RENEWED then PUBLIC_ONLINE, one more period), notifies for each period, then expires it', async () => {
    listings.clock.set(START);
    listings.mailer.sent.length = 0;
    const id = await createAd(listings, seller, { level: 'SILVER' }, admin);

    listings.clock.advance(28 * DAY);
    await eventually(() => listings.mailer.sent.length === 1);
    listings.clock.advance(2 * DAY);
    await eventually(async () => (await historyOf(id)).some((entry) => entry.status === 'RENEWED'));
    await ticks();
    expect(await statusOf(id)).toMatchObject({ status: 'PUBLIC_ONLINE', expiresAt: new Date(START.getTime() + 60 * DAY).toISOString() });
    expect((await historyOf(id)).map((entry) => entry.status)).toEqual(['PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE', 'RENEWED', 'PUBLIC_ONLINE']);
    expect(listings.mailer.sent).toHaveLength(1);
    expect(listings.mailer.sent[0]!.text).toContain('se renovará automáticamente');

    listings.clock.advance(28 * DAY);
    await eventually(() => listings.mailer.sent.length === 2);
    expect(listings.mailer.sent[1]!.text).toContain('Después de esa fecha deja de mostrarse');

    listings.clock.advance(3 * DAY);
    await eventually(async () => (await statusOf(id)).status === 'EXPIRED');
    await ticks();
    const statuses = (await historyOf(id)).map((entry) => entry.status);
    expect(statuses.filter((status) => status === 'RENEWED')).toHaveLength(1);
    expect(statuses.at(-1)).toBe('EXPIRED');
    expect(listings.mailer.sent).toHaveLength(2);
    const snapshots = await listings.snapshots(id);
    expect(snapshots.map((event) => event.payload.change)).toEqual(['CREATED', 'STATUS_CHANGED', 'RENEWED', 'STATUS_CHANGED']);
    expect(snapshots.map((event) => event.aggregateVersion)).toEqual([1, 2, 3, 4]);
  });

  it('many ads due at once, two passes run concurrently: every notice sent once, every ad expired once', async () => {
    listings.clock.set(START);
    listings.mailer.sent.length = 0;
    const ids = await Promise.all(Array.from({ length: 20 }, () => createAd(listings, seller, {}, admin)));
    // Two schedulers of their own, driven by hand so that their passes interleave at every await.
    const [one, two] = await Promise.all([scheduler(listings), scheduler(listings)]);
    listings.clock.advance(12 * DAY);
    await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    listings.clock.advance(3 * DAY);
    await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    await ticks();
    const notices = listings.mailer.sent.filter((mail) => ids.some((id) => mail.text.includes(id)));
    expect(notices).toHaveLength(20);
    expect(new Set(notices.map((mail) => mail.idempotencyKey)).size).toBe(20);
    for (const id of ids) {
      expect((await statusOf(id)).status).toBe('EXPIRED');
      expect((await historyOf(id)).filter((entry) => entry.status === 'EXPIRED')).toHaveLength(1);
    }
  });

  it('5,000 ads due at once: passes of two schedulers notify every one exactly once, none starved (decision 0158)', async () => {
    listings.clock.set(START);
    listings.mailer.sent.length = 0;
    const template = await listings.collections.opportunities.findById(await createAd(listings, seller, {}, admin));
    const { _id: _, outbox: __, ...fields } = template!;
    const ids = Array.from({ length: 5_000 }, (_, i) => `due-${String(i).padStart(4, '0')}`);
    // All within the notice window (DAYS_BEFORE_EXPIRY_TO_NOTIFY is 3): ends from 1 to 2.4 days away.
    await listings.collections.opportunities.insertMany(
      ids.map((id, i) => ({
        ...fields,
        _id: id,
        status: 'PUBLIC_ONLINE',
        expiresAt: new Date(START.getTime() + DAY + i * 25_000),
        notifiedFor: null,
        outbox: [],
      })),
    );
    const [one, two] = await Promise.all([scheduler(listings), scheduler(listings)]);
    const noticed = () => listings.mailer.sent.filter((mail) => /\/opportunity\/due-/.test(mail.text)).length;
    let before = -1;
    for (let pass = 0; pass < 20 && noticed() !== before; pass++) {
      before = noticed();
      await Promise.all([one.runOnce(), two.runOnce()]);
    }
    // The instances' own schedulers take part too: their last notices may still be on their way.
    await eventually(() => noticed() >= 5_000);
    await ticks();
    const notices = listings.mailer.sent.map((mail) => /\/opportunity\/(due-\d+)/.exec(mail.text)?.[1]).filter((id) => id !== undefined);
    expect(notices).toHaveLength(5_000);
    expect(new Set(notices).size).toBe(5_000);
    await listings.collections.opportunities.deleteMany({ _id: { $in: ids } });
  }, 90_000);

  it('forgets the funnel days no insights period reaches, once a day, and keeps the ones it does', async () => {
    listings.clock.set(START);
    const funnel = await Funnel.open(listings.store, listings.clock, createLogger('test', 'silent'));
    const ad = 'funnel-pruned-ad';
    const first = new Date(START.getTime());
    const later = new Date(START.getTime() + 40 * DAY);
    const days = [costaRicaDay(first.getTime()), costaRicaDay(later.getTime())];
    await funnel.record('views', [ad], first);
    await funnel.record('views', [ad, ad], later);
    const views = async () => (await funnel.series([ad], days)).get(ad)!.map((counts) => counts.views);

    // 40 days on: both days are within the longest period (90 days).
    listings.clock.advance(40 * DAY);
    await ticks();
    expect(await views()).toEqual([1, 2]);
    // MAX_INSIGHT_DAYS days after the first: it left the longest period and goes; the later one stays.
    listings.clock.advance((MAX_INSIGHT_DAYS - 40) * DAY);
    await eventually(async () => (await views())[0] === 0);
    expect(await views()).toEqual([0, 2]);
    // A day past the later one's 90 days, it goes too.
    listings.clock.advance(41 * DAY);
    await eventually(async () => (await views())[1] === 0);
  });
});

const code = (result: { errors?: Array<{ extensions?: { code?: string } }> }) => result.errors?.[0]?.extensions?.code;

/** A scheduler over the service's store, as another process would run it. */
async function scheduler(listings: Listings) {
  const logger = createLogger('test', 'silent');
  const parameters = await GlobalParameters.open(listings.store, 'listings_parameters');
  const outbox = new OutboxRelay({ bus: listings.bus, logger });
  const opportunities = new Opportunities({ collections: listings.collections, outbox, clock: listings.clock, parameters, photoWaitMs: 0 });
  return new AdLifecycle({
    collections: listings.collections,
    opportunities,
    mailer: listings.mailer,
    clock: listings.clock,
    parameters,
    logger,
    publicUrl: 'https://ruedas.test',
  });
}
