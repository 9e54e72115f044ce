// Full services, not light subgraph fixtures: an edit in listings reaches search's saved searches through events and ends in
// the mailer's alert; the REST paths only carry it.
import { describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { adInput, eventually, publishAdAs, type Json, type Stack } from './stack';
import { stackForFile } from './stack-for-file';

// Issue 19 through the gateway, with every real subgraph in process and the outbox mailer: a public
// ad edited by its seller into a saved search's criteria alerts that search once (REST and GraphQL),
// and the per-user saved-search limit holds for a burst of parallel REST creates (the race itself
// shows only with store calls that take time: services/search/test/alert-changes.test.ts adds them).

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', buyer: 'ADVERTISER', other: 'ADVERTISER' } as const;

stackForFile(people, async (started) => {
  stack = started;
});

const token = (name: keyof typeof people) => stack.accounts[name]!.token;
const EDIT = 'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }';

const publishAd = (overrides: Json) => publishAdAs(stack, token('seller'), token('admin'), overrides);

async function edit(id: string, overrides: Json) {
  const result = await stack.graphql(EDIT, { id, input: adInput(overrides) }, { token: token('seller') });
  expect(result.errors).toBeUndefined();
}

const alertsAbout = async (to: keyof typeof people, ad: string) =>
  (await stack.mailer.list()).filter((mail) => mail.to === stack.accounts[to]!.email && mail.text.includes(`/opportunity/${ad}`));

describe('an ad edited into a saved search’s criteria', () => {
  it('alerts each search once when the seller lowers the price into its range, never again for that ad', async () => {
    const saved = await stack.api('POST', '/alerts/protected/savedSearches', {
      token: token('buyer'),
      body: { name: 'Hilux barata', frequency: 'INSTANT', filter: { text: 'hilux', priceTo: 9_000_000 } },
    });
    expect(saved.status).toBe(200);
    const ad = await publishAd({ model: 'Hilux', style: 'PICK_UP_4X4', price: 12_000_000 });
    await edit(ad, { model: 'Hilux', style: 'PICK_UP_4X4', price: 8_900_000 });
    const [mail] = await eventually(async () => {
      const found = await alertsAbout('buyer', ad);
      if (found.length === 0) throw new Error('no alert yet');
      return found;
    });
    expect(mail?.subject).toBe('Nuevo anuncio para «Hilux barata»: Toyota Hilux 2018');
    expect(mail?.text).toContain('₡8.900.000');

    // Another buyer's search by GraphQL, saved while the ad is public above its range.
    const other = await stack.graphql(
      'mutation($input: SavedSearchInput!) { saveSearch(input: $input) { id } }',
      { input: { name: 'Hilux 8 millones', frequency: 'INSTANT', filter: { text: 'hilux', priceTo: 8_200_000 } } },
      { token: token('other') },
    );
    expect(other.errors).toBeUndefined();
    await edit(ad, { model: 'Hilux', style: 'PICK_UP_4X4', price: 12_000_000 });
    await edit(ad, { model: 'Hilux', style: 'PICK_UP_4X4', price: 8_000_000 });
    await eventually(async () => (await alertsAbout('other', ad)).length === 1);
    // Out of the first search's range and back in: it was alerted for this ad already.
    expect(await alertsAbout('buyer', ad)).toHaveLength(1);
    expect((await stack.api('GET', '/alerts/protected/savedSearches', { token: token('buyer') })).body).toEqual([
      expect.objectContaining({ id: saved.body.id, alertsSent: 1 }),
    ]);
  });
});

describe('the saved-search limit under a burst', () => {
  it('takes exactly one of 30 parallel REST creates for a user one below the limit, and refuses the rest in the caller’s language', async () => {
    const before = (await stack.api('GET', '/alerts/protected/savedSearches', { token: token('other') })).body as Json[];
    for (let n = before.length; n < 19; n++) {
      expect(
        (
          await stack.api('POST', '/alerts/protected/savedSearches', {
            token: token('other'),
            body: { name: `Búsqueda ${n}`, frequency: 'DAILY', filter: { text: 'rav4' } },
          })
        ).status,
      ).toBe(200);
    }
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        stack.api('POST', '/alerts/protected/savedSearches', {
          token: token('other'),
          body: { name: `Ráfaga ${n}`, frequency: 'DAILY', filter: {} },
          language: 'en',
        }),
      ),
    );
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = burst.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(29);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.['']?.message).toBe(translate('savedSearchesFull', 'en', { max: 20 }));
    }
    expect((await stack.api('GET', '/alerts/protected/savedSearches', { token: token('other') })).body).toHaveLength(20);
  });
});
