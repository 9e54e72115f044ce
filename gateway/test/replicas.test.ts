// Full services, not light subgraph fixtures: two copies of every real service over one store and bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './stack';

/**
 * The replica harness of the whole stack (issue 29): two copies of every service over one store,
 * bus and search index, the gateway sending each subgraph call to the next copy in turn. A rule a
 * copy keeps must hold whichever copy a request reaches.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ ana: 'ADVERTISER', luis: 'ADVERTISER', boss: 'ADMINISTRATOR' }, { copies: 2, storeLatencyMs: 4 });
}, 60_000);
afterAll(() => stack?.stop());

const SAVE = 'mutation($input: SavedSearchInput!) { saveSearch(input: $input) { id } }';
const codeOf = (answer: { errors?: Array<{ extensions?: { code?: string } }> }) => answer.errors?.[0]?.extensions?.code;

describe('two copies of every service behind the gateway', () => {
  it('a session ended through one copy of identity is refused by both copies of every service within 2 s', async () => {
    const { token } = stack.accounts.luis!;
    const reads = ['{ me { id } }', '{ myOpportunities { page } }', '{ mySavedSearches { id } }', '{ myInvoicePage { page } }'];
    // Before: every read is answered, by both copies of each service.
    for (let round = 0; round < 2; round += 1) for (const read of reads) expect((await stack.graphql(read, {}, { token })).errors).toBeUndefined();
    expect(new Set(stack.answered.listings)).toEqual(new Set([0, 1]));
    const out = await stack.graphql('mutation { logout }', {}, { token });
    expect(out.errors).toBeUndefined();
    const ended = Date.now();
    // Each read twice in a row: both copies of each service refuse it (0003: session invalid).
    const refusals = async () => {
      const codes: Array<string | undefined> = [];
      for (const read of [...reads, ...reads]) codes.push(codeOf(await stack.graphql(read, {}, { token })));
      return codes;
    };
    await expect.poll(refusals, { timeout: 2_000, interval: 50 }).toEqual(Array.from({ length: 8 }, () => '0003'));
    expect(Date.now() - ended).toBeLessThan(2_000);
  });

  it('a global parameter changed through moderation reaches both copies of listings within 2 s', async () => {
    const { token } = stack.accounts.ana!;
    // Two calls in a row: one to each copy of listings; the page size is the copy's ITEMS_PER_LIST.
    const sizes = async () => {
      const seen: unknown[] = [];
      for (let call = 0; call < 2; call += 1)
        seen.push((await stack.graphql('{ myOpportunities { pageSize } }', {}, { token })).data?.myOpportunities?.pageSize);
      return seen;
    };
    expect(await sizes()).toEqual([10, 10]);
    const changed = await stack.graphql(
      'mutation { updateGlobalParameter(id: "ITEMS_PER_LIST", quantity: 7) { id } }',
      {},
      { token: stack.accounts.boss!.token },
    );
    expect(changed.errors).toBeUndefined();
    const at = Date.now();
    await expect.poll(sizes, { timeout: 2_000, interval: 50 }).toEqual([7, 7]);
    expect(Date.now() - at).toBeLessThan(2_000);
  });

  it('keeps the per-user limit of saved searches when a burst is spread across both copies of search', async () => {
    const { token } = stack.accounts.ana!;
    for (let n = 1; n < 20; n += 1) {
      const saved = await stack.graphql(SAVE, { input: { name: `búsqueda ${n}`, frequency: 'DAILY', filter: { text: 'hilux' } } }, { token });
      expect(saved.errors).toBeUndefined();
    }
    const before = stack.answered.search!.length;
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, n) => stack.graphql(SAVE, { input: { name: `ráfaga ${n}`, frequency: 'DAILY', filter: {} } }, { token })),
    );
    // The burst reached both copies.
    expect(new Set(stack.answered.search!.slice(before))).toEqual(new Set([0, 1]));
    expect(burst.filter((answer) => answer.data?.saveSearch)).toHaveLength(1);
    const refused = burst.filter((answer) => answer.errors);
    expect(refused).toHaveLength(11);
    for (const answer of refused)
      expect(answer.errors![0]!.extensions).toMatchObject({ code: 'VALIDATION', fields: { '': { messageKey: 'savedSearchesFull' } } });
    const mine = await stack.graphql('{ mySavedSearches { id } }', {}, { token });
    expect(mine.data!.mySavedSearches).toHaveLength(20);
  });
});
