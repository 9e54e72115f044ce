import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code, dataOf, eventually, search, snapshot, startSearch, SUGGEST, type Search } from './harness';

let s: Search;
const corolla = snapshot({ model: 'Corolla', year: 2015 });
beforeAll(async () => {
  s = await startSearch();
  await s.publishAds([corolla, snapshot({ brand: 'HYUNDAI', model: 'Tucson' })]);
});
afterAll(() => s.stop());

const suggest = async (text: string) =>
  (await dataOf(s, SUGGEST, { text })).searchSuggestions as Array<{ kind: string; label: string; filter: Record<string, unknown> }>;

describe('search analytics', () => {
  it("publishes one event per search: text, applied filter, result count, viewer and role, the ads shown (the seller funnel's impressions)", async () => {
    const advertiser = await s.token('ADVERTISER');
    await search(s, { text: 'toyta corola automatico', yearFrom: 2010 }, { token: advertiser.token });
    await search(s, { fuelType: 'DIESEL' });
    const events = await s.searches();
    expect(events.map((e) => e.payload)).toEqual([
      {
        text: 'toyta corola automatico',
        filter: { brand: 'TOYOTA', model: 'Corolla', transmissionType: 'AUTOMATIC', yearFrom: 2010 },
        sort: 'RELEVANCE',
        pageNumber: 1,
        resultCount: 1,
        viewer: { id: advertiser.userId, role: 'ADVERTISER' },
        shownIds: [corolla.id],
        // The seller funnel counts each visitor once per ad and day (issue 28): a hash of the day and the viewer.
        visitor: expect.stringMatching(/^[\w-]{24}$/),
      },
      { text: null, filter: { fuelType: 'DIESEL' }, sort: 'RELEVANCE', pageNumber: 1, resultCount: 0, viewer: null, shownIds: [], visitor: null },
    ]);
  });

  it('refuses a token that is not valid (0003)', async () => {
    expect(code(await s.call('query { searchOpportunities(filter: {}) { totalItems } }', {}, 'not-a-token'))).toBe('0003');
  });
});

describe('suggestions', () => {
  it('suggests brands and models, typo-tolerant, at most 10', async () => {
    // Models rank by their number of ads, counted again every few seconds.
    const ranked = await eventually(async () => {
      const found = await suggest('toy');
      return found[1]?.label === 'Toyota Corolla' ? found : null;
    });
    const toy = ranked ?? [];
    expect(toy[0]).toEqual({ kind: 'BRAND', label: 'Toyota', filter: { brand: 'TOYOTA', model: null, text: null, year: null, transmissionType: null } });
    expect(toy.length).toBe(10);
    // Models of the brand, those with ads first (the Corolla has one), then popular queries.
    expect(toy[1]).toMatchObject({ kind: 'MODEL', label: 'Toyota Corolla' });
    expect(toy.slice(1).every((suggestion) => (suggestion.kind === 'MODEL' && suggestion.label.startsWith('Toyota ')) || suggestion.kind === 'QUERY')).toBe(
      true,
    );
    const typo = await suggest('toyta corol');
    expect(typo[0]).toMatchObject({ kind: 'MODEL', label: 'Toyota Corolla', filter: { brand: 'TOYOTA', model: 'Corolla' } });
    expect((await suggest('tucsn'))[0]).toMatchObject({ kind: 'MODEL', label: 'Hyundai Tucson' });
    expect(await suggest('   ')).toEqual([]);
  });

  it('forgives typos in short words and matches a later word of a model (issue 27)', async () => {
    expect((await suggest('hiun'))[0]).toMatchObject({ kind: 'BRAND', label: 'Hyundai' });
    expect((await suggest('prado'))[0]).toMatchObject({
      kind: 'MODEL',
      label: 'Toyota Land Cruiser Prado',
      filter: { brand: 'TOYOTA', model: 'Land Cruiser Prado' },
    });
    expect((await suggest('rav'))[0]).toMatchObject({ kind: 'MODEL', label: 'Toyota RAV4' });
  });

  it('offers popular queries as their interpretation, once several different people made them, leaving visitors and test users out (issue 27)', async () => {
    const people = await Promise.all([s.token('ADVERTISER'), s.token('ADVERTISER'), s.token('ADVERTISER')]);
    const tester = await s.token('TESTUSER');
    const key = 'toyota corolla 2015 automatico';
    // Two people, three phrasings of one interpretation; a visitor and a test user do not count.
    await search(s, { text: 'corolla 2015 automatico usado' }, { token: people[0]!.token });
    await search(s, { text: 'Toyota Corolla del 2015 automático' }, { token: people[1]!.token });
    await search(s, { text: 'corola 2015 automatic' }, { token: people[1]!.token });
    await search(s, { text: 'corolla 2015 automatico' });
    await search(s, { text: 'corolla 2015 automatico' }, { token: tester.token });
    await search(s, { text: 'zzzz nothing' }, { token: people[0]!.token }); // found nothing: not counted
    await eventually(async () => (await s.collections.popular.findById(key))?.count === 3);
    expect((await s.collections.popular.findById(key))?.people?.length).toBe(2);
    expect((await suggest('toyota corolla 20')).filter((suggestion) => suggestion.kind === 'QUERY')).toEqual([]);
    // A third person: offered, as the canonical phrase, never as anybody's own text.
    await search(s, { text: 'corolla automatico 2015 en buen estado' }, { token: people[2]!.token });
    const offered = await eventually(async () => (await suggest('toyota corolla 20')).find((suggestion) => suggestion.kind === 'QUERY') ?? null);
    expect(offered).toMatchObject({
      kind: 'QUERY',
      label: 'Toyota Corolla 2015 automático',
      filter: { text: 'Toyota Corolla 2015 automático', brand: 'TOYOTA', model: 'Corolla', year: 2015, transmissionType: 'AUTOMATIC' },
    });
    expect(await s.collections.popular.findById('zzzz nothing')).toBeNull();
  });
});
