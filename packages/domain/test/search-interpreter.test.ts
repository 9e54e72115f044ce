import { describe, expect, it } from 'vitest';
import { canonicalSearchText as interpretCanonical, interpretSearchText, mergeParts, searchTextWithout } from '../src/index';

const now = new Date('2026-12-07T12:00:00Z');
const read = (text: string) => interpretSearchText(text, now);
const filter = (text: string) => read(text).filter;

describe('interpretSearchText: words that carry no filter (issue 27)', () => {
  it('never narrows on "usado", "se vende", "en buen estado", "carro", "used", "for sale"', () => {
    expect(filter('corolla usado')).toEqual({ brand: 'TOYOTA', model: 'Corolla' });
    expect(filter('hilux usada')).toEqual({ brand: 'TOYOTA', model: 'Hilux' });
    expect(filter('se vende fortuner en buen estado')).toEqual({ brand: 'TOYOTA', model: 'Fortuner' });
    expect(filter('used car for sale')).toEqual({});
    expect(read('se vende carro usado').textWords).toEqual([]);
    expect(read('corolla usado').ignoredWords).toEqual(['usado']);
  });

  it('orders by price for "barato" and "cheap", without narrowing', () => {
    expect(read('camry barato')).toMatchObject({ filter: { brand: 'TOYOTA', model: 'Camry' }, cheapestFirst: true, textWords: [] });
    expect(read('cheap hilux').cheapestFirst).toBe(true);
    expect(read('hilux').cheapestFirst).toBe(false);
  });

  it('searches a word it cannot place as text, and drops small words', () => {
    expect(read('toyota turbo de la casa')).toMatchObject({ filter: { brand: 'TOYOTA' }, textWords: ['turbo', 'casa'] });
  });
});

describe('interpretSearchText: years', () => {
  it('reads a year and year ranges in both languages', () => {
    expect(filter('Toyota Corolla del 2014 al 2017')).toEqual({ brand: 'TOYOTA', model: 'Corolla', yearFrom: 2014, yearTo: 2017 });
    expect(filter('2015-2018')).toEqual({ yearFrom: 2015, yearTo: 2018 });
    expect(filter('2015 a 2018')).toEqual({ yearFrom: 2015, yearTo: 2018 });
    expect(filter('entre 2018 y 2015')).toEqual({ yearFrom: 2015, yearTo: 2018 });
    expect(filter('from 2015 to 2018')).toEqual({ yearFrom: 2015, yearTo: 2018 });
    expect(filter('from 2015')).toEqual({ yearFrom: 2015 });
    expect(filter('desde 2015')).toEqual({ yearFrom: 2015 });
    expect(filter('2015 en adelante')).toEqual({ yearFrom: 2015 });
    expect(filter('2015+')).toEqual({ yearFrom: 2015 });
    expect(filter('hasta 2012')).toEqual({ yearTo: 2012 });
    expect(filter('antes de 2012')).toEqual({ yearTo: 2011 });
    expect(filter('after 2019')).toEqual({ yearFrom: 2020 });
    expect(filter('corolla 2016')).toEqual({ brand: 'TOYOTA', model: 'Corolla', year: 2016 });
  });

  it('keeps a model named by a number ("mazda 3") and reads no year from a price', () => {
    expect(filter('toyota automatico menos de 10 millones')).toEqual({ brand: 'TOYOTA', transmissionType: 'AUTOMATIC', priceTo: 10_000_000, currency: 'CRC' });
    expect(filter('mazda 3')).toMatchObject({ brand: 'MAZDA', model: '3' });
  });
});

describe('interpretSearchText: prices', () => {
  it('reads colones with "millones", "mil", "₡", thousands and decimal separators', () => {
    expect(filter('menos de 10 millones')).toEqual({ priceTo: 10_000_000, currency: 'CRC' });
    expect(filter('hasta ₡8.5 millones')).toEqual({ priceTo: 8_500_000, currency: 'CRC' });
    expect(filter('hasta 8,5 millones')).toEqual({ priceTo: 8_500_000, currency: 'CRC' });
    expect(filter('entre 5 y 8 millones')).toEqual({ priceFrom: 5_000_000, priceTo: 8_000_000, currency: 'CRC' });
    expect(filter('más de 800 mil')).toEqual({ priceFrom: 800_000, currency: 'CRC' });
    expect(filter('menos de ₡12.500.000')).toEqual({ priceTo: 12_500_000, currency: 'CRC' });
    expect(filter('under 10 million colones')).toEqual({ priceTo: 10_000_000, currency: 'CRC' });
    expect(filter('10 palos')).toEqual({ priceTo: 10_000_000, currency: 'CRC' });
  });

  it('reads dollars with "$", "k", "mil", "dólares", and a small amount as dollars', () => {
    expect(filter('$15 mil')).toEqual({ priceTo: 15_000, currency: 'USD' });
    expect(filter('15k')).toEqual({ priceTo: 15_000, currency: 'USD' });
    expect(filter('below $12,000')).toEqual({ priceTo: 12_000, currency: 'USD' });
    expect(filter('menos de 20 mil dólares')).toEqual({ priceTo: 20_000, currency: 'USD' });
    expect(filter('between $5,000 and $8,000')).toEqual({ priceFrom: 5_000, priceTo: 8_000, currency: 'USD' });
  });

  it('keeps the first price it reads', () => {
    const twice = read('menos de 10 millones hasta 5 millones');
    expect(twice.filter).toEqual({ priceTo: 10_000_000, currency: 'CRC' });
    expect(twice.ignoredWords).toEqual(['hasta 5 millones']);
  });
});

describe('interpretSearchText: places', () => {
  it('reads provinces and cantons with or without accents and "en", "de", "in"', () => {
    expect(filter('corolla 2016 San José')).toEqual({ brand: 'TOYOTA', model: 'Corolla', year: 2016, province: '1' });
    expect(filter('Toyota en Guanacaste')).toEqual({ brand: 'TOYOTA', province: '5' });
    expect(filter('carros de limon')).toEqual({ province: '7' });
    expect(filter('suv in heredia')).toMatchObject({ province: '4' });
    expect(filter('hilux en perez zeledon')).toMatchObject({ province: '1', canton: '119' });
    expect(filter('escazu')).toEqual({ province: '1', canton: '102' });
    expect(filter('sanjose')).toEqual({ province: '1' });
    expect(filter('guanacate')).toEqual({ province: '5' });
  });

  it('reads a canton named as its province as the province', () => {
    expect(filter('heredia')).toEqual({ province: '4' });
    expect(filter('alajuela')).toEqual({ province: '2' });
  });

  it('takes "en Santa Cruz" as a place', () => {
    expect(filter('carro en santa cruz')).toEqual({ province: '5', canton: '503' });
  });
});

describe('interpretSearchText: seats, mileage and the car words', () => {
  it('reads seats, "más de 7" as 888, never the brand SEAT', () => {
    expect(filter('carro familiar 7 pasajeros')).toEqual({ passengersNumber: 7 });
    expect(filter('family car 7 seats')).toEqual({ passengersNumber: 7 });
    expect(filter('7 plazas')).toEqual({ passengersNumber: 7 });
    expect(filter('más de 7 pasajeros')).toEqual({ passengersNumber: 888 });
    expect(filter('more than 7 seats')).toEqual({ passengersNumber: 888 });
    expect(filter('siete pasajeros')).toEqual({ passengersNumber: 7 });
    expect(filter('5 pasajeros')).toEqual({ passengersNumber: 5 });
    expect(filter('seat ibiza')).toMatchObject({ brand: 'SEAT' });
  });

  it('reads a mileage bound in km or miles', () => {
    expect(filter('menos de 100 mil km')).toEqual({ mileageMax: 100_000 });
    expect(filter('under 50,000 km')).toEqual({ mileageMax: 50_000 });
    expect(filter('menos de 10 mil millas')).toEqual({ mileageMax: 16_093 });
    expect(read('más de 100 mil km').filter).toEqual({});
  });

  it('reads transmission, fuel, style, colour and 4x4 words', () => {
    expect(filter('pick up 4x4 diésel rojo automático')).toEqual({
      styles: ['PICK_UP_4X4'],
      style: 'PICK_UP_4X4',
      fuelType: 'DIESEL',
      exteriorColor: 'RED',
      transmissionType: 'AUTOMATIC',
    });
    expect(filter('SUV 4x4')).toEqual({ styles: ['TODO_TERRENO_4X4'], style: 'TODO_TERRENO_4X4' });
    expect(filter('4x4')).toEqual({ styles: ['TODO_TERRENO_4X4', 'PICK_UP_4X4'] });
  });
});

describe('interpretSearchText: parts', () => {
  it('keeps each part with the words it was read from, in the order typed', () => {
    const { parts } = read('Toyota en Guanacaste menos de 10 millones turbo');
    expect(parts.map((part) => [part.kind, part.text])).toEqual([
      ['BRAND', 'Toyota'],
      ['PLACE', 'en Guanacaste'],
      ['PRICE', 'menos de 10 millones'],
      ['TEXT', 'turbo'],
    ]);
    expect(mergeParts(parts)).toEqual({ brand: 'TOYOTA', province: '5', priceTo: 10_000_000, currency: 'CRC' });
  });

  it('cuts a part out of the text (a chip removed)', () => {
    const text = 'Toyota  en Guanacaste, menos de 10 millones';
    const place = read(text).parts.find((part) => part.kind === 'PLACE')!;
    expect(searchTextWithout(text, [place])).toBe('Toyota , menos de 10 millones');
  });
});

describe('canonicalSearchText (popular queries, issue 27)', () => {
  it.each([
    'Toyota Corolla del 2014 al 2017 automatico menos de 10 millones en San José',
    'hilux 4x4 diesel',
    'carro familiar 7 pasajeros rojo',
    '15k suv',
    'entre 5 y 8 millones',
    'más de 7 pasajeros en escazu',
    'hasta 8.5 millones',
    'menos de 100 mil km sedan',
    'from 2015',
    '$12,500 pickup',
    'hasta ₡850.000',
  ])('writes "%s" as one phrase the interpreter reads back the same', (text) => {
    const { filter } = read(text);
    const canonical = interpretCanonical(filter);
    expect(canonical).toBeDefined();
    expect(read(canonical!).filter).toEqual(filter);
  });

  it('writes the same phrase for the same interpretation, whatever was typed', () => {
    const phrasings = ['corolla 2015 automatico usado', 'Toyota Corolla del 2015 automático', 'corola 2015 automatic'];
    expect(new Set(phrasings.map((text) => interpretCanonical(read(text).filter)))).toEqual(new Set(['Toyota Corolla 2015 automático']));
  });
});
