import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, code, createAd, eventually, fields, messageKey, REPORT, seen, startModeration, UPDATE, type Moderation } from './harness';

const QUEUE = '{ reviewQueue { totalItems items { id opportunity { id } brand model year level status sellerId queuedAt openComplaints flagged } } }';
const APPROVE = 'mutation A($id: ID!) { approveOpportunity(id: $id) { reviewId opportunityId decision reason } }';
const REJECT = 'mutation R($id: ID!, $reason: String!) { rejectOpportunity(id: $id, reason: $reason) { reviewId opportunityId decision reason } }';
const HISTORY = 'query H($id: ID!) { statusHistory(opportunityId: $id) { email fullName status } }';

describe('the review queue', () => {
  let moderation: Moderation;
  let admin: Awaited<ReturnType<Moderation['user']>>;
  let seller: Awaited<ReturnType<Moderation['user']>>;
  let english: Awaited<ReturnType<Moderation['user']>>;
  const queue = async () =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers
    (await moderation.call('moderation', QUEUE, {}, admin.token)).data!.reviewQueue as { totalItems: number; items: Array<Record<string, any>> };
  const queuedIds = async () => (await queue()).items.map((item) => item.id);

  beforeAll(async () => {
    moderation = await startModeration();
    admin = await moderation.user('ADMINISTRATOR', { fullName: 'Admin Ruedas', email: 'admin@ruedas.test' });
    seller = await moderation.user('ADVERTISER', { email: 'dueña@example.com' });
    english = await moderation.user('ADVERTISER', { email: 'owner@example.com', language: 'en' });
  });
  afterAll(() => moderation.stop());

  it('holds new free ads and edited public ads, oldest first, not ads waiting for a payment', async () => {
    const free = await createAd(moderation, seller, { model: 'Yaris' });
    moderation.clock.advance(60_000);
    const paid = await moderation.call(
      'listings',
      'mutation C($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
      { input: adInput({ level: 'GOLD' }) },
      seller.token,
    );
    const paidId = paid.data!.createOpportunity.id as string;
    await seen(moderation, paidId, 'PENDING_APPROVAL');
    const published = await createAd(moderation, seller, { model: 'Hilux' }, admin);
    expect(await queuedIds()).not.toContain(published);
    await moderation.call('listings', UPDATE, { id: published, input: { model: 'Hilux SR' } }, seller.token);
    await seen(moderation, published, 'MODIFIED');
    const items = (await queue()).items;
    const ids = items.map((item) => item.id);
    expect(ids).toContain(free);
    expect(ids).toContain(published);
    expect(ids).not.toContain(paidId);
    expect(ids.indexOf(free)).toBeLessThan(ids.indexOf(published));
    expect(items.find((item) => item.id === free)).toMatchObject({
      opportunity: { id: free },
      brand: 'TOYOTA',
      model: 'Yaris',
      year: 2018,
      level: 'FREE',
      status: 'PENDING_APPROVAL',
      sellerId: seller.id,
      openComplaints: 0,
      flagged: false,
    });
  });

  it('approving a new ad publishes it (APPROVED then PUBLIC_ONLINE, signed by the admin) and mails the owner once, in Spanish', async () => {
    const id = await createAd(moderation, seller, { brand: 'MERCEDES_BENZ', model: 'C200', year: 2015 });
    const result = await moderation.call('moderation', APPROVE, { id }, admin.token);
    expect(result.data!.approveOpportunity).toMatchObject({ opportunityId: id, decision: 'APPROVED', reason: null });
    expect(await queuedIds()).not.toContain(id);
    await seen(moderation, id, 'PUBLIC_ONLINE');
    const history = (await moderation.call('listings', HISTORY, { id }, admin.token)).data!.statusHistory;
    expect(history).toEqual([
      { email: seller.email, fullName: seller.fullName, status: 'PENDING_APPROVAL' },
      { email: 'admin@ruedas.test', fullName: 'Admin Ruedas', status: 'APPROVED' },
      { email: 'admin@ruedas.test', fullName: 'Admin Ruedas', status: 'PUBLIC_ONLINE' },
    ]);
    const mail = await eventually(() => moderation.mailer.sent.find((m) => m.text.includes('C200')));
    expect(mail).toMatchObject({
      to: seller.email,
      subject: 'Su anuncio de Ruedas fue aprobado',
      idempotencyKey: `review:${result.data!.approveOpportunity.reviewId}`,
    });
    expect(mail.text).toContain('Su anuncio «Mercedes-Benz C200 2015» fue aprobado');
    expect(mail.text).toContain(`https://ruedas.test/opportunity/${id}`);
    const event = (await moderation.events('OpportunityReviewed')).find((e) => e.aggregateId === id)!;
    expect(event.payload).toMatchObject({ opportunityId: id, opportunityVersion: 1, decision: 'APPROVED', reviewerId: admin.id });

    // A second delivery of the decision and of the snapshot changes nothing and mails nothing.
    await moderation.bus.publish('moderation.review', [{ key: id, value: event }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await moderation.call('listings', HISTORY, { id }, admin.token)).data!.statusHistory).toHaveLength(3);
    expect(moderation.mailer.sent.filter((m) => m.text.includes('C200'))).toHaveLength(1);
  });

  it('approving an edit keeps the ad public (PUBLIC_ONLINE) and takes it off the queue', async () => {
    const id = await createAd(moderation, seller, { model: 'RAV4' }, admin);
    await moderation.call('listings', UPDATE, { id, input: { model: 'RAV4 Limited' } }, seller.token);
    await seen(moderation, id, 'MODIFIED');
    await moderation.call('moderation', APPROVE, { id }, admin.token);
    await seen(moderation, id, 'PUBLIC_ONLINE');
    const history = (await moderation.call('listings', HISTORY, { id }, admin.token)).data!.statusHistory.map((entry: { status: string }) => entry.status);
    expect(history).toEqual(['PENDING_APPROVAL', 'APPROVED', 'PUBLIC_ONLINE', 'MODIFIED', 'PUBLIC_ONLINE']);
    expect(await queuedIds()).not.toContain(id);
  });

  it('rejecting mails the reason to the owner in the owner’s language; the ad is REJECTED', async () => {
    const id = await createAd(moderation, english, { model: 'Prado' });
    const reason = 'The photos show another car.';
    const result = await moderation.call('moderation', REJECT, { id, reason: `  ${reason} ` }, admin.token);
    expect(result.data!.rejectOpportunity).toMatchObject({ decision: 'REJECTED', reason });
    await seen(moderation, id, 'REJECTED');
    const mail = await eventually(() => moderation.mailer.sent.find((m) => m.text.includes('Prado')));
    expect(mail).toMatchObject({ to: 'owner@example.com', subject: 'Your Ruedas ad was rejected' });
    expect(mail.text).toContain('Your ad "Toyota Prado 2018" was rejected for this reason:\n\nThe photos show another car.');
    const history = (await moderation.call('listings', HISTORY, { id }, admin.token)).data!.statusHistory;
    expect(history.at(-1)).toEqual({ email: 'admin@ruedas.test', fullName: 'Admin Ruedas', status: 'REJECTED' });
    // The owner reads the same change as the staff's, not the system's (issue 13), without the administrator's
    // e-mail or name: staff e-mails are private (decision 0015).
    const owners = (await moderation.call('listings', HISTORY.replace('status }', 'status authorKind }'), { id }, english.token)).data!.statusHistory;
    expect(owners.at(-1)).toEqual({ email: '', fullName: '', status: 'REJECTED', authorKind: 'STAFF' });
    // The owner corrects it: it comes back to the queue.
    await moderation.call('listings', UPDATE, { id, input: { model: 'Land Cruiser Prado' } }, english.token);
    await seen(moderation, id, 'PENDING_APPROVAL');
    expect(await queuedIds()).toContain(id);
  });

  it('refuses a rejection without a reason, and decisions about ads not waiting for review', async () => {
    const id = await createAd(moderation, seller, { model: 'Tercel' });
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const result = await moderation.call('moderation', REJECT, { id, reason }, admin.token);
      expect([code(result), fields(result)]).toEqual(['VALIDATION', { reason: 'invalidRejectionReason' }]);
    }
    const published = await createAd(moderation, seller, {}, admin);
    const approve = await moderation.call('moderation', APPROVE, { id: published }, { token: admin.token, language: 'en' });
    expect([code(approve), messageKey(approve), approve.errors![0]!.message]).toEqual([
      'CONFLICT',
      'opportunityNotInReview',
      'This ad is not waiting for review.',
    ]);
    expect(code(await moderation.call('moderation', APPROVE, { id: 'no-such-ad' }, admin.token))).toBe('NOT_FOUND');
    await moderation.call('moderation', APPROVE, { id }, admin.token);
    expect(code(await moderation.call('moderation', REJECT, { id, reason: 'late' }, admin.token))).toBe('CONFLICT');
  });

  it('ignores a decision about a version of the ad other than the one reviewed', async () => {
    const id = await createAd(moderation, seller, { model: 'Starlet' });
    await moderation.call('moderation', APPROVE, { id }, admin.token);
    const decision = (await moderation.events('OpportunityReviewed')).find((e) => e.aggregateId === id)!;
    await seen(moderation, id, 'PUBLIC_ONLINE');
    await moderation.call('listings', UPDATE, { id, input: { model: 'Starlet GT' } }, seller.token);
    await seen(moderation, id, 'MODIFIED');
    // The same decision (about version 1) arriving again as a new event: the edit (a later version) stays in review.
    await moderation.bus.publish('moderation.review', [{ key: id, value: { ...decision, id: crypto.randomUUID() } }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await moderation.call('listings', HISTORY, { id }, admin.token)).data!.statusHistory.at(-1).status).toBe('MODIFIED');
    expect(await queuedIds()).toContain(id);
  });

  it('flags an ad with COMPLAINTS_TO_FLAG unresolved complaints', async () => {
    const id = await createAd(moderation, seller, { model: 'Corona' }, admin);
    for (let i = 0; i < 3; i += 1)
      await moderation.call('moderation', REPORT, { input: { opportunityId: id, details: `mentira ${i}` } }, { address: `10.0.0.${i + 1}` });
    await moderation.call('listings', UPDATE, { id, input: { model: 'Corona GL' } }, seller.token);
    await seen(moderation, id, 'MODIFIED');
    const item = (await queue()).items.find((entry) => entry.id === id);
    expect(item).toMatchObject({ openComplaints: 3, flagged: true });
    await moderation.call('moderation', 'mutation { updateGlobalParameter(id: "COMPLAINTS_TO_FLAG", quantity: 4) { id } }', {}, admin.token);
    expect((await queue()).items.find((entry) => entry.id === id)).toMatchObject({ openComplaints: 3, flagged: false });
  });
});
