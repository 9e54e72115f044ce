// Issue 27: does free text find what the equivalent filters find? At least 150 phrases, Spanish and
// English, built from the demo catalogue and from Costa Rican phrasing (bench/phrases.ts), each
// searched as free text and as the filter a shopper would set, with the search service's own code.
// A phrase passes with recall >= 0.9 and precision >= 0.8; the goal is 95 % of phrases. Also the
// interpreter's own cost per phrase (goal: p95 <= 1 ms).
//   npm run bench -w @ruedas/search    (or: node --import tsx infra/bench/search-phrases.ts [--all])
import { loadavg } from 'node:os';
import { interpretSearchText } from '@ruedas/domain';
import { comparePhrase, PHRASE_NOW, phrasesFrom, phraseSearcher } from './phrases';

const ADS = Number(process.env.BENCH_PHRASE_ADS ?? 1_000);
const ROUNDS = 30;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

async function main() {
  const { searcher, publicAds } = await phraseSearcher(ADS);
  const phrases = phrasesFrom(publicAds);
  const results = [];
  for (const phrase of phrases) results.push(await comparePhrase(searcher, phrase));
  const showAll = process.argv.includes('--all');
  for (const result of results) {
    if (!showAll && result.pass) continue;
    console.log(
      `  ${result.pass ? 'pass' : 'FAIL'}  ${JSON.stringify(result.text)}  filter finds ${result.expected}, text finds ${result.found}, ` +
        `recall ${result.recall.toFixed(2)}, precision ${result.precision.toFixed(2)}${result.dropped.length ? `, dropped ${result.dropped.join(', ')}` : ''}`,
    );
  }
  const passed = results.filter((result) => result.pass).length;

  // The interpreter alone: every phrase, ROUNDS times (the first round warms up).
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const { text } of phrases) {
      const started = performance.now();
      interpretSearchText(text, PHRASE_NOW);
      if (round > 0) times.push(performance.now() - started);
    }
  }
  console.log(
    `free text vs filters (issue 27), ${phrases.length} phrases over ${publicAds.length} public demo ads, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  console.log(
    `  phrases passing (recall >= 0.9, precision >= 0.8): ${passed}/${results.length} = ${((passed / results.length) * 100).toFixed(1)}%   goal >= 95%`,
  );
  console.log(
    `  interpreting one phrase: p50 ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms, max ${Math.max(...times).toFixed(3)} ms   goal p95 <= 1 ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
