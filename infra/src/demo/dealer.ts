import { dealerInfoSchema, type DealerInfo, type DealerDay } from '@ruedas/domain';
import type { DemoSeller } from './generate';

/** Directions the Costa Rican way, for the demo's dealers (decision 0047). */
const DIRECTIONS = [
  '200 m norte de la iglesia católica, local esquinero',
  'Frente al parque central, contiguo al banco',
  '100 m este y 50 m sur del supermercado, portón negro',
  'Costado sur de la plaza de deportes, edificio blanco',
  'Sobre la carretera principal, 300 m oeste de la gasolinera',
  '50 m norte de la escuela, a mano derecha',
];

const range = (opens: string, closes: string) => ({ opens, closes });

/** A stable number from a text (the same dealer gets the same page on every seeding). */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/**
 * A demo merchant's business page: the account's own place, directions and a usual week (weekdays
 * 8:00–17:30, some closing for lunch; Saturday morning or closed; Sunday closed). No coordinates: the
 * map links search for the address. Checked with the domain's rules like any dealer's.
 */
export function demoDealer(seller: DemoSeller): DealerInfo {
  const hash = hashOf(seller.email);
  const lunch = hash % 3 === 0;
  const weekday = lunch ? [range('08:00', '12:00'), range('13:00', '17:30')] : [range('08:00', '17:30')];
  const saturday = hash % 4 === 3 ? [] : [range('08:00', '13:00')];
  const hours: DealerDay[] = [
    { day: 'MONDAY', ranges: weekday },
    { day: 'TUESDAY', ranges: weekday },
    { day: 'WEDNESDAY', ranges: weekday },
    { day: 'THURSDAY', ranges: weekday },
    { day: 'FRIDAY', ranges: weekday },
    { day: 'SATURDAY', ranges: saturday },
    { day: 'SUNDAY', ranges: [] },
  ];
  return dealerInfoSchema().parse({
    province: seller.province,
    canton: seller.canton,
    district: seller.district,
    directions: DIRECTIONS[hash % DIRECTIONS.length],
    hours,
  });
}
