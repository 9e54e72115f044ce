import { describe, expect, it } from 'vitest';
import {
  AD_STATUS_LABELS,
  BRANDS,
  brandCodeSchema,
  cantonBelongsTo,
  cantonOptions,
  COLOURS,
  DEFAULT_EXTRA_KEYS,
  districtBelongsTo,
  districtOptions,
  EXTRA_CATEGORIES,
  EXTRAS,
  extrasByCategory,
  findBrand,
  findCanton,
  findDistrict,
  findProvince,
  FUEL_TYPE_LABELS,
  ID_TYPE_LABELS,
  LEVEL_LABELS,
  MODELS_BY_BRAND,
  modelsOf,
  parseExtraList,
  PASSENGER_CHOICE_LABELS,
  PHONE_TYPE_LABELS,
  provinceOptions,
  PROVINCES,
  ROLE_LABELS,
  STYLE_LABELS,
  TRANSMISSION_TYPE_LABELS,
  USER_STATUS_LABELS,
  USER_TYPE_LABELS,
  type Label,
} from '../src/index';

const unique = (values: readonly string[]) => new Set(values).size === values.length;
const complete = (label: Label) => label.es.trim().length > 0 && label.en.trim().length > 0;

describe('brands and models', () => {
  it('has at least 110 brands with unique upper snake case codes and both labels', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(110);
    expect(unique(BRANDS.map((b) => b.code))).toBe(true);
    for (const brand of BRANDS) {
      expect(brand.code).toMatch(/^[A-Z0-9]+(?:_[A-Z0-9]+)*$/);
      expect(complete(brand.label)).toBe(true);
    }
  });

  it('includes the brands sold in Costa Rica, Chinese ones too', () => {
    for (const code of ['TOYOTA', 'MERCEDES_BENZ', 'LAND_ROVER', 'BYD', 'GEELY', 'CHERY', 'JAC', 'GREAT_WALL', 'CHANGAN']) {
      expect(findBrand(code), code).toBeDefined();
    }
    expect(findBrand('MERCEDES_BENZ')?.label.es).toBe('Mercedes-Benz');
    expect(brandCodeSchema.safeParse('TATRA_X').error?.issues[0]?.message).toBe('invalidBrand');
  });

  it('lists 8 to 30 unique models for each main brand', () => {
    const main = [
      'TOYOTA',
      'HYUNDAI',
      'NISSAN',
      'SUZUKI',
      'MITSUBISHI',
      'HONDA',
      'KIA',
      'CHEVROLET',
      'MAZDA',
      'ISUZU',
      'FORD',
      'VOLKSWAGEN',
      'SUBARU',
      'BMW',
      'MERCEDES_BENZ',
      'JEEP',
      'DAIHATSU',
      'BYD',
    ] as const;
    for (const code of main) {
      const models = modelsOf(code);
      expect(models.length, code).toBeGreaterThanOrEqual(8);
      expect(models.length, code).toBeLessThanOrEqual(30);
      expect(unique(models), code).toBe(true);
    }
    for (const code of Object.keys(MODELS_BY_BRAND)) expect(findBrand(code), code).toBeDefined();
    expect(modelsOf('TOYOTA')).toContain('Hilux');
    expect(modelsOf('ZNA')).toEqual([]);
  });
});

describe('colours and extras', () => {
  it('suggests the spec colours with both labels', () => {
    const codes = COLOURS.map((c) => c.code);
    expect(unique(codes)).toBe(true);
    expect(codes).toEqual(expect.arrayContaining(['BEIGE', 'BLACK', 'BLUE', 'BROWN', 'GREEN', 'GREY', 'RED', 'SILVER', 'WHITE']));
    for (const colour of COLOURS) expect(complete(colour.label)).toBe(true);
  });

  it('has about 45 extras, each in one of the four categories, with unique keys', () => {
    expect(EXTRAS.length).toBeGreaterThanOrEqual(40);
    expect(EXTRAS.length).toBeLessThanOrEqual(50);
    expect(unique(EXTRAS.map((e) => e.key))).toBe(true);
    for (const extra of EXTRAS) {
      expect(EXTRA_CATEGORIES).toContain(extra.category);
      expect(complete(extra.label)).toBe(true);
    }
    for (const category of EXTRA_CATEGORIES) expect(extrasByCategory(category, 'es').length).toBeGreaterThan(5);
    for (const key of ['AIR_CONDITIONING', 'AIRBAGS', 'SUNROOF', 'REVERSE_CAMERA', 'RADIO_WITH_USB']) {
      expect(
        EXTRAS.some((e) => e.key === key),
        key,
      ).toBe(true);
    }
    expect(DEFAULT_EXTRA_KEYS).toContain('AIR_CONDITIONING');
    expect(DEFAULT_EXTRA_KEYS).not.toContain('SUNROOF');
  });

  it('sorts a category by label in the chosen language', () => {
    const labels = extrasByCategory('AUDIO_VIDEO', 'en').map((e) => e.label.en);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(extrasByCategory('SECURITY', 'es')[0]?.label.es).toBe('Alarma');
  });

  it('reads a stored extra list, dropping unknown keys', () => {
    expect(parseExtraList('AIRBAGS, SUNROOF,FLYING_MODE,')).toEqual(['AIRBAGS', 'SUNROOF']);
  });
});

describe('enumeration labels', () => {
  it('labels every value in Spanish and English', () => {
    const tables = [
      AD_STATUS_LABELS,
      LEVEL_LABELS,
      ROLE_LABELS,
      USER_STATUS_LABELS,
      USER_TYPE_LABELS,
      PHONE_TYPE_LABELS,
      ID_TYPE_LABELS,
      STYLE_LABELS,
      FUEL_TYPE_LABELS,
      TRANSMISSION_TYPE_LABELS,
      PASSENGER_CHOICE_LABELS,
    ];
    for (const table of tables) for (const label of Object.values(table) as Label[]) expect(complete(label)).toBe(true);
    expect(Object.keys(STYLE_LABELS)).toHaveLength(11);
    expect(PASSENGER_CHOICE_LABELS[888]).toEqual({ es: 'Más de 7', en: 'More than 7' });
  });
});

describe('Costa Rica locations', () => {
  const cantons = PROVINCES.flatMap((p) => p.cantons);
  const districts = cantons.flatMap((c) => c.districts);

  it('has 7 provinces, 84 cantons and 484 districts with unique official codes', () => {
    expect(PROVINCES).toHaveLength(7);
    expect(cantons).toHaveLength(84);
    expect(districts).toHaveLength(484);
    expect(unique([...PROVINCES, ...cantons, ...districts].map((l) => l.code))).toBe(true);
    for (const province of PROVINCES) {
      for (const canton of province.cantons) {
        expect(canton.code).toMatch(new RegExp(`^${province.code}\\d{2}$`));
        for (const district of canton.districts) expect(district.code).toMatch(new RegExp(`^${canton.code}\\d{2}$`));
      }
    }
  });

  it('finds places by code', () => {
    expect(findProvince('7')?.name).toBe('Limón');
    expect(findCanton('101')?.name).toBe('San José');
    expect(findDistrict('10101')?.name).toBe('Carmen');
    expect(findProvince('8')).toBeUndefined();
  });

  it('gives cascading lists sorted with Spanish collation', () => {
    expect(provinceOptions().map((p) => p.name)).toEqual(['Alajuela', 'Cartago', 'Guanacaste', 'Heredia', 'Limón', 'Puntarenas', 'San José']);
    const sanJose = cantonOptions('1').map((c) => c.name);
    expect(sanJose).toHaveLength(20);
    expect(sanJose.indexOf('Escazú')).toBeLessThan(sanJose.indexOf('Goicoechea'));
    expect(districtOptions('101')[0]?.name).toBe('Carmen');
    expect(cantonOptions('9')).toEqual([]);
  });

  it('checks that codes nest', () => {
    expect(cantonBelongsTo('101', '1')).toBe(true);
    expect(cantonBelongsTo('201', '1')).toBe(false);
    expect(districtBelongsTo('10101', '101')).toBe(true);
    expect(districtBelongsTo('10201', '101')).toBe(false);
  });
});
