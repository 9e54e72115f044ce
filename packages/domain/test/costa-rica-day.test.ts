import { describe, expect, it } from 'vitest';
import { costaRicaDay, costaRicaDayStart, costaRicaDays } from '../src';

describe('Costa Rica days (UTC-6 all year)', () => {
  it('names the day of an instant as Costa Rica sees it, from a number or a Date', () => {
    expect(costaRicaDay(Date.parse('2026-03-01T05:59:59Z'))).toBe('2026-02-28');
    expect(costaRicaDay(new Date('2026-03-01T06:00:00Z'))).toBe('2026-03-01');
  });
  it('finds the instant a day starts, refusing days that do not exist', () => {
    expect(costaRicaDayStart('2026-03-01')).toBe(Date.parse('2026-03-01T06:00:00Z'));
    expect(costaRicaDayStart('2026-02-30')).toBeNull();
    expect(costaRicaDayStart('1-3-2026')).toBeNull();
  });
  it('spans a range of days, both included, and refuses one that ends before it starts', () => {
    expect(costaRicaDays('2026-03-01', '2026-03-02')).toEqual({ from: new Date('2026-03-01T06:00:00Z'), to: new Date('2026-03-03T06:00:00Z') });
    expect(costaRicaDays('2026-03-02', '2026-03-01')).toBeNull();
  });
});
