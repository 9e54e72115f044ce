import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoAd } from '../src';
import { comparePhrase, idsOf, ISSUE_TABLE, phrasesFrom, phraseSearcher } from '../bench/phrases';

/**
 * Issue 27 on the demo catalogue (1,000 generated ads, the generator `npm start` uses): the issue's
 * table finds exactly what its right-hand column's filters find, and the phrase bench's phrases pass
 * (the bench, `npm run bench -w @ruedas/search`, prints each phrase and the interpreter's cost).
 */
let searcher: Awaited<ReturnType<typeof phraseSearcher>>['searcher'];
let publicAds: DemoAd[];
beforeAll(async () => {
  ({ searcher, publicAds } = await phraseSearcher());
});

describe('free text finds what the equivalent filters find (issue 27)', () => {
  it.each(ISSUE_TABLE)('"$text"', async ({ text, filter }) => {
    const expected = (await idsOf(searcher, filter)).ids;
    const found = await idsOf(searcher, { text });
    expect(expected.length).toBeGreaterThan(0);
    expect(found.dropped).toEqual([]);
    expect([...found.ids].sort()).toEqual([...expected].sort());
  });

  it('passes at least 95 % of the bench phrases, with recall >= 0.9 and precision >= 0.8 each', async () => {
    const phrases = phrasesFrom(publicAds);
    expect(phrases.length).toBeGreaterThanOrEqual(150);
    const results = await Promise.all(phrases.map((phrase) => comparePhrase(searcher, phrase)));
    const failed = results.filter((result) => !result.pass).map((result) => result.text);
    expect(failed.length / results.length).toBeLessThanOrEqual(0.05);
  });
});
