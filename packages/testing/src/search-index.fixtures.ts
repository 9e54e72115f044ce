import type { SearchIndexSettings } from '@ruedas/platform';

/** A flat car ad as the search service indexes it. */
export interface ContractCarAd {
  id: string;
  brand: string;
  brandName: string;
  model: string;
  year: number;
  style: string;
  fuelType: string;
  transmissionType: string;
  priceCrc: number;
  mileageKm: number;
  passengers: number;
  motorSizeCC: number;
  exteriorColor: string;
  interiorColor: string;
  level: string;
  publishedAt: number;
  payTaxes: boolean;
  description: string;
}

/** The car fields a search filters on, in the corpus's column order (brand first; the bench's index filters on them too). */
export const CONTRACT_FILTERABLE = [
  'brand',
  'model',
  'year',
  'style',
  'fuelType',
  'transmissionType',
  'priceCrc',
  'mileageKm',
  'passengers',
  'motorSizeCC',
  'exteriorColor',
  'interiorColor',
  'level',
  'payTaxes',
] as const satisfies ReadonlyArray<keyof ContractCarAd>;

export const CONTRACT_SEARCH_SETTINGS: SearchIndexSettings = {
  searchableAttributes: ['brandName', 'model', 'exteriorColor', 'description'],
  filterableAttributes: [...CONTRACT_FILTERABLE],
  sortableAttributes: ['priceCrc', 'year', 'mileageKm', 'publishedAt'],
  synonyms: [
    ['carro', 'auto', 'car'],
    ['4x4', '4wd', 'todo terreno'],
    ['pick up', 'pickup'],
  ],
};

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);
type Row = [string, string, string, string, number, string, string, string, number, number, number, number, string, string, string, boolean, string];

// Written in this order on purpose: the Yaris (mentions "corolla") before the Corollas and the Kia
// Rio ("uso civil") before the Civics, so relevance, not writing order, must put them last.
// prettier-ignore
const ROWS: Row[] = [
  ['y01', 'TOYOTA', 'Toyota', 'Yaris', 2015, 'HATCHBACK', 'GASOLINE', 'AUTOMATIC', 7_200_000, 98_000, 5, 1500, 'Rojo', 'Negro', 'FREE', true,
    'mismo motor que corolla'],
  ['k02', 'KIA', 'Kia', 'Rio', 2016, 'SEDAN', 'GASOLINE', 'MANUAL', 6_300_000, 110_000, 5, 1400, 'Blanco', 'Gris', 'FREE', false, 'auto economico, uso civil'],
  ['t01', 'TOYOTA', 'Toyota', 'Corolla', 2015, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 8_900_000, 85_000, 5, 1800, 'Blanco', 'Gris', 'SILVER', true, 'unico dueno'],
  ['t02', 'TOYOTA', 'Toyota', 'Corolla', 2015, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 8_600_000, 120_000, 5, 1800, 'Gris', 'Negro', 'FREE', false,
    'recibo vehiculo'],
  ['t03', 'TOYOTA', 'Toyota', 'Corolla', 2018, 'SEDAN', 'GASOLINE', 'MANUAL', 10_400_000, 60_000, 5, 1800, 'Plateado', 'Negro', 'BRONZE', true, 'impecable'],
  ['t04', 'TOYOTA', 'Toyota', 'Corolla', 2010, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 5_400_000, 180_000, 5, 1600, 'Negro', 'Gris', 'FREE', true, ''],
  ['t05', 'TOYOTA', 'Toyota', 'Corolla Cross', 2022, 'SUV', 'HYBRID', 'AUTOMATIC', 18_900_000, 20_000, 5, 1800, 'Azul', 'Negro', 'GOLD', true, 'full extras'],
  ['t06', 'TOYOTA', 'Toyota', 'Hilux', 2019, 'PICKUP', 'DIESEL', 'MANUAL', 21_500_000, 75_000, 5, 2800, 'Blanco', 'Gris', 'GOLD', true,
    'pick up 4x4 doble cabina'],
  ['t07', 'TOYOTA', 'Toyota', 'Hilux', 2012, 'PICKUP', 'DIESEL', 'MANUAL', 12_800_000, 210_000, 5, 2500, 'Gris', 'Gris', 'FREE', false, 'de agencia'],
  ['t08', 'TOYOTA', 'Toyota', 'RAV4', 2020, 'SUV', 'GASOLINE', 'AUTOMATIC', 17_300_000, 45_000, 5, 2000, 'Rojo', 'Negro', 'SILVER', true, 'impecable'],
  ['t09', 'TOYOTA', 'Toyota', 'RAV4', 2017, 'SUV', 'GASOLINE', 'AUTOMATIC', 13_100_000, 90_000, 5, 2000, 'Negro', 'Beige', 'BRONZE', true, ''],
  ['h01', 'HONDA', 'Honda', 'Civic', 2019, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 13_900_000, 40_000, 5, 2000, 'Negro', 'Negro', 'GOLD', true, 'full extras'],
  ['h02', 'HONDA', 'Honda', 'Civic', 2016, 'SEDAN', 'GASOLINE', 'MANUAL', 9_800_000, 95_000, 5, 1800, 'Blanco', 'Gris', 'FREE', false, ''],
  ['h03', 'HONDA', 'Honda', 'Civic', 2008, 'SEDAN', 'GASOLINE', 'MANUAL', 4_200_000, 230_000, 5, 1800, 'Rojo', 'Gris', 'FREE', false, ''],
  ['h04', 'HONDA', 'Honda', 'CR-V', 2018, 'SUV', 'GASOLINE', 'AUTOMATIC', 15_200_000, 70_000, 5, 2400, 'Plateado', 'Negro', 'SILVER', true, ''],
  ['h05', 'HONDA', 'Honda', 'CR-V', 2013, 'SUV', 'GASOLINE', 'AUTOMATIC', 9_100_000, 150_000, 5, 2400, 'Gris', 'Beige', 'FREE', true, 'unico dueno'],
  ['h06', 'HONDA', 'Honda', 'Fit', 2014, 'HATCHBACK', 'GASOLINE', 'AUTOMATIC', 6_900_000, 105_000, 5, 1500, 'Azul', 'Gris', 'FREE', false, 'carro de agencia'],
  ['n01', 'NISSAN', 'Nissan', 'Frontier', 2021, 'PICKUP', 'DIESEL', 'MANUAL', 22_400_000, 35_000, 5, 2500, 'Gris', 'Negro', 'GOLD', true, 'pickup 4wd'],
  ['n02', 'NISSAN', 'Nissan', 'Frontier', 2011, 'PICKUP', 'DIESEL', 'MANUAL', 9_600_000, 250_000, 5, 2500, 'Blanco', 'Gris', 'FREE', false, ''],
  ['n03', 'NISSAN', 'Nissan', 'Sentra', 2017, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 8_100_000, 80_000, 5, 1800, 'Plateado', 'Negro', 'BRONZE', true, ''],
  ['n04', 'NISSAN', 'Nissan', 'Sentra', 2009, 'SEDAN', 'GASOLINE', 'MANUAL', 3_900_000, 200_000, 5, 1800, 'Negro', 'Gris', 'FREE', false, ''],
  ['n05', 'NISSAN', 'Nissan', 'Versa', 2020, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 9_300_000, 30_000, 5, 1600, 'Rojo', 'Negro', 'FREE', true, ''],
  ['y02', 'HYUNDAI', 'Hyundai', 'Tucson', 2019, 'SUV', 'GASOLINE', 'AUTOMATIC', 14_600_000, 55_000, 5, 2000, 'Blanco', 'Negro', 'SILVER', true, ''],
  ['y03', 'HYUNDAI', 'Hyundai', 'Tucson', 2014, 'SUV', 'DIESEL', 'MANUAL', 8_300_000, 140_000, 5, 2000, 'Gris', 'Gris', 'FREE', false, ''],
  ['y04', 'HYUNDAI', 'Hyundai', 'Accent', 2018, 'SEDAN', 'GASOLINE', 'MANUAL', 7_000_000, 65_000, 5, 1400, 'Azul', 'Gris', 'FREE', true, ''],
  ['y05', 'HYUNDAI', 'Hyundai', 'Elantra', 2021, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 12_300_000, 25_000, 5, 2000, 'Negro', 'Negro', 'BRONZE', true, ''],
  ['mi1', 'MITSUBISHI', 'Mitsubishi', 'Montero', 2016, 'SUV', 'DIESEL', 'AUTOMATIC', 16_700_000, 120_000, 7, 3200, 'Plateado', 'Beige', 'SILVER', true,
    'todo terreno, siete asientos'],
  ['mi2', 'MITSUBISHI', 'Mitsubishi', 'L200', 2015, 'PICKUP', 'DIESEL', 'MANUAL', 11_200_000, 130_000, 5, 2500, 'Blanco', 'Gris', 'FREE', false,
    'pick-up de trabajo'],
  ['s01', 'SUZUKI', 'Suzuki', 'Jimny', 2022, 'SUV', 'GASOLINE', 'MANUAL', 14_100_000, 10_000, 4, 1500, 'Verde', 'Negro', 'GOLD', true, '4x4 como nuevo'],
  ['s02', 'SUZUKI', 'Suzuki', 'Swift', 2019, 'HATCHBACK', 'GASOLINE', 'MANUAL', 7_500_000, 50_000, 5, 1200, 'Rojo', 'Negro', 'FREE', true, ''],
  ['k01', 'KIA', 'Kia', 'Sportage', 2020, 'SUV', 'GASOLINE', 'AUTOMATIC', 15_900_000, 40_000, 5, 2000, 'Gris', 'Negro', 'SILVER', true, ''],
  ['m01', 'MAZDA', 'Mazda', 'CX-5', 2019, 'SUV', 'GASOLINE', 'AUTOMATIC', 16_100_000, 60_000, 5, 2500, 'Rojo', 'Negro', 'GOLD', true, ''],
  ['m02', 'MAZDA', 'Mazda', '3', 2017, 'SEDAN', 'GASOLINE', 'MANUAL', 8_700_000, 88_000, 5, 2000, 'Azul', 'Negro', 'FREE', false, 'family car'],
  ['f01', 'FORD', 'Ford', 'Ranger', 2018, 'PICKUP', 'DIESEL', 'AUTOMATIC', 17_800_000, 95_000, 5, 3200, 'Negro', 'Negro', 'BRONZE', true, 'pickup'],
  ['f02', 'FORD', 'Ford', 'Escape', 2013, 'SUV', 'GASOLINE', 'AUTOMATIC', 7_900_000, 160_000, 5, 2500, 'Plateado', 'Gris', 'FREE', false, ''],
  ['c01', 'CHEVROLET', 'Chevrolet', 'Tracker', 2021, 'SUV', 'GASOLINE', 'AUTOMATIC', 13_400_000, 30_000, 5, 1200, 'Blanco', 'Negro', 'FREE', true, ''],
  ['b01', 'BMW', 'BMW', 'X5', 2016, 'SUV', 'GASOLINE', 'AUTOMATIC', 24_900_000, 100_000, 5, 3000, 'Negro', 'Beige', 'GOLD', true, ''],
  ['v01', 'VOLKSWAGEN', 'Volkswagen', 'Golf', 2014, 'HATCHBACK', 'GASOLINE', 'MANUAL', 6_600_000, 140_000, 5, 1400, 'Gris', 'Negro', 'FREE', false, ''],
  ['e01', 'MERCEDES', 'Mercedes-Benz', 'Clase C', 2017, 'SEDAN', 'GASOLINE', 'AUTOMATIC', 19_800_000, 70_000, 5, 2000, 'Negro', 'Negro', 'GOLD', true, ''],
  ['i01', 'ISUZU', 'Isuzu', 'D-Max', 2020, 'PICKUP', 'DIESEL', 'MANUAL', 18_300_000, 60_000, 5, 3000, 'Blanco', 'Gris', 'BRONZE', true, ''],
];

/** The fixed corpus of the contract: 40 ads, the n-th published n days after 2026-01-01. */
/** The name of each column of ROWS, in order. */
const COLUMNS = ['id', 'brand', 'brandName', ...CONTRACT_FILTERABLE.slice(1), 'description'] as const satisfies ReadonlyArray<keyof ContractCarAd>;

export const CONTRACT_CAR_ADS: readonly ContractCarAd[] = ROWS.map((row, index) => ({
  ...(Object.fromEntries(COLUMNS.map((column, i) => [column, row[i]])) as Omit<ContractCarAd, 'publishedAt'>),
  publishedAt: BASE + (index + 1) * DAY,
}));
