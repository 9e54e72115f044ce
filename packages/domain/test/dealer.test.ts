import { describe, expect, it } from 'vitest';
import {
  coordinatesFromMapLink,
  dealerInfoSchema as dealerInfoSchemaOf,
  dealerMapLinks,
  dealerOpenAt,
  openingHoursSpecification,
  translate,
  validate,
  WEEKDAYS,
  type DealerDay,
} from '../src';

const dealerInfoSchema = dealerInfoSchemaOf();

const weekdays = (ranges: Array<{ opens: string; closes: string }>): DealerDay[] => WEEKDAYS.map((day) => ({ day, ranges: day === 'SUNDAY' ? [] : ranges }));

const valid = {
  province: '1',
  canton: '101',
  district: '10101',
  directions: '200 m norte de la Catedral',
  hours: weekdays([
    { opens: '08:00', closes: '12:00' },
    { opens: '13:00', closes: '17:30' },
  ]),
};

describe('dealerInfoSchema', () => {
  it('takes a complete address, hours and coordinates; answers the seven days Monday first', () => {
    const result = validate(dealerInfoSchema, {
      ...valid,
      hours: [{ day: 'TUESDAY', ranges: [{ opens: '09:00', closes: '18:00' }] }],
      latitude: '9.9325',
      longitude: -84.0795,
    });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.data.hours.map((d) => d.day)).toEqual([...WEEKDAYS]);
    expect(result.data.hours[0]!.ranges).toEqual([]);
    expect(result.data.hours[1]!.ranges).toEqual([{ opens: '09:00', closes: '18:00' }]);
    expect(result.data).toMatchObject({ latitude: 9.9325, longitude: -84.0795 });
    expect(validate(dealerInfoSchema, valid)).toMatchObject({ ok: true, data: { latitude: null, longitude: null } });
  });

  it('refuses hours that close before they open, overlap, or are not times', () => {
    const monday = (...ranges: Array<[opens: string, closes: string]>) => ({
      ...valid,
      hours: [{ day: 'MONDAY', ranges: ranges.map(([opens, closes]) => ({ opens, closes })) }],
    });
    const refused: Array<[input: unknown, errors: Record<string, string>]> = [
      [monday(['17:00', '08:00']), { 'hours.0.ranges.0.closes': 'closesBeforeOpens' }],
      [monday(['08:00', '08:00']), { 'hours.0.ranges.0.closes': 'closesBeforeOpens' }],
      [monday(['08:00', '13:00'], ['12:00', '17:00']), { 'hours.0.ranges.1.opens': 'overlappingOpeningRanges' }],
      [monday(['8', '25:00']), { 'hours.0.ranges.0.opens': 'invalidOpeningTime', 'hours.0.ranges.0.closes': 'invalidOpeningTime' }],
      [monday(['06:00', '09:00'], ['10:00', '12:00'], ['13:00', '14:00']), { 'hours.0.ranges': 'tooManyOpeningRanges' }],
      [{ ...valid, hours: [monday().hours[0], monday().hours[0]] }, { 'hours.1.day': 'invalidWeekday' }],
    ];
    for (const [input, errors] of refused) expect(validate(dealerInfoSchema, input)).toEqual({ ok: false, errors });
    expect(validate(dealerInfoSchema, monday(['18:00', '24:00']))).toMatchObject({ ok: true });
  });

  it('refuses an incomplete or mismatched address and blank directions, showing every error at once', () => {
    const result = validate(dealerInfoSchema, {
      ...valid,
      canton: '201',
      district: '',
      directions: ' ',
      hours: [{ day: 'MONDAY', ranges: [{ opens: '10:00', closes: '09:00' }] }],
    });
    expect(result).toEqual({ ok: false, errors: { directions: 'invalidDirections', canton: 'invalidCanton', 'hours.0.ranges.0.closes': 'closesBeforeOpens' } });
    expect(validate(dealerInfoSchema, { ...valid, district: '' })).toMatchObject({ ok: false, errors: { district: 'invalidDistrict' } });
  });

  it('refuses coordinates outside Costa Rica or only one of the two', () => {
    // Managua, Nicaragua; Panama City.
    expect(validate(dealerInfoSchema, { ...valid, latitude: 12.1364, longitude: -86.2514 })).toEqual({
      ok: false,
      errors: { latitude: 'coordinatesOutsideCostaRica' },
    });
    expect(validate(dealerInfoSchema, { ...valid, mapLink: 'https://www.google.com/maps/@8.9824,-79.5199,15z' })).toEqual({
      ok: false,
      errors: { mapLink: 'coordinatesOutsideCostaRica' },
    });
    expect(validate(dealerInfoSchema, { ...valid, latitude: 9.93 })).toEqual({ ok: false, errors: { longitude: 'invalidCoordinates' } });
    expect(validate(dealerInfoSchema, { ...valid, latitude: 'north', longitude: -84 })).toMatchObject({
      ok: false,
      errors: { latitude: 'invalidCoordinates' },
    });
    expect(validate(dealerInfoSchema, { ...valid, mapLink: 'https://maps.app.goo.gl/AbCdEf123' })).toEqual({
      ok: false,
      errors: { mapLink: 'mapLinkWithoutCoordinates' },
    });
  });

  it('reads the coordinates of pasted Google Maps and Waze links', () => {
    const at = { latitude: 9.9325, longitude: -84.0795 };
    for (const link of [
      'https://www.google.com/maps/place/Catedral/@9.9325,-84.0795,17z/data=!3m1',
      'https://www.google.com/maps/place/X/data=!4m6!3m5!1s0x0:0x0!8m2!3d9.9325!4d-84.0795',
      'https://maps.google.com/?q=9.9325,-84.0795',
      'https://www.google.com/maps/search/?api=1&query=9.9325%2C-84.0795',
      'https://waze.com/ul?ll=9.9325%2C-84.0795&navigate=yes',
      'https://www.waze.com/live-map/directions?to=ll.9.93,-84.07&ll=9.9325,-84.0795',
      ' 9.9325, -84.0795 ',
    ]) {
      expect(coordinatesFromMapLink(link), link).toEqual(at);
    }
    expect(coordinatesFromMapLink('Catedral de San José')).toBeNull();
    expect(validate(dealerInfoSchema, { ...valid, mapLink: 'https://waze.com/ul?ll=10.6346,-85.4407' })).toMatchObject({
      ok: true,
      data: { latitude: 10.6346, longitude: -85.4407 },
    });
  });

  it('translates every new message in both languages', () => {
    for (const key of [
      'invalidDirections',
      'closesBeforeOpens',
      'overlappingOpeningRanges',
      'coordinatesOutsideCostaRica',
      'mapLinkWithoutCoordinates',
      'dealerInfoForMerchantsOnly',
    ] as const) {
      expect(translate(key, 'es')).not.toBe(translate(key, 'en'));
    }
  });
});

describe('open now, map links and schema.org hours', () => {
  const hours = weekdays([
    { opens: '08:00', closes: '12:00' },
    { opens: '13:00', closes: '17:30' },
  ]);

  it('tells open or closed in Costa Rica time (UTC-6 all year), whatever the machine zone', () => {
    // Wednesday 2026-11-25 10:00 in Costa Rica is 16:00 UTC.
    expect(dealerOpenAt(hours, new Date('2026-11-25T16:00:00Z'))).toEqual({ open: true, day: 'WEDNESDAY', range: { opens: '08:00', closes: '12:00' } });
    // 12:30 lunch, 17:30 closing (exclusive), 07:59 before opening.
    expect(dealerOpenAt(hours, new Date('2026-11-25T18:30:00Z')).open).toBe(false);
    expect(dealerOpenAt(hours, new Date('2026-11-25T23:30:00Z')).open).toBe(false);
    expect(dealerOpenAt(hours, new Date('2026-11-25T13:59:00Z')).open).toBe(false);
    // 01:00 UTC Thursday is still Wednesday 19:00 in Costa Rica; Sunday is closed all day.
    expect(dealerOpenAt(hours, new Date('2026-11-26T01:00:00Z'))).toMatchObject({ open: false, day: 'WEDNESDAY' });
    expect(dealerOpenAt(hours, new Date('2026-11-29T16:00:00Z'))).toMatchObject({ open: false, day: 'SUNDAY' });
    // In July too (no daylight saving time).
    expect(dealerOpenAt(hours, new Date('2026-07-01T14:00:00Z'))).toMatchObject({ open: true, day: 'WEDNESDAY' });
  });

  it('links to Google Maps and Waze by coordinates, else by address', () => {
    const info = { ...valid, hours, latitude: 9.9325, longitude: -84.0795 };
    expect(dealerMapLinks(info)).toEqual({
      google: 'https://www.google.com/maps/search/?api=1&query=9.9325%2C-84.0795',
      waze: 'https://waze.com/ul?ll=9.9325%2C-84.0795&navigate=yes',
    });
    const byAddress = dealerMapLinks({ ...info, latitude: null, longitude: null });
    expect(decodeURIComponent(byAddress.google)).toContain('200 m norte de la Catedral, Carmen, San José, San José, Costa Rica');
    expect(byAddress.waze).toMatch(/^https:\/\/waze\.com\/ul\?q=/);
  });

  it('writes schema.org OpeningHoursSpecification for each open range', () => {
    const spec = openingHoursSpecification(hours);
    expect(spec).toHaveLength(12);
    expect(spec[0]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '08:00', closes: '12:00' });
  });
});
