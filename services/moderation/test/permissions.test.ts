import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code, createAd, startModeration, type Moderation } from './harness';

/**
 * Every moderation operation for every kind of caller. Only ADMINISTRATOR passes the admin
 * operations: spec 02 §6 gives the impersonator registrations and users maintenance, none of
 * these. Reporting an ad and recording a contact click are open to anybody (01 §6). 'ok' is
 * allowed; otherwise the error code (0003: sign in).
 */
const ROLES = ['visitor', 'advertiser', 'testUser', 'impersonator', 'admin'] as const;
type Who = (typeof ROLES)[number];

interface Fixture {
  /** A public ad (each caller reports it from its own address). */
  pub: string;
  /** A fresh ad waiting for review. */
  waiting: () => Promise<string>;
  /** A fresh unresolved complaint. */
  complaint: () => Promise<string>;
}

interface Operation {
  name: string;
  request: (fixture: Fixture) => Promise<[string, Record<string, unknown>]> | [string, Record<string, unknown>];
  expected: Record<Who, string>;
}

const anybody: Record<Who, string> = { visitor: 'ok', advertiser: 'ok', testUser: 'ok', impersonator: 'ok', admin: 'ok' };
const adminOnly: Record<Who, string> = { visitor: '0003', advertiser: 'FORBIDDEN', testUser: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'ok' };

const OPERATIONS: Operation[] = [
  { name: 'systemsVersion', request: () => ['{ systemsVersion { backEndVersion } }', {}], expected: anybody },
  { name: 'globalParameters', request: () => ['{ globalParameters { id quantity } }', {}], expected: adminOnly },
  { name: 'reviewQueue', request: () => ['{ reviewQueue { totalItems } }', {}], expected: adminOnly },
  { name: 'reviewQueueItem', request: () => ['{ reviewQueueItem(id: "no-such-ad") { id } }', {}], expected: adminOnly },
  { name: 'complaints', request: () => ['{ complaints { totalItems } }', {}], expected: adminOnly },
  { name: 'staffActions', request: () => ['{ staffActions(filter: { action: PARAMETER_CHANGED }) { totalItems } }', {}], expected: adminOnly },
  { name: 'dashboard', request: () => ['{ dashboard { generalData { totalRevenue } periodData { from to searches } } }', {}], expected: adminOnly },
  {
    name: 'updateGlobalParameters',
    request: () => ['mutation { updateGlobalParameters(parameters: [{ id: "GOLD_CAROUSEL_COUNT", quantity: 8 }]) { id } }', {}],
    expected: adminOnly,
  },
  {
    name: 'updateGlobalParameter',
    request: () => ['mutation { updateGlobalParameter(id: "MAX_FAVOURITES_PER_USER", quantity: 40) { id } }', {}],
    expected: adminOnly,
  },
  {
    name: 'approveOpportunity',
    request: async (f) => ['mutation($id: ID!) { approveOpportunity(id: $id) { reviewId } }', { id: await f.waiting() }],
    expected: adminOnly,
  },
  {
    name: 'rejectOpportunity',
    request: async (f) => ['mutation($id: ID!) { rejectOpportunity(id: $id, reason: "Fotos de otro carro") { reviewId } }', { id: await f.waiting() }],
    expected: adminOnly,
  },
  {
    name: 'resolveComplaint',
    request: async (f) => ['mutation($id: ID!) { resolveComplaint(id: $id) { id } }', { id: await f.complaint() }],
    expected: adminOnly,
  },
  {
    name: 'reportOpportunity',
    request: (f) => ['mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "Sospechoso" }) { id } }', { id: f.pub }],
    expected: anybody,
  },
  {
    name: 'recordContactClick',
    request: (f) => ['mutation($id: ID!) { recordContactClick(opportunityId: $id, clickType: CONTACT_SELLER_BY_WHATSAPP) { counted } }', { id: f.pub }],
    expected: anybody,
  },
];

describe('permissions of every moderation operation', () => {
  let moderation: Moderation;
  let fixture: Fixture;
  const tokens: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    moderation = await startModeration();
    const admin = await moderation.user('ADMINISTRATOR');
    const owner = await moderation.user('ADVERTISER');
    tokens.admin = admin.token;
    tokens.advertiser = (await moderation.user('ADVERTISER')).token;
    tokens.testUser = (await moderation.user('TESTUSER')).token;
    tokens.impersonator = (await moderation.user('IMPERSONALIZATOR')).token;
    const pub = await createAd(moderation, owner, {}, admin);
    let complaints = 0;
    fixture = {
      pub,
      waiting: () => createAd(moderation, owner),
      complaint: async () => {
        complaints += 1;
        const result = await moderation.call(
          'moderation',
          'mutation($id: ID!) { reportOpportunity(input: { opportunityId: $id, details: "x" }) { id } }',
          { id: pub },
          { address: `10.1.0.${complaints}` },
        );
        return result.data!.reportOpportunity.id as string;
      },
    };
  });
  afterAll(() => moderation.stop());

  it('covers every operation of the schema', async () => {
    const names = await moderation.call('moderation', '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }');
    const schema = names.data!.__schema;
    const operations = [...schema.queryType.fields, ...schema.mutationType.fields]
      .map((field: { name: string }) => field.name)
      .filter((name: string) => !name.startsWith('_'));
    expect(operations.filter((name: string) => !OPERATIONS.some((operation) => operation.name === name))).toEqual([]);
  });

  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const outcomes: Partial<Record<Who, string>> = {};
      for (const [index, who] of ROLES.entries()) {
        const [query, variables] = await operation.request(fixture);
        const token = tokens[who];
        const result = await moderation.call('moderation', query, variables, { ...(token ? { token } : {}), address: `10.2.0.${index + 1}` });
        outcomes[who] = result.errors ? (code(result) ?? 'error') : 'ok';
      }
      expect(outcomes).toEqual(operation.expected);
    });
  }

  it('an advertiser whose role identity changed to ADMINISTRATOR passes, whatever the older token says', async () => {
    const promoted = await moderation.user('ADVERTISER');
    const { createEvent, userRoleChanged, topics } = await import('@ruedas/events');
    const user = (await moderation.collections.users.findById(promoted.id))!;
    const snapshot = {
      id: promoted.id,
      email: user.email,
      name: 'Ana',
      lastName: 'Mora',
      lastName2: 'Solís',
      fullName: user.fullName,
      userType: 'PERSON' as const,
      merchantName: '',
      language: 'es' as const,
      role: 'ADMINISTRATOR' as const,
      status: 'ACTIVE' as const,
      impersonal: false,
      phoneList: [],
      province: '1',
      canton: '101',
      district: '10101',
      dateCreated: new Date().toISOString(),
    };
    await moderation.bus.publish(topics.identityUser, [
      {
        key: promoted.id,
        value: createEvent(userRoleChanged, {
          aggregateId: promoted.id,
          aggregateVersion: 2,
          actor: { kind: 'system', id: 'test' },
          payload: { user: snapshot, previous: 'ADVERTISER' },
        }),
      },
    ]);
    await expect.poll(async () => (await moderation.collections.users.findById(promoted.id))?.role).toBe('ADMINISTRATOR');
    expect((await moderation.call('moderation', '{ reviewQueue { totalItems } }', {}, promoted.token)).errors).toBeUndefined();
  });
});
