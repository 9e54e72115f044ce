import { describe, expect, it } from 'vitest';
import {
  colourCodeOf,
  correctBrand,
  correctModel,
  interpretSearchText,
  SEARCH_SYNONYMS,
  suggestSearchText,
  searchFilterSchema,
  typoBudget,
  typoDistance,
  validate,
} from '../src/index';

const now = new Date('2025-06-15T12:00:00Z');
/** The filters a free text is read as (the interpreter's, issue 27). */
const parseSearchText = (text: string, at: Date) => interpretSearchText(text, at).filter;
const textWords = (text: string) => interpretSearchText(text, now).textWords;

describe('typo rules', () => {
  it('allows no typo under 5 letters, one from 5, two from 9', () => {
    expect([typoBudget('kia'), typoBudget('mazd'), typoBudget('toyta'), typoBudget('mitsubish'), typoBudget('volkswagn')]).toEqual([0, 0, 1, 2, 2]);
  });
  it('counts a swap of two letters as one typo', () => {
    expect(typoDistance('toyota', 'toytoa')).toBe(1);
    expect(typoDistance('corola', 'corolla')).toBe(1);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
  });
  it('measures words of any length, one after another (no state left between calls)', () => {
    const long = 'a'.repeat(40);
    expect(typoDistance(long, `${'a'.repeat(39)}b`)).toBe(1);
    expect(typoDistance(`${long}ab`, `${long}ba`)).toBe(1);
    expect(typoDistance('toyota', 'toytoa')).toBe(1);
    expect(typoDistance('mitsubishi', 'mitsubsihi')).toBe(1);
    expect(typoDistance('mitsubishi', 'mitsbuishii', 2)).toBe(2);
  });
  it('counts a typo on the first letter as two, as Meilisearch does', () => {
    expect(typoDistance('koyota', 'toyota')).toBe(2);
    expect(parseSearchText('koyota', now)).toEqual({});
    expect(textWords('koyota')).toEqual(['koyota']);
    expect(parseSearchText('koyota corolla', now).brand).toBe('TOYOTA');
  });
});

describe('interpretSearchText: the vocabulary', () => {
  it('reads "toyta corola 2015 automatico" as Toyota Corolla 2015 automatic', () => {
    expect(parseSearchText('toyta corola 2015 automatico', now)).toEqual({ brand: 'TOYOTA', model: 'Corolla', year: 2015, transmissionType: 'AUTOMATIC' });
  });

  it('reads fuel, transmission, colour and style words in both languages', () => {
    expect(parseSearchText('Hyundai Tucson diésel manual negro', now)).toEqual({
      brand: 'HYUNDAI',
      model: 'Tucson',
      fuelType: 'DIESEL',
      transmissionType: 'MANUAL',
      exteriorColor: 'BLACK',
    });
    expect(parseSearchText('white hybrid automatic sedan', now)).toEqual({
      exteriorColor: 'WHITE',
      fuelType: 'HYBRID',
      transmissionType: 'AUTOMATIC',
      style: 'SEDAN',
      styles: ['SEDAN'],
    });
    expect(parseSearchText('carro eléctrico rojo', now)).toEqual({ fuelType: 'ELECTRIC', exteriorColor: 'RED' });
    expect(parseSearchText('mecanico gasolina', now)).toEqual({ transmissionType: 'MANUAL', fuelType: 'GASOLINE' });
  });

  it('reads style families and traction, alone or together', () => {
    expect(parseSearchText('pick up 4x4', now).style).toBe('PICK_UP_4X4');
    expect(parseSearchText('pickup', now).styles).toEqual(['PICK_UP_4X2', 'PICK_UP_4X4']);
    expect(parseSearchText('4wd', now).styles).toEqual(['TODO_TERRENO_4X4', 'PICK_UP_4X4']);
    expect(parseSearchText('todo terreno 4x2', now).style).toBe('TODO_TERRENO_4X2');
  });

  it('reads multi-word brands and brand aliases', () => {
    expect(parseSearchText('land rover defender', now)).toEqual({ brand: 'LAND_ROVER', model: 'Defender' });
    expect(parseSearchText('mercedes benz c 200', now)).toEqual({ brand: 'MERCEDES_BENZ', model: 'C 200' });
    expect(parseSearchText('mercedes', now)).toEqual({ brand: 'MERCEDES_BENZ' });
    expect(parseSearchText('vw', now).brand).toBe('VOLKSWAGEN');
  });

  it('maps two-digit years per the year rule and searches impossible years as text', () => {
    expect(parseSearchText('rav4 18', now)).toEqual({ brand: 'TOYOTA', model: 'RAV4', year: 2018 });
    expect(parseSearchText('hilux 98', now).year).toBe(1998);
    expect(parseSearchText('hilux 1930', now)).toEqual({ brand: 'TOYOTA', model: 'Hilux' });
    expect(textWords('hilux 1930')).toEqual(['1930']);
  });

  it('infers the brand of a model only one brand has, and searches unknown words as text', () => {
    expect(parseSearchText('corolla', now)).toEqual({ brand: 'TOYOTA', model: 'Corolla' });
    expect(parseSearchText('toyota xyz', now)).toEqual({ brand: 'TOYOTA' });
    expect(textWords('toyota xyz')).toEqual(['xyz']);
    expect(parseSearchText('', now)).toEqual({});
  });

  it('reads words split or joined as the model they make (issue 13)', () => {
    expect(parseSearchText('rav 4', now)).toEqual({ brand: 'TOYOTA', model: 'RAV4' });
    expect(parseSearchText('toyota rav 4 2019', now)).toEqual({ brand: 'TOYOTA', model: 'RAV4', year: 2019 });
    expect(parseSearchText('crv', now)).toEqual({ brand: 'HONDA', model: 'CR-V' });
    expect(parseSearchText('cr v', now)).toEqual({ brand: 'HONDA', model: 'CR-V' });
    expect(parseSearchText('4 runner', now)).toEqual({ brand: 'TOYOTA', model: '4Runner' });
    expect(parseSearchText('landcruiser', now)).toEqual({ brand: 'TOYOTA', model: 'Land Cruiser' });
    // A known word stays itself: "mercedes c 200" is not "mercedesc".
    expect(parseSearchText('mercedes c 200', now)).toEqual({ brand: 'MERCEDES_BENZ', model: 'C 200' });
  });

  it('reads a brand word misspelt beyond the typo rule as the brand, never as the model (issue 13)', () => {
    expect(parseSearchText('hiunday tucson', now)).toEqual({ brand: 'HYUNDAI', model: 'Tucson' });
    expect(parseSearchText('hiunday', now)).toEqual({ brand: 'HYUNDAI' });
    expect(parseSearchText('nisan sentra 2015', now)).toEqual({ brand: 'NISSAN', model: 'Sentra', year: 2015 });
  });

  it('offers the text spelt as the vocabulary does ("did you mean")', () => {
    expect(suggestSearchText('zentra 2015', now)).toBe('sentra 2015');
    expect(suggestSearchText('corrola automatico', now)).toBe('corolla automatico');
    expect(suggestSearchText('toyota corolla', now)).toBeUndefined();
    expect(suggestSearchText('xqzw', now)).toBeUndefined();
  });

  it('does not correct words under 5 letters', () => {
    expect(parseSearchText('kai', now)).toEqual({});
    expect(textWords('kai')).toEqual(['kai']);
    expect(parseSearchText('kia', now)).toEqual({ brand: 'KIA' });
  });
});

describe('structured filter corrections', () => {
  it('corrects a misspelled brand or model', () => {
    expect(correctBrand('TOYOTA')).toBe('TOYOTA');
    expect(correctBrand('Toyta')).toBe('TOYOTA');
    expect(correctBrand('mercedes-benz')).toBe('MERCEDES_BENZ');
    expect(correctBrand('Citroen')).toBe('CITROEN');
    expect(correctBrand('zzzzzz')).toBeUndefined();
    expect(correctModel('corola', 'TOYOTA')).toBe('Corolla');
    expect(correctModel('land cruiser prado', 'TOYOTA')).toBe('Land Cruiser Prado');
    expect(correctModel('whatever', 'TOYOTA')).toBe('whatever');
    expect(colourCodeOf('Negra')).toBe('BLACK');
    expect(colourCodeOf('Plateado')).toBe('SILVER');
    expect(colourCodeOf('turquesa')).toBeUndefined();
  });

  it('has synonym groups in both languages', () => {
    const groupOf = (word: string) => SEARCH_SYNONYMS.find((group) => group.includes(word));
    expect(groupOf('carro')).toEqual(expect.arrayContaining(['auto', 'car', 'vehiculo']));
    expect(groupOf('4x4')).toEqual(expect.arrayContaining(['4wd', 'todo terreno']));
    expect(groupOf('pickup')).toContain('pick up');
    expect(groupOf('automatico')).toContain('automatic');
    expect(groupOf('hibrido')).toContain('hybrid');
  });
});

describe('searchFilterSchema', () => {
  it('takes blanks as any and numbers as text', () => {
    expect(validate(searchFilterSchema(now), { brand: '', priceFrom: '1000', style: null, currency: '' })).toEqual({ ok: true, data: { priceFrom: 1000 } });
  });
  it('refuses unordered ranges and bad values with message keys', () => {
    expect(validate(searchFilterSchema(now), { priceFrom: 10, priceTo: 5 })).toEqual({ ok: false, errors: { priceTo: 'invalidPriceRange' } });
    expect(validate(searchFilterSchema(now), { yearFrom: 2020, yearTo: 2019 })).toEqual({ ok: false, errors: { yearTo: 'invalidYearRange' } });
    expect(validate(searchFilterSchema(now), { year: 2030 })).toEqual({ ok: false, errors: { year: 'invalidYear' } });
    expect(validate(searchFilterSchema(now), { style: 'BUS' })).toEqual({ ok: false, errors: { style: 'invalidStyle' } });
    expect(validate(searchFilterSchema(now), { passengersNumber: 6 })).toEqual({ ok: false, errors: { passengersNumber: 'invalidPassengersNumber' } });
    expect(validate(searchFilterSchema(now), { text: 'x'.repeat(201) })).toEqual({ ok: false, errors: { text: 'invalidSearchText' } });
  });
});
