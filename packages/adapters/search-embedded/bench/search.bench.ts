/**
 * The embedded engine alone on 100,000 synthetic ads (brands and models of @ruedas/domain, spread
 * like a used-car market): write rate one ad per call (as the service applies one event at a time),
 * rewrite rate (every ad changed once), memory, and p50/p95/p99 of the queries the search service
 * makes. Run: npm run bench -w @ruedas/search-embedded   (RUEDAS_BENCH_ADS to change the count)
 */
import { BRANDS, COLOURS, FUEL_TYPES, MODELS_BY_BRAND, STYLES, type BrandCode } from '@ruedas/domain';
import type { SearchIndexSettings, SearchQuery } from '@ruedas/platform';
import { random as seeded } from '@ruedas/testing/random';
import { CONTRACT_FILTERABLE, CONTRACT_SEARCH_SETTINGS, type ContractCarAd } from '@ruedas/testing/search-index-fixtures';
import { createEmbeddedSearchIndex } from '../src';

const COUNT = Number(process.env.RUEDAS_BENCH_ADS ?? 100_000);
const QUERIES = 400;

/** The contract's flat car ad, placed in a province instead of saying whether its taxes are paid. */
type Ad = Omit<ContractCarAd, 'payTaxes'> & { province: string };

const settings: SearchIndexSettings = {
  ...CONTRACT_SEARCH_SETTINGS,
  searchableAttributes: ['brandName', 'model', 'styleText', 'exteriorColor', 'description'],
  filterableAttributes: [...CONTRACT_FILTERABLE.filter((attribute) => attribute !== 'payTaxes'), 'province'],
  synonyms: [...CONTRACT_SEARCH_SETTINGS.synonyms, ['automatico', 'automatic']],
};
const FACETS = ['brand', 'model', 'year', 'style', 'fuelType', 'transmissionType', 'exteriorColor', 'passengers'];

/** A small deterministic generator (mulberry32, seed 2026). */
const random = seeded(2026).next;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** Popular brands first: a skewed pick, as the market is. */
const skewed = <T>(items: readonly T[]): T => items[Math.floor(random() ** 2.2 * items.length)]!;

const brands = BRANDS.filter((brand) => MODELS_BY_BRAND[brand.code as BrandCode]?.length);
const WORDS = [
  'unico',
  'dueno',
  'full',
  'extras',
  'impecable',
  'recibo',
  'vehiculo',
  'agencia',
  'economico',
  'negociable',
  'al',
  'dia',
  'marchamo',
  'rtv',
  'llantas',
  'nuevas',
  'mantenimiento',
  'camara',
  'sensores',
  'aros',
  'cuero',
  'sunroof',
  'pantalla',
  'bluetooth',
  'traccion',
  'doble',
  'cabina',
  'carro',
  'auto',
  '4x4',
  'pickup',
  'familiar',
  'perfecto',
  'estado',
  'papeles',
  'precio',
  'fijo',
  'financiamiento',
  'pocos',
  'kilometros',
];
const PROVINCES = ['San José', 'Alajuela', 'Cartago', 'Heredia', 'Guanacaste', 'Puntarenas', 'Limón'];

function makeAd(index: number): Ad & { styleText: string } {
  const brand = skewed(brands);
  const model = pick(MODELS_BY_BRAND[brand.code as BrandCode]!);
  const year = 2026 - Math.floor(random() ** 1.5 * 30);
  const style = pick(STYLES);
  return {
    id: `ad-${index}`,
    brand: brand.code,
    brandName: brand.label.es,
    model,
    year,
    style,
    styleText: style.toLowerCase().replace(/_/g, ' '),
    fuelType: random() < 0.8 ? 'GASOLINE' : pick(FUEL_TYPES),
    transmissionType: random() < 0.6 ? 'AUTOMATIC' : 'MANUAL',
    priceCrc: Math.round((1_500_000 + random() * 40_000_000) / 10_000) * 10_000,
    mileageKm: Math.round(random() * 300_000),
    passengers: random() < 0.85 ? 5 : pick([2, 4, 7, 888]),
    motorSizeCC: 1000 + Math.floor(random() * 30) * 100,
    exteriorColor: pick(COLOURS).label.es,
    interiorColor: pick(COLOURS).label.es,
    level: pick(['FREE', 'FREE', 'BRONZE', 'SILVER', 'GOLD']),
    publishedAt: Date.UTC(2026, 0, 1) + index * 30_000,
    province: pick(PROVINCES),
    description: Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(WORDS)).join(' '),
  };
}

/** One typo in words of 5 letters or more (a swap, a dropped or a doubled letter, not the first). */
function misspell(word: string): string {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at] + word.slice(at);
}

const gc = (globalThis as { gc?: () => void }).gc;
function memory(): { heapMB: number; rssMB: number } {
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMB: heapUsed / 2 ** 20, rssMB: rss / 2 ** 20 };
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function measure(label: string, queries: SearchQuery[], run: (query: SearchQuery) => Promise<{ total: number }>) {
  for (const query of queries.slice(0, 20)) await run(query); // warm up
  const times: number[] = [];
  let matched = 0;
  for (const query of queries) {
    const start = performance.now();
    const { total } = await run(query);
    times.push(performance.now() - start);
    matched += total;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(`${label.padEnd(58)} p50 ${ms(at(0.5))}  p95 ${ms(at(0.95))}  p99 ${ms(at(0.99))}  (mean ${Math.round(matched / queries.length)} matches)`);
}

console.log(`search-embedded bench: ${COUNT.toLocaleString('en')} ads, Node ${process.version}${gc ? '' : ' (run with --expose-gc for exact memory)'}`);
const ads = Array.from({ length: COUNT }, (_, index) => makeAd(index));
const before = memory();

const index = createEmbeddedSearchIndex<Ad>({ settings });
let start = performance.now();
for (const ad of ads) await index.upsert([ad]);
let seconds = (performance.now() - start) / 1000;
console.log(`${'write, one ad per call'.padEnd(58)} ${Math.round(COUNT / seconds).toLocaleString('en')} ads/s (${seconds.toFixed(2)} s)`);
const built = memory();
console.log(
  `${'memory of the index'.padEnd(58)} heap +${(built.heapMB - before.heapMB).toFixed(0)} MB, process RSS ${built.rssMB.toFixed(0)} MB (the ` +
    `${COUNT.toLocaleString('en')} source ads held by the bench too)`,
);

start = performance.now();
for (const ad of ads) await index.upsert([{ ...ad, priceCrc: ad.priceCrc - 10_000 }]);
seconds = (performance.now() - start) / 1000;
console.log(
  `${'rewrite every ad once (an update each, one per call)'.padEnd(58)} ${Math.round(COUNT / seconds).toLocaleString('en')} ads/s (${seconds.toFixed(2)} s)`,
);
start = performance.now();
await index.upsert(ads);
seconds = (performance.now() - start) / 1000;
console.log(`${'rewrite every ad in one batch'.padEnd(58)} ${Math.round(COUNT / seconds).toLocaleString('en')} ads/s (${seconds.toFixed(2)} s)`);
console.log(`${'documents'.padEnd(58)} ${await index.count()}`);

const sample = () => ads[Math.floor(random() * ads.length)]!;
const typoText = () => {
  const ad = sample();
  return `${misspell(ad.brandName.toLowerCase())} ${ad.model.toLowerCase().split(/\s+/).map(misspell).join(' ')}`;
};
const filters = (): SearchQuery['filters'] => {
  const from = 2000 + Math.floor(random() * 18);
  return [
    { field: 'year', min: from, max: from + 8 },
    { field: 'priceCrc', max: 8_000_000 + Math.floor(random() * 30) * 1_000_000 },
    ...(random() < 0.5 ? [{ field: 'transmissionType', equals: 'AUTOMATIC' }] : []),
  ];
};

const search = (query: SearchQuery) => index.search(query);
await measure(
  'typo brand + model, 2-3 filters, 8 facets, relevance',
  Array.from({ length: QUERIES }, () => ({ text: typoText(), filters: filters(), facets: FACETS })),
  search,
);
await measure(
  'typo brand + model, 2-3 filters, 8 facets, by price',
  Array.from({ length: QUERIES }, () => ({ text: typoText(), filters: filters(), facets: FACETS, sort: [{ field: 'priceCrc', order: 'asc' }] })),
  search,
);
await measure(
  'typo brand only (broad), 8 facets, newest first',
  Array.from({ length: QUERIES }, () => ({
    text: misspell(sample().brandName.toLowerCase()),
    facets: FACETS,
    sort: [{ field: 'publishedAt', order: 'desc' }],
  })),
  search,
);
await measure(
  'prefix as typed ("toy", "toyota co"), 8 facets',
  Array.from({ length: QUERIES }, () => {
    const ad = sample();
    const full = `${ad.brandName} ${ad.model}`.toLowerCase();
    return { text: full.slice(0, 3 + Math.floor(random() * (full.length - 3))), facets: FACETS };
  }),
  search,
);
await measure(
  'no text, brand + year + price filters, 8 facets, by price',
  Array.from({ length: QUERIES }, () => ({
    filters: [{ field: 'brand', equals: sample().brand }, ...filters()!],
    facets: FACETS,
    sort: [{ field: 'priceCrc', order: 'asc' }],
  })),
  search,
);
await measure(
  'no text, range filters only, 8 facets, by price',
  Array.from({ length: QUERIES }, () => ({ filters: filters(), facets: FACETS, sort: [{ field: 'priceCrc', order: 'asc' }] })),
  search,
);
await measure(
  'no text, no filter, 8 facets, newest first (home page)',
  Array.from({ length: 100 }, () => ({ facets: FACETS, sort: [{ field: 'publishedAt', order: 'desc' }] })),
  search,
);
await measure(
  'deep page (offset 5,000) of a broad query, by price',
  Array.from({ length: 100 }, () => ({ filters: filters(), sort: [{ field: 'priceCrc', order: 'asc' }], offset: 5_000 })),
  search,
);
const after = memory();
console.log(`${'memory after the queries'.padEnd(58)} heap ${after.heapMB.toFixed(0)} MB, RSS ${after.rssMB.toFixed(0)} MB`);
