import { describe, expect, it } from 'vitest';
import { interpretYear, SEARCH_LIMITS, yearSliderRange } from '../src/index';

const now = new Date('2025-06-15T12:00:00Z');

describe('free-text years', () => {
  it('maps two-digit years to 20xx up to next year, else 19xx from 1950', () => {
    expect(interpretYear('18', now)).toBe(2018);
    expect(interpretYear('26', now)).toBe(2026);
    expect(interpretYear('27', now)).toBeUndefined();
    expect(interpretYear('95', now)).toBe(1995);
    expect(interpretYear('50', now)).toBe(1950);
  });

  it('takes four-digit years between 1950 and next year only', () => {
    expect(interpretYear('2019', now)).toBe(2019);
    expect(interpretYear('1949', now)).toBeUndefined();
    expect(interpretYear('2027', now)).toBeUndefined();
    expect(interpretYear('corolla', now)).toBeUndefined();
    expect(interpretYear('123', now)).toBeUndefined();
  });
});

describe('search limits', () => {
  it('runs the year slider from 1990 to next year and has the price sliders of the spec', () => {
    expect(yearSliderRange(now)).toEqual({ min: 1990, max: 2026 });
    expect(SEARCH_LIMITS.priceSlider.CRC).toEqual({ min: 0, max: 40_000_000, step: 100_000 });
    expect(SEARCH_LIMITS.priceSlider.USD).toEqual({ min: 0, max: 80_000, step: 1_000 });
  });
});
