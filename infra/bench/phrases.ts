// Free text against the equivalent filters (issue 27): phrases as Costa Rican buyers type them, in
// Spanish and English, each with the filter a shopper would set in the advanced form to ask the same.
// Shared by the phrase bench (bench/search-phrases.ts) and the issue-table test (test/search-phrases.test.ts).
import { findBrand, findCanton, findColour, findProvince, isPublicStatus } from '@ruedas/domain';
import { createLogger } from '@ruedas/platform';
import { searchDocument, Searcher } from '@ruedas/search';
import { embeddedSearchIndex } from '../src/adapters';
import { generateCatalogue, type DemoAd } from '../src';

export const PHRASE_RATE = 510;
export const PHRASE_NOW = new Date('2026-12-07T12:00:00Z');

export interface Phrase {
  text: string;
  /** The same request as SearchFilterInput fields. */
  filter: Record<string, unknown>;
}

export interface PhraseResult extends Phrase {
  expected: number;
  found: number;
  recall: number;
  precision: number;
  pass: boolean;
  /** What the interpreter left out (a phrase that found nothing as a whole). */
  dropped: string[];
}

/** The demo catalogue's public ads in a search index, and the search service's own Searcher over them. */
export async function phraseSearcher(ads = 1_000): Promise<{ searcher: Searcher; publicAds: DemoAd[] }> {
  createLogger('bench', 'silent');
  const { ads: all } = generateCatalogue({ ads, seed: 2026, now: PHRASE_NOW, crcPerUsd: PHRASE_RATE });
  const publicAds = all.filter((ad) => isPublicStatus(ad.status));
  const index = await embeddedSearchIndex();
  await index.upsert(
    publicAds.map((ad) =>
      searchDocument(ad.id, { ...ad, publishedAt: ad.publishedAt?.toISOString() ?? null } as Parameters<typeof searchDocument>[1], PHRASE_RATE),
    ),
  );
  const searcher = new Searcher(index, { get: (key) => (key === 'EXCHANGE_RATE_CRC_PER_USD' ? PHRASE_RATE : 20) });
  return { searcher, publicAds };
}

const ALL = 100_000;

/** Every id a filter finds (one page as large as the catalogue). */
export async function idsOf(searcher: Searcher, filter: Record<string, unknown>): Promise<{ ids: string[]; dropped: string[] }> {
  const page = await searcher.search(filter, 1, 'RELEVANCE', PHRASE_NOW, ALL);
  return { ids: page.items.map((item) => item.id), dropped: page.interpretation.droppedWords ?? [] };
}

/** A phrase passes when its free text finds at least 90 % of what the filter finds, and at least 80 % of what it finds is that. */
export async function comparePhrase(searcher: Searcher, phrase: Phrase): Promise<PhraseResult> {
  const expected = new Set((await idsOf(searcher, phrase.filter)).ids);
  const { ids: found, dropped } = await idsOf(searcher, { text: phrase.text });
  const hits = found.filter((id) => expected.has(id)).length;
  const recall = expected.size === 0 ? (found.length === 0 ? 1 : 0) : hits / expected.size;
  const precision = found.length === 0 ? (expected.size === 0 ? 1 : 0) : hits / found.length;
  return { ...phrase, expected: expected.size, found: found.length, recall, precision, pass: expected.size > 0 && recall >= 0.9 && precision >= 0.8, dropped };
}

/** The issue's table: what was typed, and the filter the right-hand column searched. */
export const ISSUE_TABLE: Phrase[] = [
  { text: 'corolla', filter: { brand: 'TOYOTA', model: 'Corolla' } },
  { text: 'corolla usado', filter: { brand: 'TOYOTA', model: 'Corolla' } },
  { text: 'hilux usada', filter: { brand: 'TOYOTA', model: 'Hilux' } },
  { text: 'fortuner se vende', filter: { brand: 'TOYOTA', model: 'Fortuner' } },
  { text: 'camry barato', filter: { brand: 'TOYOTA', model: 'Camry' } },
  { text: 'corolla 2016 San José', filter: { brand: 'TOYOTA', model: 'Corolla', year: 2016, province: '1' } },
  { text: 'Toyota en Guanacaste', filter: { brand: 'TOYOTA', province: '5' } },
  { text: 'toyota automatico menos de 10 millones', filter: { brand: 'TOYOTA', transmissionType: 'AUTOMATIC', priceTo: 10_000_000, currency: 'CRC' } },
  { text: 'corolla hasta 14 millones', filter: { brand: 'TOYOTA', model: 'Corolla', priceTo: 14_000_000, currency: 'CRC' } },
  { text: 'used corolla cross under 9 million colones', filter: { brand: 'TOYOTA', model: 'Corolla Cross', priceTo: 9_000_000, currency: 'CRC' } },
  { text: 'carro familiar 7 pasajeros', filter: { passengersNumber: 7 } },
  { text: 'family car 7 seats', filter: { passengersNumber: 7 } },
  { text: 'Toyota Corolla del 2014 al 2017', filter: { brand: 'TOYOTA', model: 'Corolla', yearFrom: 2014, yearTo: 2017 } },
];

/** A deterministic pick: the n-th of a list, wrapping. */
const nth = <T>(list: readonly T[], n: number): T => list[((n % list.length) + list.length) % list.length] as T;

const brandName = (ad: DemoAd) => findBrand(ad.brand)?.label.es ?? ad.brand;
const colourCode = (ad: DemoAd) => ({ Blanco: 'WHITE', Gris: 'GREY', Plateado: 'SILVER', Negro: 'BLACK', Azul: 'BLUE', Rojo: 'RED' })[ad.exteriorColor];
const TRANSMISSION_WORDS = { AUTOMATIC: ['automático', 'automatic'], MANUAL: ['manual', 'manual'], TIPTRONIC: ['tiptronic', 'tiptronic'] } as const;
const FUEL_WORDS = {
  GASOLINE: ['gasolina', 'gasoline'],
  DIESEL: ['diésel', 'diesel'],
  HYBRID: ['híbrido', 'hybrid'],
  ELECTRIC: ['eléctrico', 'electric'],
  LPG: ['gas lp', 'lpg'],
} as const;
/** A model's misspelling a buyer makes: one letter dropped from the middle (words of 6 letters or more). */
const typo = (model: string) => (model.length >= 6 && /^[A-Za-z]+$/.test(model) ? model.slice(0, 3) + model.slice(4) : undefined);

/**
 * At least 150 phrases (both languages) built from the catalogue's public ads, so each filter finds
 * something: models with filler words, years and ranges, places, prices in colones and dollars,
 * seats, mileage, gearbox, fuel, style, colour, typos; plus the issue's table.
 */
export function phrasesFrom(ads: readonly DemoAd[]): Phrase[] {
  const out: Phrase[] = [...ISSUE_TABLE];
  const add = (text: string, filter: Record<string, unknown>) => out.push({ text, filter });
  for (let n = 0; n < 12; n++) {
    const ad = nth(ads, n * 7 + 3);
    const model = { brand: ad.brand, model: ad.model };
    const province = findProvince(ad.province)?.name ?? '';
    const canton = findCanton(ad.canton)?.name ?? '';
    const millions = Math.ceil(ad.currency === 'CRC' ? ad.price / 1_000_000 : (ad.price * PHRASE_RATE) / 1_000_000) + 1;
    const dollars = Math.ceil((ad.currency === 'USD' ? ad.price : ad.price / PHRASE_RATE) / 1_000) + 1;
    add(`${ad.model} usado`, model);
    add(`se vende ${brandName(ad)} ${ad.model} en buen estado`, model);
    add(`used ${ad.model} for sale`, model);
    add(`${ad.model} ${ad.year}`, { ...model, year: ad.year });
    add(`${brandName(ad)} ${ad.model} del ${ad.year - 1} al ${ad.year + 1}`, { ...model, yearFrom: ad.year - 1, yearTo: ad.year + 1 });
    add(`${ad.model} ${ad.year - 2}-${ad.year}`, { ...model, yearFrom: ad.year - 2, yearTo: ad.year });
    add(`${brandName(ad)} from ${ad.year}`, { brand: ad.brand, yearFrom: ad.year });
    add(`${brandName(ad)} en ${province}`, { brand: ad.brand, province: ad.province });
    add(`${ad.model} in ${province}`, { ...model, province: ad.province });
    if (canton) add(`${ad.model} en ${canton}`, { ...model, province: ad.province, canton: ad.canton });
    add(`${brandName(ad)} menos de ${millions} millones`, { brand: ad.brand, priceTo: millions * 1_000_000, currency: 'CRC' });
    add(`${ad.model} under $${dollars},000`, { ...model, priceTo: dollars * 1_000, currency: 'USD' });
    const word = TRANSMISSION_WORDS[ad.transmissionType];
    add(`${brandName(ad)} ${word[n % 2]}`, { brand: ad.brand, transmissionType: ad.transmissionType });
    const fuel = FUEL_WORDS[ad.fuelType];
    add(`${ad.model} ${fuel[n % 2]}`, { ...model, fuelType: ad.fuelType });
    const colour = colourCode(ad);
    if (colour) add(`${ad.model} ${n % 2 ? findColour(colour)!.label.en : ad.exteriorColor.toLowerCase()}`, { ...model, exteriorColor: colour });
    const misspelt = typo(ad.model);
    if (misspelt) add(`${misspelt} barato`, model);
    add(`${brandName(ad)} menos de ${Math.ceil(ad.mileage / 10_000) * 10 + 10} mil km`, {
      brand: ad.brand,
      mileageMax: (Math.ceil(ad.mileage / 10_000) * 10 + 10) * 1_000,
    });
  }
  add('carro 7 pasajeros', { passengersNumber: 7 });
  add('7 seater', { passengersNumber: 7 });
  add('más de 7 pasajeros', { passengersNumber: 888 });
  add('pick up 4x4 diésel', { style: 'PICK_UP_4X4', fuelType: 'DIESEL' });
  add('pickup 4x4 diesel', { style: 'PICK_UP_4X4', fuelType: 'DIESEL' });
  add('suv 4x4 automático', { style: 'TODO_TERRENO_4X4', transmissionType: 'AUTOMATIC' });
  add('sedán rojo', { style: 'SEDAN', exteriorColor: 'RED' });
  add('red sedan', { style: 'SEDAN', exteriorColor: 'RED' });
  add('hatchback gris barato', { style: 'HATCHBACK', exteriorColor: 'GREY' });
  add('carro eléctrico', { fuelType: 'ELECTRIC' });
  add('electric car', { fuelType: 'ELECTRIC' });
  add('híbrido automático', { fuelType: 'HYBRID', transmissionType: 'AUTOMATIC' });
  add('entre 5 y 8 millones', { priceFrom: 5_000_000, priceTo: 8_000_000, currency: 'CRC' });
  add('hasta ₡8.5 millones', { priceTo: 8_500_000, currency: 'CRC' });
  add('$15 mil', { priceTo: 15_000, currency: 'USD' });
  add('15k', { priceTo: 15_000, currency: 'USD' });
  add('below $12,000', { priceTo: 12_000, currency: 'USD' });
  add('carros en Heredia', { province: '4' });
  add('autos de Cartago', { province: '3' });
  add('cars in Limon', { province: '7' });
  add('toyota hilux 4x4 diesel en san jose', { brand: 'TOYOTA', model: 'Hilux', style: 'PICK_UP_4X4', fuelType: 'DIESEL', province: '1' });
  add('rav 4', { brand: 'TOYOTA', model: 'RAV4' });
  add('crv', { brand: 'HONDA', model: 'CR-V' });
  add('hiunday tucson', { brand: 'HYUNDAI', model: 'Tucson' });
  add('nisan sentra', { brand: 'NISSAN', model: 'Sentra' });
  add('land cruiser prado diesel', { brand: 'TOYOTA', model: 'Land Cruiser Prado', fuelType: 'DIESEL' });
  return out;
}
