import type { BrandCode } from './brands';

/**
 * Model names of the brands sold most in Costa Rica. They are proper names, the same in both
 * languages, and they are suggestions: the model of an ad is free text (max 60 characters).
 */
export const MODELS_BY_BRAND: Readonly<Partial<Record<BrandCode, readonly string[]>>> = {
  TOYOTA: [
    '4Runner', 'Avanza', 'bZ4X', 'C-HR', 'Camry', 'Celica', 'Corolla', 'Corolla Cross', 'Echo', 'FJ Cruiser',
    'Fortuner', 'Hiace', 'Highlander', 'Hilux', 'Land Cruiser', 'Land Cruiser Prado', 'Paseo', 'Prius', 'Raize',
    'RAV4', 'Rush', 'Sequoia', 'Sienna', 'Starlet', 'Supra', 'Tacoma', 'Tercel', 'Tundra', 'Yaris', 'Yaris Cross',
  ],
  HYUNDAI: [
    'Accent', 'Atos', 'Creta', 'Elantra', 'Galloper', 'Grand i10', 'H-1', 'i10', 'i20', 'i30', 'Ioniq', 'Ioniq 5',
    'Kona', 'Palisade', 'Porter', 'Santa Fe', 'Sonata', 'Staria', 'Terracan', 'Tucson', 'Veloster', 'Venue',
  ],
  NISSAN: [
    '350Z', 'Almera', 'Altima', 'Frontier', 'Juke', 'Kicks', 'Leaf', 'March', 'Micra', 'Murano', 'Navara', 'Note',
    'NP300', 'Pathfinder', 'Patrol', 'Qashqai', 'Rogue', 'Sentra', 'Sunny', 'Terrano', 'Tiida', 'Urvan', 'Versa',
    'X-Trail', 'Xterra',
  ],
  SUZUKI: [
    'Alto', 'APV', 'Baleno', 'Carry', 'Celerio', 'Ciaz', 'Dzire', 'Ertiga', 'Fronx', 'Grand Vitara', 'Ignis',
    'Jimny', 'Kizashi', 'S-Presso', 'Samurai', 'Sidekick', 'Swift', 'SX4', 'Vitara', 'XL7',
  ],
  MITSUBISHI: [
    'ASX', 'Attrage', 'Colt', 'Eclipse Cross', 'Galant', 'L200', 'Lancer', 'Mirage', 'Mirage G4', 'Montero',
    'Montero Sport', 'Nativa', 'Outlander', 'Outlander Sport', 'Pajero', 'Space Star', 'Xpander',
  ],
  HONDA: [
    'Accord', 'BR-V', 'City', 'Civic', 'CR-V', 'CR-Z', 'Element', 'Fit', 'HR-V', 'Insight', 'Jazz', 'Odyssey',
    'Pilot', 'Prelude', 'Ridgeline', 'WR-V', 'ZR-V',
  ],
  KIA: [
    'Carens', 'Carnival', 'Cerato', 'EV6', 'Forte', 'K2700', 'K5', 'Mohave', 'Niro', 'Optima', 'Picanto', 'Pregio',
    'Rio', 'Seltos', 'Soluto', 'Sonet', 'Sorento', 'Soul', 'Sportage', 'Stinger', 'Telluride',
  ],
  CHEVROLET: [
    'Aveo', 'Beat', 'Blazer', 'Camaro', 'Captiva', 'Cavalier', 'Colorado', 'Corvette', 'Cruze', 'Equinox', 'Groove',
    'Luv D-Max', 'Malibu', 'Montana', 'Onix', 'Optra', 'S10', 'Sail', 'Silverado', 'Spark', 'Suburban', 'Tahoe',
    'Tracker', 'Trailblazer', 'Traverse', 'Trax',
  ],
  MAZDA: [
    '2', '3', '5', '6', '323', '626', 'B2200', 'B2500', 'BT-50', 'CX-3', 'CX-30', 'CX-5', 'CX-50', 'CX-60', 'CX-7',
    'CX-9', 'CX-90', 'MX-5', 'Protegé', 'Tribute',
  ],
  ISUZU: ['Amigo', 'D-Max', 'Elf', 'Faster', 'KB', 'MU-X', 'NHR', 'NKR', 'NPR', 'Pick-up', 'Rodeo', 'Trooper'],
  FORD: [
    'Bronco', 'Bronco Sport', 'Courier', 'EcoSport', 'Edge', 'Escape', 'Escort', 'Everest', 'Expedition', 'Explorer',
    'F-150', 'F-250', 'Fiesta', 'Focus', 'Fusion', 'Ka', 'Maverick', 'Mustang', 'Ranger', 'Territory', 'Transit',
  ],
  VOLKSWAGEN: [
    'Amarok', 'Beetle', 'Crafter', 'Fusca', 'Gol', 'Golf', 'ID.4', 'Jetta', 'Nivus', 'Passat', 'Polo', 'Saveiro',
    'T-Cross', 'Taos', 'Teramont', 'Tiguan', 'Touareg', 'Transporter', 'Vento', 'Virtus', 'Voyage',
  ],
  SUBARU: ['Ascent', 'BRZ', 'Crosstrek', 'Forester', 'Impreza', 'Legacy', 'Outback', 'Tribeca', 'WRX', 'XV'],
  BMW: [
    '116i', '118i', '120i', '218i', '220i', '318i', '320i', '330e', '330i', '520i', '530e', '530i', '740Li', 'i3',
    'i4', 'iX', 'iX3', 'M2', 'M3', 'M4', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'Z4',
  ],
  MERCEDES_BENZ: [
    'A 200', 'AMG GT', 'B 200', 'C 200', 'C 300', 'CLA 200', 'CLA 250', 'E 200', 'E 300', 'EQA', 'EQC', 'G 500',
    'GLA 200', 'GLB 200', 'GLC 300', 'GLE 350', 'GLE 450', 'GLS 450', 'ML 350', 'S 500', 'Sprinter', 'Vito',
  ],
  JEEP: [
    'Cherokee', 'CJ-7', 'Commander', 'Compass', 'Gladiator', 'Grand Cherokee', 'Grand Wagoneer', 'Liberty',
    'Patriot', 'Renegade', 'Wagoneer', 'Wrangler',
  ],
  DAIHATSU: [
    'Applause', 'Bego', 'Charade', 'Cuore', 'Delta', 'Feroza', 'Gran Max', 'Hijet', 'Mira', 'Move', 'Rocky',
    'Sirion', 'Terios', 'Xenia', 'YRV',
  ],
  BYD: [
    'Atto 3', 'Dolphin', 'Dolphin Mini', 'e2', 'F3', 'Han', 'Qin', 'Seagull', 'Seal', 'Seal U', 'Shark', 'Song Plus',
    'Song Pro', 'Tang', 'Yuan Plus', 'Yuan Pro',
  ],
  LAND_ROVER: [
    'Defender', 'Discovery', 'Discovery Sport', 'Freelander', 'Range Rover', 'Range Rover Evoque',
    'Range Rover Sport', 'Range Rover Velar',
  ],
  LEXUS: ['ES', 'GX', 'IS', 'LC', 'LS', 'LX', 'NX', 'RX', 'RZ', 'UX'],
  GEELY: ['Azkarra', 'Cityray', 'Coolray', 'Emgrand', 'EX5', 'Geometry C', 'GX3 Pro', 'Monjaro', 'Okavango', 'Tugella'],
  CHERY: [
    'Arrizo 5', 'QQ', 'Tiggo 2', 'Tiggo 2 Pro', 'Tiggo 3', 'Tiggo 4', 'Tiggo 4 Pro', 'Tiggo 7', 'Tiggo 7 Pro',
    'Tiggo 8', 'Tiggo 8 Pro',
  ],
  CHANGAN: [
    'Alsvin', 'CS15', 'CS35', 'CS35 Plus', 'CS55', 'CS55 Plus', 'CS75', 'CS75 Plus', 'CX70', 'Hunter', 'Uni-K',
    'Uni-T',
  ],
};

/** The suggested models of a brand, or an empty list for brands without a list. */
export function modelsOf(brand: BrandCode): readonly string[] {
  return MODELS_BY_BRAND[brand] ?? [];
}
