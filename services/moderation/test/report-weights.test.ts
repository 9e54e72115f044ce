import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAd, eventually, REPORT, seen, startModeration, type Moderation } from './harness';

/**
 * Issue 28 item 3: one person took any rival's ad off the lists in seconds: five accounts registered
 * and reporting from one address, or five visitors' reports from five addresses, hid it. Reports are
 * weighed: an established account 1, a new account or a visitor a third, one address once, a reporter
 * whose reports were dismissed less; the seller is told when the ad is hidden.
 */
const APPROVE = 'mutation A($id: ID!) { approveOpportunity(id: $id) { reviewId } }';
const ESTABLISHED = { dateCreated: '2020-01-01T00:00:00.000Z' };

describe('weighed reports', () => {
  let moderation: Moderation;
  let admin: Awaited<ReturnType<Moderation['user']>>;
  let seller: Awaited<ReturnType<Moderation['user']>>;
  const report = (id: string, options: { token?: string; address: string }) =>
    moderation.call('moderation', REPORT, { input: { opportunityId: id, details: 'Es una estafa, pide adelanto' } }, options);
  /** Whether the ad was held, once every report had its effect. */
  const heldAfterReports = async (id: string) => {
    await moderation.relay.flush();
    await new Promise((resolve) => setTimeout(resolve, 150));
    return (await moderation.collections.ads.findById(id))?.heldFor ?? null;
  };

  beforeAll(async () => {
    moderation = await startModeration();
    admin = await moderation.user('ADMINISTRATOR');
    seller = await moderation.user('ADVERTISER', { email: 'vendedora@example.com' });
  });
  afterAll(() => moderation.stop());

  it('five accounts registered a moment ago, reporting from one address in seconds, do not hide the ad', async () => {
    const id = await createAd(moderation, seller, { model: 'Yaris' }, admin);
    moderation.clock.advance(60_000);
    const fresh = await Promise.all(Array.from({ length: 5 }, () => moderation.user('ADVERTISER', { dateCreated: moderation.clock.now().toISOString() })));
    const answers = await Promise.all(fresh.map((account) => report(id, { token: account.token, address: '203.0.113.66' })));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(await heldAfterReports(id)).toBeNull();
    expect((await moderation.collections.ads.findById(id))?.status).toBe('PUBLIC_ONLINE');
  });

  it('five visitors from five addresses do not hide the ad', async () => {
    const id = await createAd(moderation, seller, { model: 'Hilux' }, admin);
    moderation.clock.advance(60_000);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, at) => report(id, { address: `198.18.7.${at + 1}` })));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(await heldAfterReports(id)).toBeNull();
  });

  it('five established people from their own addresses hide it, and the seller is mailed how it gets reviewed', async () => {
    const id = await createAd(moderation, seller, { model: 'Prado' }, admin);
    moderation.clock.advance(60_000);
    const people = await Promise.all(Array.from({ length: 5 }, () => moderation.user('ADVERTISER', ESTABLISHED)));
    for (const [at, person] of people.entries()) {
      await report(id, { token: person.token, address: `192.0.2.${at + 10}` });
      if (at < 4) expect(await heldAfterReports(id)).toBeNull();
    }
    await seen(moderation, id, 'PENDING_APPROVAL');
    expect((await moderation.collections.ads.findById(id))?.heldFor).toBe('REPORTS');
    const mail = await eventually(() => moderation.mailer.sent.find((m) => m.to === 'vendedora@example.com' && m.text.includes('Prado')));
    expect(mail.subject).toBe('Su anuncio de Ruedas espera una revisión');
    expect(mail.text).toContain('Su anuncio «Toyota Prado 2018» salió de las listas públicas');
    expect(mail.text).toContain('https://ruedas.test/myOpportunities');

    // The administrator finds nothing wrong: those people's next reports weigh half, five of them no longer hide an ad.
    expect((await moderation.call('moderation', APPROVE, { id }, admin.token)).errors).toBeUndefined();
    const other = await createAd(moderation, seller, { model: 'Tacoma' }, admin);
    moderation.clock.advance(60_000);
    for (const [at, person] of people.entries()) await report(other, { token: person.token, address: `192.0.2.${at + 10}` });
    expect(await heldAfterReports(other)).toBeNull();
  });
});
