import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  readPriceText,
  formatNumber,
  fromCrc,
  nextCalendarYear,
  parseCurrencyInput,
  toCrc,
  whatsappLink,
} from '../src/index';

describe('money', () => {
  it('writes CRC with ₡ and USD with $, grouped per language', () => {
    expect(formatMoney(12_500_000, 'CRC', 'es')).toBe('₡12.500.000');
    expect(formatMoney(12_500_000, 'CRC', 'en')).toBe('₡12,500,000');
    expect(formatMoney(12_500, 'USD', 'en')).toBe('$12,500');
    expect(formatMoney(12_500, 'USD', 'es')).toBe('$12.500');
    expect(formatMoney(1_000, 'CRC', 'es')).toBe('₡1.000');
    expect(formatMoney(999, 'USD', 'en')).toBe('$999');
    expect(formatMoney(0, 'CRC', 'es')).toBe('₡0');
  });

  it('shows cents only when there are some', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'CRC', 'es')).toBe('₡1.234,50');
    expect(formatMoney(-2500.25, 'USD', 'en')).toBe('-$2,500.25');
    expect(formatNumber(50_000, 'es')).toBe('50.000');
    expect(() => formatNumber(Number.NaN, 'es')).toThrow(RangeError);
  });

  it('normalises prices to CRC and back with the exchange rate', () => {
    expect(toCrc(10_000, 'USD', 510)).toBe(5_100_000);
    expect(toCrc(5_100_000, 'CRC', 510)).toBe(5_100_000);
    expect(fromCrc(5_100_000, 'USD', 510)).toBe(10_000);
    expect(fromCrc(1000, 'USD', 3)).toBe(333.33);
    expect(() => toCrc(1, 'USD', 0)).toThrow(/exchange rate/);
  });
});

describe('currency input', () => {
  it('reads digits with separators and symbols', () => {
    expect(parseCurrencyInput('12500000')).toBe(12_500_000);
    expect(parseCurrencyInput('₡12.500.000')).toBe(12_500_000);
    expect(parseCurrencyInput('$ 12,500')).toBe(12_500);
    expect(parseCurrencyInput('1,000,000.75')).toBe(1_000_000.75);
    expect(parseCurrencyInput('1.000.000,75')).toBe(1_000_000.75);
    expect(parseCurrencyInput('12,5')).toBe(12.5);
    expect(parseCurrencyInput('99.999')).toBe(99_999);
    expect(parseCurrencyInput('10.126,456')).toBe(10_126.46);
  });

  it('clamps to 0..1,000,000,000 and turns invalid text into 0', () => {
    expect(parseCurrencyInput('5.000.000.000')).toBe(1_000_000_000);
    expect(parseCurrencyInput('-500')).toBe(0);
    expect(parseCurrencyInput('12a')).toBe(0);
    expect(parseCurrencyInput('')).toBe(0);
    expect(parseCurrencyInput('$')).toBe(0);
  });
});

describe('dates', () => {
  it('writes dd-MM-yyyy HH:mm:ss in Costa Rica time (UTC-6)', () => {
    expect(formatDateTime(new Date('2025-03-09T02:05:09Z'))).toBe('08-03-2025 20:05:09');
    expect(formatDateTime('2025-12-31T23:59:59.999Z')).toBe('31-12-2025 17:59:59');
    expect(formatDateTime(Date.UTC(2024, 0, 1, 6, 0, 0))).toBe('01-01-2024 00:00:00');
    expect(formatDate('2025-03-09T02:05:09Z')).toBe('08-03-2025');
    expect(() => formatDateTime('yesterday')).toThrow(RangeError);
  });

  it('agrees with the time-zone database on every instant since 1993 (written without Intl, which is slow to start)', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Costa_Rica',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.UTC(1993, 0, 1);
    const step = 7 * 3_600_000 + 13 * 60_000 + 17_000;
    for (let instant = start; instant < Date.UTC(2045, 0, 1); instant += step * 97) {
      const parts = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
      expect(formatDateTime(instant)).toBe(`${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`);
    }
  });

  it('computes next calendar year in Costa Rica', () => {
    expect(nextCalendarYear(new Date('2026-01-01T05:59:59Z'))).toBe(2026);
    expect(nextCalendarYear(new Date('2026-01-01T06:00:00Z'))).toBe(2027);
  });
});

describe('WhatsApp link', () => {
  it('builds a wa.me link with 506, the 8 digits and an encoded greeting', () => {
    expect(whatsappLink('8888-8888', { brand: 'TOYOTA', model: 'RAV4', year: 2019 })).toBe(
      'https://wa.me/50688888888?text=Hola%2C%20me%20interesa%20su%20Toyota%20RAV4%202019%20publicado%20en%20Ruedas.',
    );
    expect(whatsappLink('8888 8888', { brand: 'Land Rover', model: 'Defender', year: 2020 }, 'en')).toBe(
      'https://wa.me/50688888888?text=Hello%2C%20I%20am%20interested%20in%20your%20Land%20Rover%20Defender%202020%20listed%20on%20Ruedas.',
    );
  });

  it('refuses a phone that is not 8 digits', () => {
    expect(() => whatsappLink('506 8888 8888', { brand: 'KIA', model: 'Rio', year: 2015 })).toThrow(/8-digit/);
  });
});

describe('readPriceText (issue 13)', () => {
  it('reads amounts with separators, symbols and words in both languages', () => {
    expect(readPriceText('6.5 millones', 'CRC')).toEqual({ ok: true, amount: 6_500_000 });
    expect(readPriceText('6,5 millones', 'CRC')).toEqual({ ok: true, amount: 6_500_000 });
    expect(readPriceText('1,5 millón', 'CRC')).toEqual({ ok: true, amount: 1_500_000 });
    expect(readPriceText('6.5M', 'CRC')).toEqual({ ok: true, amount: 6_500_000 });
    expect(readPriceText('6 millones 500 mil', 'CRC')).toEqual({ ok: true, amount: 6_500_000 });
    expect(readPriceText('850 mil colones', 'CRC')).toEqual({ ok: true, amount: 850_000 });
    expect(readPriceText('₡6 500 000', 'CRC')).toEqual({ ok: true, amount: 6_500_000 });
    expect(readPriceText('6.500.000', 'CRC')).toEqual({ ok: true, amount: 6_500_000 });
    expect(readPriceText('12k', 'USD')).toEqual({ ok: true, amount: 12_000 });
    expect(readPriceText('$15,000', 'USD')).toEqual({ ok: true, amount: 15_000 });
    expect(readPriceText('12.5 thousand dollars', 'USD')).toEqual({ ok: true, amount: 12_500 });
    expect(readPriceText('', 'CRC')).toEqual({ ok: true, amount: 0 });
  });
  it('refuses colones with cents as ambiguous (no more "6.5" read as ₡6,50) and anything else it cannot read', () => {
    expect(readPriceText('6.5', 'CRC')).toEqual({ ok: false, error: 'ambiguousPrice' });
    expect(readPriceText('6,50', 'CRC')).toEqual({ ok: false, error: 'ambiguousPrice' });
    expect(readPriceText('12.5', 'USD')).toEqual({ ok: true, amount: 12.5 });
    expect(readPriceText('seis millones', 'CRC')).toEqual({ ok: false, error: 'invalidPriceText' });
    expect(readPriceText('500 mil 6 millones', 'CRC')).toEqual({ ok: false, error: 'invalidPriceText' });
    expect(readPriceText('6 millones y algo', 'CRC')).toEqual({ ok: false, error: 'invalidPriceText' });
    expect(readPriceText('2000 millones', 'CRC')).toEqual({ ok: false, error: 'invalidPriceText' });
  });
});
