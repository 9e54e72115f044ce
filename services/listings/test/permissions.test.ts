import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adInput, code, createAd, startListings, type Listings } from './harness';

/**
 * Every listings operation for every kind of caller. The owner owns the ads; "other" is another
 * advertiser acting on the owner's ad. 'ok' is allowed; otherwise the error code (0003: sign in).
 */
const ROLES = ['visitor', 'owner', 'other', 'testUser', 'impersonator', 'admin'] as const;
type Who = (typeof ROLES)[number];
type Outcome = 'ok' | 'shown' | 'hidden' | string;

interface Ads {
  /** A public ad of the owner. */
  pub: string;
  /** An ad of the owner waiting for approval. */
  pending: string;
  ownerId: string;
  /** A fresh ad of the owner, public or waiting. */
  fresh: (publicAd: boolean) => Promise<string>;
}

interface Operation {
  name: string;
  request: (ads: Ads) => Promise<[string, Record<string, unknown>]> | [string, Record<string, unknown>];
  /** Reads the outcome from a successful answer (default 'ok'). */
  outcome?: (data: Record<string, any>) => Outcome; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL answers
  expected: Record<Who, Outcome>;
}

const all = (outcome: Outcome): Record<Who, Outcome> => ({
  visitor: outcome,
  owner: outcome,
  other: outcome,
  testUser: outcome,
  impersonator: outcome,
  admin: outcome,
});
const sellers = { visitor: '0003', owner: 'ok', other: 'ok', testUser: 'ok', impersonator: 'FORBIDDEN', admin: 'ok' };
const ownerOrAdmin = { visitor: '0003', owner: 'ok', other: 'FORBIDDEN', testUser: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'ok' };
const adminOnly = { visitor: '0003', owner: 'FORBIDDEN', other: 'FORBIDDEN', testUser: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'ok' };
const hiddenUnlessOwnerOrAdmin = { visitor: 'NOT_FOUND', owner: 'ok', other: 'NOT_FOUND', testUser: 'NOT_FOUND', impersonator: 'NOT_FOUND', admin: 'ok' };

const OPERATIONS: Operation[] = [
  { name: 'homeCarousel', request: () => ['{ homeCarousel { id } }', {}], expected: all('ok') },
  { name: 'availableOpportunities', request: () => ['{ availableOpportunities { totalItems } }', {}], expected: all('ok') },
  {
    name: 'sellerOpportunities',
    request: (ads) => ['query($id: ID!) { sellerOpportunities(sellerId: $id) { totalItems } }', { id: ads.ownerId }],
    expected: all('ok'),
  },
  { name: 'opportunity (public)', request: (ads) => ['query($id: ID!) { opportunity(id: $id) { id } }', { id: ads.pub }], expected: all('ok') },
  {
    name: 'opportunity (waiting)',
    request: (ads) => ['query($id: ID!) { opportunity(id: $id) { id } }', { id: ads.pending }],
    expected: hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'opportunity.carIdNumber and dateCreated (the plate)',
    request: (ads) => ['query($id: ID!) { opportunity(id: $id) { carIdNumber dateCreated expiresAt } }', { id: ads.pub }],
    outcome: (data) =>
      data.opportunity.carIdNumber && data.opportunity.dateCreated && data.opportunity.expiresAt
        ? 'shown'
        : (data.opportunity.carIdNumber ?? data.opportunity.dateCreated ?? data.opportunity.expiresAt ?? 'hidden'),
    expected: { visitor: 'hidden', owner: 'shown', other: 'hidden', testUser: 'hidden', impersonator: 'hidden', admin: 'shown' },
  },
  {
    name: 'unavailableOpportunity (waiting ad, never public)',
    request: (ads) => ['query($id: ID!) { unavailableOpportunity(id: $id) { reason } }', { id: ads.pending }],
    outcome: (data) => (data.unavailableOpportunity === null ? 'hidden' : 'shown'),
    expected: all('hidden'),
  },
  { name: 'opportunityContact', request: (ads) => ['query($id: ID!) { opportunityContact(id: $id) { fullName } }', { id: ads.pub }], expected: all('ok') },
  { name: 'viewCount', request: (ads) => ['query($id: ID!) { viewCount(opportunityId: $id) }', { id: ads.pub }], expected: all('ok') },
  { name: 'myOpportunities', request: () => ['{ myOpportunities { totalItems } }', {}], expected: sellers },
  { name: 'adDescriptionMaxLength', request: () => ['{ adDescriptionMaxLength }', {}], expected: all('ok') },
  { name: 'crcPerUsd', request: () => ['{ crcPerUsd }', {}], expected: all('ok') },
  { name: 'myOpportunityCounts', request: () => ['{ myOpportunityCounts { status count } }', {}], expected: sellers },
  { name: 'myWishList', request: () => ['{ myWishList { totalItems } }', {}], expected: sellers },
  {
    name: 'User.wishList of the owner',
    request: (ads) => [
      'query($id: ID!) { _entities(representations: [{ __typename: "User", id: $id }]) { ... on User { wishList { totalItems } } } }',
      { id: ads.ownerId },
    ],
    expected: { visitor: '0003', owner: 'ok', other: 'FORBIDDEN', testUser: 'FORBIDDEN', impersonator: 'FORBIDDEN', admin: 'FORBIDDEN' },
  },
  { name: 'opportunitiesByStatus', request: () => ['{ opportunitiesByStatus(status: PENDING_APPROVAL) { totalItems } }', {}], expected: adminOnly },
  {
    name: 'userActiveOpportunities',
    request: (ads) => ['query($id: ID!) { userActiveOpportunities(userId: $id) { totalItems } }', { id: ads.ownerId }],
    expected: ownerOrAdmin,
  },
  {
    name: 'userOpportunities',
    request: (ads) => ['query($id: ID!) { userOpportunities(userId: $id) { totalItems } }', { id: ads.ownerId }],
    expected: adminOnly,
  },
  {
    name: 'statusHistory (public ad)',
    request: (ads) => ['query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: ads.pub }],
    expected: ownerOrAdmin,
  },
  {
    name: 'statusHistory (waiting ad)',
    request: (ads) => ['query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: ads.pending }],
    expected: hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'statusHistoryPage (public ad)',
    request: (ads) => ['query($id: ID!) { statusHistoryPage(opportunityId: $id) { totalItems } }', { id: ads.pub }],
    expected: ownerOrAdmin,
  },
  {
    name: 'statusHistoryPage (waiting ad)',
    request: (ads) => ['query($id: ID!) { statusHistoryPage(opportunityId: $id) { totalItems } }', { id: ads.pending }],
    expected: hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'createOpportunity',
    request: () => ['mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }', { input: adInput() }],
    expected: sellers,
  },
  {
    name: 'updateOpportunity (public ad)',
    request: async (ads) => ['mutation($id: ID!) { updateOpportunity(id: $id, input: { model: "Yaris" }) { id } }', { id: await ads.fresh(true) }],
    expected: ownerOrAdmin,
  },
  {
    name: 'updateOpportunity (waiting ad)',
    request: (ads) => ['mutation($id: ID!) { updateOpportunity(id: $id, input: { model: "Yaris" }) { id } }', { id: ads.pending }],
    expected: hiddenUnlessOwnerOrAdmin,
  },
  {
    name: 'markOpportunitySold',
    request: async (ads) => ['mutation($id: ID!) { markOpportunitySold(id: $id) { id } }', { id: await ads.fresh(true) }],
    expected: ownerOrAdmin,
  },
  {
    name: 'updateOpportunityStatus',
    request: async (ads) => ['mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }', { id: await ads.fresh(false) }],
    expected: adminOnly,
  },
  { name: 'incrementViewCount', request: (ads) => ['mutation($id: ID!) { incrementViewCount(opportunityId: $id) }', { id: ads.pub }], expected: all('ok') },
  { name: 'addToWishList', request: (ads) => ['mutation($id: ID!) { addToWishList(opportunityId: $id) { id } }', { id: ads.pub }], expected: sellers },
  // Alerts on favourites (issue 19): one's own only; the favourite was just added by each seller.
  { name: 'myFavouriteAlerts', request: () => ['{ myFavouriteAlerts { allFavourites } }', {}], expected: sellers },
  { name: 'setFavouriteAlerts', request: () => ['mutation { setFavouriteAlerts(paused: false) { paused } }', {}], expected: sellers },
  {
    name: 'setFavouriteAlert',
    request: (ads) => ['mutation($id: ID!) { setFavouriteAlert(opportunityId: $id, enabled: true) { chosen } }', { id: ads.pub }],
    expected: sellers,
  },
  {
    name: 'unsubscribeFavouriteAlerts (a forged token)',
    request: () => ['mutation { unsubscribeFavouriteAlerts(token: "f.someone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") }', {}],
    expected: all('VALIDATION'),
  },
  { name: 'removeFromWishList', request: (ads) => ['mutation($id: ID!) { removeFromWishList(opportunityId: $id) }', { id: ads.pub }], expected: sellers },
  // Seller insights (issue 20): one ad's figures to its owner and administrators; one's own ads to any seller.
  {
    name: 'opportunityInsights',
    request: (ads) => ['query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }', { id: ads.pub }],
    expected: ownerOrAdmin,
  },
  {
    name: 'opportunityInsights (waiting ad)',
    request: (ads) => ['query($id: ID!) { opportunityInsights(opportunityId: $id) { totals { views } } }', { id: ads.pending }],
    expected: hiddenUnlessOwnerOrAdmin,
  },
  { name: 'myAdInsights', request: () => ['{ myAdInsights { totals { views } } }', {}], expected: sellers },
  { name: 'myAdInsightsPage', request: () => ['{ myAdInsightsPage { totalItems } }', {}], expected: sellers },
  {
    name: 'recordOpportunityShare',
    request: (ads) => ['mutation($id: ID!) { recordOpportunityShare(opportunityId: $id, channel: WHATSAPP) }', { id: ads.pub }],
    expected: all('ok'),
  },
];

describe('permissions of every listings operation', () => {
  let listings: Listings;
  let ads: Ads;
  const tokens: Partial<Record<Who, string>> = {};
  const accounts: Partial<Record<'owner' | 'admin', { token: string; email: string; fullName: string }>> = {};

  beforeAll(async () => {
    listings = await startListings();
    const admin = await listings.user('ADMINISTRATOR');
    const owner = await listings.user('ADVERTISER');
    tokens.admin = admin.token;
    tokens.owner = owner.token;
    accounts.admin = admin;
    accounts.owner = owner;
    tokens.other = (await listings.user('ADVERTISER')).token;
    tokens.testUser = (await listings.user('TESTUSER')).token;
    tokens.impersonator = (await listings.user('IMPERSONALIZATOR')).token;
    const fresh = (publicAd: boolean) => createAd(listings, owner, {}, publicAd ? admin : undefined);
    ads = { pub: await fresh(true), pending: await fresh(false), ownerId: owner.id, fresh };
  });
  afterAll(() => listings.stop());

  it('covers every operation of the schema', async () => {
    const names = await listings.call('{ __schema { queryType { fields { name } } mutationType { fields { name } } } }');
    const schema = names.data!.__schema;
    const operations = [...schema.queryType.fields, ...schema.mutationType.fields]
      .map((field: { name: string }) => field.name)
      .filter((name: string) => !name.startsWith('_'));
    const covered = new Set(OPERATIONS.map((operation) => operation.name.split(/[ .]/)[0]));
    expect(operations.filter((name: string) => !covered.has(name))).toEqual([]);
  });

  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const outcomes: Partial<Record<Who, Outcome>> = {};
      for (const who of ROLES) {
        const [query, variables] = await operation.request(ads);
        const result = await listings.call(query, variables, tokens[who]);
        outcomes[who] = result.errors ? (code(result) ?? 'error') : (operation.outcome?.(result.data!) ?? 'ok');
      }
      expect(outcomes).toEqual(operation.expected);
    });
  }

  it(
    "statusHistory: the owner reads an administrator's changes as the staff's, not the system's (a staff e-mail is private); the administrator reads " + 'who',
    async () => {
      const { owner, admin } = accounts as Required<typeof accounts>;
      const id = await createAd(listings, owner, {}, admin);
      const HISTORY = 'query($id: ID!) { statusHistory(opportunityId: $id) { email fullName status authorKind } }';
      const byOwner = (await listings.call(HISTORY, { id }, owner.token)).data!.statusHistory;
      expect(byOwner).toEqual([
        { email: owner.email, fullName: owner.fullName, status: 'PENDING_APPROVAL', authorKind: 'USER' },
        { email: '', fullName: '', status: 'APPROVED', authorKind: 'STAFF' },
        { email: '', fullName: '', status: 'PUBLIC_ONLINE', authorKind: 'STAFF' },
      ]);
      expect(JSON.stringify(byOwner)).not.toContain(admin.email);
      const byAdmin = (await listings.call(HISTORY, { id }, admin.token)).data!.statusHistory as Array<{ email: string; authorKind: string }>;
      expect(byAdmin.map((entry) => entry.email)).toEqual([owner.email, admin.email, admin.email]);
      expect(byAdmin.map((entry) => entry.authorKind)).toEqual(['USER', 'STAFF', 'STAFF']);
    },
  );
});
