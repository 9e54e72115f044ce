import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_PARAMETER_KEYS } from '@ruedas/domain';
import { code, createAd, eventually, fields, messageKey, startModeration, type Moderation } from './harness';

const LIST = '{ globalParameters { id label quantity defaultValue min max integer unit } }';
const UPDATE = 'mutation U($parameters: [GlobalParameterInput!]!) { updateGlobalParameters(parameters: $parameters) { id quantity } }';
const UPDATE_ONE = 'mutation U($id: ID!, $quantity: Float!) { updateGlobalParameter(id: $id, quantity: $quantity) { id quantity label } }';

describe('global parameters', () => {
  let moderation: Moderation;
  let admin: { id: string; token: string };
  beforeAll(async () => {
    moderation = await startModeration();
    admin = await moderation.user('ADMINISTRATOR');
  });
  afterAll(() => moderation.stop());
  /** Sends `updateGlobalParameters` with these values (as the administrator unless told). */
  const update = (values: Record<string, number>, as: Parameters<Moderation['call']>[3] = admin.token) =>
    moderation.call('moderation', UPDATE, { parameters: Object.entries(values).map(([id, quantity]) => ({ id, quantity })) }, as);

  it('lists every parameter of 02 §3 with its default, rule and label in the request language', async () => {
    const es = await moderation.call('moderation', LIST, {}, { token: admin.token });
    const list = es.data!.globalParameters as Array<Record<string, unknown>>;
    expect(list.map((p) => p.id)).toEqual([...GLOBAL_PARAMETER_KEYS]);
    expect(list.find((p) => p.id === 'ITEMS_PER_LIST')).toEqual({
      id: 'ITEMS_PER_LIST',
      label: 'Elementos por lista',
      quantity: 10,
      defaultValue: 10,
      min: 1,
      max: 100,
      integer: true,
      unit: 'ITEMS',
    });
    expect(list.find((p) => p.id === 'SINGLE_PRICE_GOLD')).toMatchObject({ unit: 'CRC', integer: false, min: 0 });
    const en = await moderation.call('moderation', LIST, {}, { token: admin.token, language: 'en' });
    expect(en.data!.globalParameters[0].label).toBe('Items per list');
  });

  it('saves changes, publishes one ParameterChanged per changed value, and answers every parameter', async () => {
    const before = (await moderation.events('ParameterChanged')).length;
    // FREE_AD_EXPIRY_DAYS unchanged: no event.
    const result = await update({ MAX_FAVOURITES_PER_USER: 80, SINGLE_PRICE_GOLD: 150_000.5, FREE_AD_EXPIRY_DAYS: 14 });
    expect(result.errors).toBeUndefined();
    const values = Object.fromEntries((result.data!.updateGlobalParameters as Array<{ id: string; quantity: number }>).map((p) => [p.id, p.quantity]));
    expect(values).toMatchObject({ MAX_FAVOURITES_PER_USER: 80, SINGLE_PRICE_GOLD: 150_000.5, FREE_AD_EXPIRY_DAYS: 14 });
    const events = (await moderation.events('ParameterChanged')).slice(before);
    expect(events.map((e) => [e.aggregateId, e.aggregateVersion, e.payload, e.actor])).toEqual([
      ['MAX_FAVOURITES_PER_USER', 1, { id: 'MAX_FAVOURITES_PER_USER', quantity: 80, previous: 50 }, { kind: 'user', id: admin.id }],
      ['SINGLE_PRICE_GOLD', 1, { id: 'SINGLE_PRICE_GOLD', quantity: 150_000.5, previous: 25_000 }, { kind: 'user', id: admin.id }],
    ]);
    const again = await moderation.call('moderation', UPDATE_ONE, { id: 'MAX_FAVOURITES_PER_USER', quantity: 60 }, admin.token);
    expect(again.data!.updateGlobalParameter).toEqual({ id: 'MAX_FAVOURITES_PER_USER', quantity: 60, label: 'Máximo de favoritos por usuario' });
    const last = (await moderation.events('ParameterChanged')).at(-1)!;
    expect([last.aggregateVersion, last.payload]).toEqual([2, { id: 'MAX_FAVOURITES_PER_USER', quantity: 60, previous: 80 }]);
  });

  it('refuses values outside the rule, and unknown ids, naming each and saving nothing', async () => {
    for (const [id, quantity, key] of [
      ['GOLD_CAROUSEL_COUNT', 0, 'invalidParameterCount'],
      ['GOLD_CAROUSEL_COUNT', 101, 'invalidParameterCount'],
      ['PAID_AD_EXPIRY_DAYS', 1.5, 'invalidParameterCount'],
      ['SINGLE_PRICE_SILVER', -1, 'invalidParameterAmount'],
      ['PLAN_PRICE_GOLD', 10.555, 'invalidParameterAmount'],
      ['EXCHANGE_RATE_CRC_PER_USD', 0, 'invalidExchangeRate'],
      ['NO_SUCH_PARAMETER', 5, 'unknownParameter'],
    ] as const) {
      const result = await moderation.call('moderation', UPDATE_ONE, { id, quantity }, { token: admin.token, language: 'en' });
      expect([code(result), messageKey(result), fields(result)], `${id}=${quantity}`).toEqual(['VALIDATION', key, { [id]: key }]);
    }
    const result = await update({ ITEMS_PER_LIST: 20, LOCKOUT_MINUTES: 0 }, { token: admin.token, language: 'en' });
    expect(code(result)).toBe('VALIDATION');
    expect(result.errors![0]!.message).toBe('Enter a whole number from 1 to 100.');
    const many = await update({ ITEMS_PER_LIST: 0, LOCKOUT_MINUTES: 0 });
    expect(fields(many)).toEqual({ ITEMS_PER_LIST: 'invalidParameterCount', LOCKOUT_MINUTES: 'invalidParameterCount' });
    const list = await moderation.call('moderation', LIST, {}, admin.token);
    expect(list.data!.globalParameters.find((p: { id: string }) => p.id === 'ITEMS_PER_LIST').quantity).toBe(10);
  });

  it('is applied by listings without a restart (page size of the public list)', async () => {
    const seller = await moderation.user();
    for (let i = 0; i < 3; i += 1) await createAd(moderation, seller, {}, admin);
    const AVAILABLE = '{ availableOpportunities { pageSize totalPages items { id } } }';
    expect((await moderation.call('listings', AVAILABLE)).data!.availableOpportunities).toMatchObject({ pageSize: 10, totalPages: 1 });
    await moderation.call('moderation', UPDATE_ONE, { id: 'ITEMS_PER_LIST', quantity: 2 }, admin.token);
    await moderation.relay.flush();
    await eventually(async () => (await moderation.call('listings', AVAILABLE)).data!.availableOpportunities.pageSize === 2);
    const page = (await moderation.call('listings', AVAILABLE)).data!.availableOpportunities;
    expect([page.items.length, page.totalPages]).toEqual([2, 2]);
  });
});
