import type { BrandCode, FuelType, Style } from '@ruedas/domain';

/**
 * What the demo catalogue knows of Costa Rica's used-car market: which brands and models sell,
 * what body each model has, what a new one costs, where sellers live, what people are called.
 * Figures are plausible, not statistics.
 */

/** A model as the demo sells it: its bodies (first is the commonest) and its new price in US dollars. */
export interface MarketModel {
  model: string;
  styles: readonly Style[];
  newPriceUsd: number;
  /** Fuels other than petrol this model is commonly sold with, and how often (0 to 1). */
  fuels?: ReadonlyArray<readonly [FuelType, number]>;
  /** Engine size in cc of the commonest version (0 for electric). */
  cc: number;
}

const m = (model: string, styles: readonly Style[], newPriceUsd: number, cc: number, fuels?: MarketModel['fuels']): MarketModel => ({
  model,
  styles,
  newPriceUsd,
  cc,
  ...(fuels ? { fuels } : {}),
});

const SUV4 = ['TODO_TERRENO_4X4', 'TODO_TERRENO_4X2'] as const;
const SUV2 = ['TODO_TERRENO_4X2', 'TODO_TERRENO_4X4'] as const;
const PICKUP = ['PICK_UP_4X4', 'PICK_UP_4X2'] as const;
const DIESEL_MOSTLY = [['DIESEL', 0.75]] as const;
const DIESEL_OFTEN = [['DIESEL', 0.35]] as const;

/** Brands by weight in the used market (Toyota, Hyundai, Nissan... heavy), each with its sellers' models. */
export const MARKET: ReadonlyArray<readonly [BrandCode, number, readonly MarketModel[]]> = [
  ['TOYOTA', 22, [
    m('Hilux', PICKUP, 42_000, 2400, DIESEL_MOSTLY), m('RAV4', SUV4, 36_000, 2500, [['HYBRID', 0.25]]), m('Corolla', ['SEDAN'], 26_000, 1800, [['HYBRID', 0.2]]),
    m('Yaris', ['HATCHBACK', 'SEDAN'], 19_000, 1500), m('Land Cruiser Prado', ['TODO_TERRENO_4X4'], 62_000, 2800, DIESEL_OFTEN), m('Fortuner', SUV4, 45_000, 2700, DIESEL_OFTEN),
    m('Rush', ['TODO_TERRENO_4X2'], 26_000, 1500), m('Tercel', ['SEDAN'], 14_000, 1500), m('Echo', ['SEDAN', 'HATCHBACK'], 14_000, 1500), m('Prius', ['HATCHBACK'], 29_000, 1800, [['HYBRID', 1]]),
    m('Corolla Cross', ['TODO_TERRENO_4X2'], 31_000, 1800, [['HYBRID', 0.4]]), m('4Runner', ['TODO_TERRENO_4X4'], 52_000, 4000), m('Hiace', ['VAN', 'PANEL'], 40_000, 2800, DIESEL_MOSTLY),
    m('Land Cruiser', ['TODO_TERRENO_4X4'], 85_000, 4500, DIESEL_OFTEN), m('Tacoma', PICKUP, 44_000, 2700), m('Camry', ['SEDAN'], 33_000, 2500, [['HYBRID', 0.3]]),
  ]],
  ['HYUNDAI', 13, [
    m('Accent', ['SEDAN', 'HATCHBACK'], 19_000, 1600), m('Tucson', SUV2, 33_000, 2000, DIESEL_OFTEN), m('Santa Fe', SUV4, 42_000, 2400, DIESEL_OFTEN), m('Elantra', ['SEDAN'], 23_000, 2000),
    m('Creta', ['TODO_TERRENO_4X2'], 25_000, 1600), m('Grand i10', ['HATCHBACK'], 14_000, 1200), m('H-1', ['VAN', 'PANEL'], 38_000, 2500, DIESEL_MOSTLY), m('Porter', ['CAMION'], 30_000, 2500, [['DIESEL', 1]]),
    m('Kona', ['TODO_TERRENO_4X2'], 27_000, 2000, [['ELECTRIC', 0.15]]), m('Galloper', ['TODO_TERRENO_4X4'], 24_000, 2500, [['DIESEL', 0.8]]), m('Ioniq 5', ['TODO_TERRENO_4X2'], 48_000, 0, [['ELECTRIC', 1]]),
  ]],
  ['NISSAN', 10, [
    m('Sentra', ['SEDAN'], 23_000, 1800), m('Versa', ['SEDAN'], 18_000, 1600), m('Frontier', PICKUP, 39_000, 2500, DIESEL_MOSTLY), m('X-Trail', SUV4, 35_000, 2500),
    m('Kicks', ['TODO_TERRENO_4X2'], 24_000, 1600), m('March', ['HATCHBACK'], 14_000, 1200), m('Pathfinder', ['TODO_TERRENO_4X4'], 45_000, 3500), m('Tiida', ['HATCHBACK', 'SEDAN'], 16_000, 1800),
    m('Urvan', ['VAN', 'PANEL'], 36_000, 2500, DIESEL_MOSTLY), m('Navara', ['PICK_UP_4X4'], 40_000, 2500, [['DIESEL', 0.9]]), m('Leaf', ['HATCHBACK'], 35_000, 0, [['ELECTRIC', 1]]), m('Patrol', ['TODO_TERRENO_4X4'], 70_000, 4000),
  ]],
  ['SUZUKI', 8, [
    m('Swift', ['HATCHBACK'], 16_000, 1200), m('Vitara', SUV2, 26_000, 1600), m('Jimny', ['TODO_TERRENO_4X4'], 27_000, 1500), m('Grand Vitara', SUV4, 28_000, 2000),
    m('Alto', ['HATCHBACK'], 10_000, 800), m('Dzire', ['SEDAN'], 14_000, 1200), m('Ertiga', ['VAN', 'TODO_TERRENO_4X2'], 20_000, 1500), m('Celerio', ['HATCHBACK'], 12_000, 1000),
    m('Samurai', ['TODO_TERRENO_4X4'], 12_000, 1300), m('APV', ['PANEL', 'VAN'], 17_000, 1600),
  ]],
  ['KIA', 7, [
    m('Rio', ['SEDAN', 'HATCHBACK'], 18_000, 1400), m('Sportage', SUV2, 32_000, 2000, DIESEL_OFTEN), m('Sorento', SUV4, 40_000, 2400, DIESEL_OFTEN), m('Picanto', ['HATCHBACK'], 13_000, 1200),
    m('Seltos', ['TODO_TERRENO_4X2'], 26_000, 1600), m('Soluto', ['SEDAN'], 15_000, 1400), m('K2700', ['CAMION'], 28_000, 2700, [['DIESEL', 1]]), m('Cerato', ['SEDAN'], 22_000, 1600),
  ]],
  ['MITSUBISHI', 6, [
    m('L200', PICKUP, 38_000, 2400, DIESEL_MOSTLY), m('Montero Sport', ['TODO_TERRENO_4X4'], 44_000, 2400, DIESEL_OFTEN), m('Outlander', SUV4, 34_000, 2400), m('Mirage', ['HATCHBACK'], 14_000, 1200),
    m('Lancer', ['SEDAN'], 20_000, 2000), m('ASX', ['TODO_TERRENO_4X2'], 26_000, 2000), m('Montero', ['TODO_TERRENO_4X4'], 46_000, 3200, DIESEL_OFTEN), m('Xpander', ['VAN'], 25_000, 1500),
  ]],
  ['HONDA', 6, [
    m('Civic', ['SEDAN', 'HATCHBACK', 'COUPE'], 27_000, 2000), m('CR-V', SUV2, 35_000, 1500), m('Fit', ['HATCHBACK'], 18_000, 1500, [['HYBRID', 0.15]]), m('Accord', ['SEDAN', 'COUPE'], 33_000, 2400),
    m('HR-V', ['TODO_TERRENO_4X2'], 27_000, 1800), m('Pilot', ['TODO_TERRENO_4X4'], 46_000, 3500), m('City', ['SEDAN'], 19_000, 1500),
  ]],
  ['MAZDA', 5, [
    m('3', ['SEDAN', 'HATCHBACK'], 25_000, 2000), m('CX-5', SUV2, 34_000, 2500), m('2', ['HATCHBACK', 'SEDAN'], 18_000, 1500), m('BT-50', PICKUP, 37_000, 3200, DIESEL_MOSTLY),
    m('CX-30', ['TODO_TERRENO_4X2'], 29_000, 2000), m('MX-5', ['CONVERTIBLE'], 32_000, 2000), m('6', ['SEDAN'], 30_000, 2500), m('B2200', ['PICK_UP_4X2'], 18_000, 2200, [['DIESEL', 0.6]]),
  ]],
  ['CHEVROLET', 5, [
    m('Spark', ['HATCHBACK'], 12_000, 1200), m('Aveo', ['SEDAN', 'HATCHBACK'], 15_000, 1500), m('Tracker', ['TODO_TERRENO_4X2'], 25_000, 1200), m('Colorado', PICKUP, 40_000, 2800, DIESEL_MOSTLY),
    m('Trailblazer', ['TODO_TERRENO_4X4'], 42_000, 2800, DIESEL_OFTEN), m('Cruze', ['SEDAN'], 22_000, 1400), m('Captiva', SUV2, 28_000, 2400), m('Camaro', ['COUPE', 'CONVERTIBLE'], 42_000, 3600),
  ]],
  ['ISUZU', 3, [m('D-Max', PICKUP, 37_000, 3000, [['DIESEL', 0.95]]), m('NPR', ['CAMION'], 48_000, 5200, [['DIESEL', 1]]), m('Trooper', ['TODO_TERRENO_4X4'], 20_000, 3200), m('MU-X', ['TODO_TERRENO_4X4'], 42_000, 3000, [['DIESEL', 0.9]])]],
  ['FORD', 3, [m('Ranger', PICKUP, 40_000, 3200, DIESEL_MOSTLY), m('Escape', SUV2, 31_000, 2000, [['HYBRID', 0.2]]), m('Explorer', ['TODO_TERRENO_4X4'], 48_000, 3500), m('EcoSport', ['TODO_TERRENO_4X2'], 22_000, 1500), m('Mustang', ['COUPE', 'CONVERTIBLE'], 45_000, 5000), m('F-150', PICKUP, 52_000, 3500)]],
  ['VOLKSWAGEN', 2, [m('Jetta', ['SEDAN'], 26_000, 1400), m('Golf', ['HATCHBACK'], 27_000, 1400), m('Amarok', ['PICK_UP_4X4'], 45_000, 2000, [['DIESEL', 0.9]]), m('Tiguan', SUV2, 36_000, 2000), m('Beetle', ['COUPE', 'CONVERTIBLE'], 22_000, 1600), m('Crafter', ['PANEL', 'VAN'], 48_000, 2000, [['DIESEL', 1]])]],
  ['SUBARU', 2, [m('Forester', ['TODO_TERRENO_4X4'], 34_000, 2500), m('Outback', ['TODO_TERRENO_4X4'], 37_000, 2500), m('Impreza', ['SEDAN', 'HATCHBACK'], 25_000, 2000), m('XV', ['TODO_TERRENO_4X4'], 29_000, 2000), m('WRX', ['SEDAN'], 38_000, 2400)]],
  ['DAIHATSU', 2, [m('Terios', SUV4, 22_000, 1500), m('Bego', ['TODO_TERRENO_4X4'], 21_000, 1500), m('Gran Max', ['PANEL', 'PICK_UP_4X2'], 17_000, 1500), m('Sirion', ['HATCHBACK'], 13_000, 1300), m('Hijet', ['PANEL'], 14_000, 1000, [['LPG', 0.2]])]],
  ['BMW', 1.5, [m('320i', ['SEDAN'], 48_000, 2000), m('X3', ['TODO_TERRENO_4X4'], 58_000, 2000, DIESEL_OFTEN), m('X5', ['TODO_TERRENO_4X4'], 78_000, 3000, [['HYBRID', 0.2]]), m('118i', ['HATCHBACK'], 38_000, 1500), m('Z4', ['CONVERTIBLE'], 65_000, 2000)]],
  ['MERCEDES_BENZ', 1.2, [m('C 200', ['SEDAN', 'COUPE'], 52_000, 2000), m('GLC 300', ['TODO_TERRENO_4X4'], 62_000, 2000), m('E 300', ['SEDAN'], 68_000, 2000), m('Sprinter', ['VAN', 'PANEL'], 60_000, 2100, [['DIESEL', 1]]), m('GLA 200', ['TODO_TERRENO_4X2'], 45_000, 1300)]],
  ['JEEP', 1.2, [m('Wrangler', ['TODO_TERRENO_4X4', 'CONVERTIBLE'], 48_000, 3600), m('Grand Cherokee', ['TODO_TERRENO_4X4'], 55_000, 3600), m('Compass', SUV2, 32_000, 2400), m('Renegade', SUV2, 28_000, 1800), m('Gladiator', ['PICK_UP_4X4'], 52_000, 3600)]],
  ['BYD', 1.2, [m('Dolphin', ['HATCHBACK'], 29_000, 0, [['ELECTRIC', 1]]), m('Atto 3', ['TODO_TERRENO_4X2'], 38_000, 0, [['ELECTRIC', 1]]), m('Seal', ['SEDAN'], 45_000, 0, [['ELECTRIC', 1]]), m('Song Plus', ['TODO_TERRENO_4X2'], 40_000, 1500, [['HYBRID', 1]]), m('Shark', ['PICK_UP_4X4'], 50_000, 1500, [['HYBRID', 1]])]],
  ['CHERY', 0.8, [m('Tiggo 2', ['TODO_TERRENO_4X2'], 17_000, 1500), m('Tiggo 7 Pro', ['TODO_TERRENO_4X2'], 27_000, 1500), m('Tiggo 4', ['TODO_TERRENO_4X2'], 21_000, 1500), m('Arrizo 5', ['SEDAN'], 16_000, 1500)]],
  ['GEELY', 0.6, [m('Coolray', ['TODO_TERRENO_4X2'], 24_000, 1500), m('Emgrand', ['SEDAN'], 17_000, 1500), m('Okavango', ['TODO_TERRENO_4X2'], 30_000, 1500)]],
  ['CHANGAN', 0.6, [m('CS35 Plus', ['TODO_TERRENO_4X2'], 21_000, 1400), m('CS55 Plus', ['TODO_TERRENO_4X2'], 26_000, 1500), m('Hunter', ['PICK_UP_4X4'], 36_000, 2000, [['DIESEL', 0.7]])]],
  ['LEXUS', 0.6, [m('RX', ['TODO_TERRENO_4X4'], 62_000, 3500, [['HYBRID', 0.5]]), m('NX', ['TODO_TERRENO_4X2'], 50_000, 2500, [['HYBRID', 0.5]]), m('IS', ['SEDAN'], 45_000, 2500)]],
  ['LAND_ROVER', 0.6, [m('Range Rover Evoque', ['TODO_TERRENO_4X4'], 58_000, 2000), m('Defender', ['TODO_TERRENO_4X4'], 70_000, 3000, DIESEL_OFTEN), m('Discovery Sport', ['TODO_TERRENO_4X4'], 52_000, 2000, DIESEL_OFTEN)]],
];

/** Premium brands hold their price in dollars; their sellers quote USD more often. */
export const PREMIUM_BRANDS: ReadonlySet<BrandCode> = new Set(['BMW', 'MERCEDES_BENZ', 'LEXUS', 'LAND_ROVER', 'JEEP']);

/** Province codes by weight: most of the market is in the Central Valley. */
export const PROVINCE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['1', 35], // San José
  ['2', 22], // Alajuela
  ['4', 14], // Heredia
  ['3', 12], // Cartago
  ['6', 7], // Puntarenas
  ['5', 6], // Guanacaste
  ['7', 4], // Limón
];

/** Colour names as sellers write them (Spanish), by weight. */
export const EXTERIOR_COLOURS: ReadonlyArray<readonly [string, number]> = [
  ['Blanco', 22], ['Gris', 16], ['Plateado', 16], ['Negro', 14], ['Azul', 9], ['Rojo', 9], ['Vino', 3], ['Verde', 3],
  ['Beige', 2], ['Café', 2], ['Champán', 1], ['Dorado', 1], ['Anaranjado', 1], ['Amarillo', 0.5], ['Morado', 0.3],
];
export const INTERIOR_COLOURS: ReadonlyArray<readonly [string, number]> = [['Negro', 50], ['Gris', 25], ['Beige', 20], ['Café', 5]];

export const FIRST_NAMES = [
  'José', 'María', 'Luis', 'Ana', 'Carlos', 'Laura', 'Juan', 'Sofía', 'Andrés', 'Daniela', 'Jorge', 'Valeria', 'Diego',
  'Gabriela', 'Fabián', 'Mariana', 'Esteban', 'Natalia', 'Alejandro', 'Paola', 'Mauricio', 'Karla', 'Randall', 'Melissa',
  'Óscar', 'Adriana', 'Pablo', 'Silvia', 'Minor', 'Yesenia', 'Roberto', 'Priscilla', 'Ricardo', 'Marcela', 'Jeffrey', 'Tatiana',
] as const;

export const SURNAMES = [
  'Rodríguez', 'Vargas', 'Jiménez', 'Mora', 'Rojas', 'Solís', 'Alvarado', 'Araya', 'Herrera', 'Castro', 'Chaves', 'Quesada',
  'Villalobos', 'Salazar', 'Sánchez', 'Hernández', 'Ramírez', 'Zúñiga', 'Campos', 'Calderón', 'Arias', 'Brenes', 'Cordero',
  'Fallas', 'Murillo', 'Núñez', 'Madrigal', 'Ugalde', 'Barquero', 'Montero', 'Esquivel', 'Soto', 'Badilla', 'Valverde',
] as const;

/** Parts of dealer names: "Autos Mora", "Autocentro Heredia S.A.", "Carros del Valle". */
export const DEALER_PREFIXES = ['Autos', 'Autocentro', 'Carros', 'Vehículos', 'Motores', 'Autolote', 'Importadora'] as const;
export const DEALER_PLACES = [
  'del Valle', 'San José', 'Heredia', 'Alajuela', 'Cartago', 'Escazú', 'Curridabat', 'La Sabana', 'Pavas', 'Tibás',
  'Zapote', 'Grecia', 'San Carlos', 'Liberia', 'Pérez Zeledón', 'del Pacífico', 'Central', 'Tres Ríos',
] as const;
export const DEALER_SUFFIXES = ['', '', ' S.A.', ' CR', ' & Hijos', ' Internacional'] as const;

/** Gold ads' custom messages (at most 56 characters). */
export const GOLD_MESSAGES = [
  '¡Único dueño, mantenimiento en agencia!',
  'Recibo carro de menor valor',
  'Financiamiento disponible, prima desde 10%',
  'Marchamo y RTV al día',
  'Llantas nuevas, listo para traspasar',
  'Precio negociable, papeles al día',
  'Garantía de 3 meses en motor y caja',
  'Como nuevo, siempre en garaje',
  'Se acepta vehículo como parte de pago',
  'Impecable, revisado por mecánico de confianza',
] as const;

export const KNOWN_DAMAGES = [
  'Golpe leve en la puerta trasera derecha',
  'Rayón en el bumper delantero',
  'Pintura del cofre quemada por el sol',
  'Aire acondicionado necesita recarga',
  'Parabrisas con una pequeña estrella',
  'Tapicería del asiento del chofer gastada',
  'Luz de check engine encendida, ya diagnosticada',
] as const;
