import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  isAlphanumeric,
  isAlphanumericName,
  isAlphanumericWithSpacesAndHyphens,
  isDigits,
  isEmail,
  isNonNegativeDecimal,
  isPersonName,
  isPhone,
  isPositiveDecimal,
  normalizePhone,
  parsePhoneList,
  phoneEntrySchema,
  phoneListSchema,
  phoneNumberSchema,
} from '../src/index';
import { errorsOf } from './helpers';

describe('helper rules', () => {
  it('accepts names of letters and spaces with accents, at least 2 letters', () => {
    for (const name of ['José', 'María José', 'Núñez', 'Lü']) expect(isPersonName(name), name).toBe(true);
    for (const name of ['J', 'Ana2', 'Ana  María', '', "O'Neil"]) expect(isPersonName(name), name).toBe(false);
  });

  it('accepts alphanumeric text and names', () => {
    expect(isAlphanumeric('ABC123')).toBe(true);
    expect(isAlphanumeric('ABC-123')).toBe(false);
    expect(isAlphanumericName('A1')).toBe(true);
    expect(isAlphanumericName('A')).toBe(false);
    expect(isAlphanumericWithSpacesAndHyphens('Gris-oscuro 2')).toBe(true);
    expect(isAlphanumericWithSpacesAndHyphens('Gris/oscuro')).toBe(false);
  });

  it('accepts 8-digit phones with an optional space or hyphen after the fourth digit', () => {
    for (const phone of ['88888888', '8888-8888', '8888 8888']) expect(isPhone(phone), phone).toBe(true);
    for (const phone of ['888-88888', '8888888', '888888889', '8888--8888', 'abcd-efgh']) {
      expect(isPhone(phone), phone).toBe(false);
    }
    expect(normalizePhone('8888-8888')).toBe('88888888');
  });

  it('accepts e-mails with a top-level domain of 2 or more letters, up to 64 characters', () => {
    expect(isEmail('ana.mora@correo.co.cr')).toBe(true);
    expect(isEmail('ana@correo.c')).toBe(false);
    expect(isEmail('ana@correo')).toBe(false);
    expect(isEmail('ana mora@correo.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(53)}@correo.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(54)}@correo.com`)).toBe(false);
    expect(emailSchema().parse(' Ana@Correo.COM ')).toBe('ana@correo.com');
  });

  it('accepts digits only and decimals with up to 2 decimals', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('12a')).toBe(false);
    expect(isPositiveDecimal('10.25')).toBe(true);
    expect(isPositiveDecimal('0')).toBe(false);
    expect(isPositiveDecimal('1.234')).toBe(false);
    expect(isNonNegativeDecimal('0')).toBe(true);
    expect(isNonNegativeDecimal('-1')).toBe(false);
  });
});

describe('phones', () => {
  it('normalises a valid phone and defaults its type to WHATSAPP', () => {
    expect(phoneEntrySchema.parse({ phone: '8888 8888' })).toEqual({ phone: '88888888', phoneType: 'WHATSAPP' });
    expect(phoneEntrySchema.parse({ phone: '22222222', phoneType: 'HOME' }).phoneType).toBe('HOME');
    expect(phoneNumberSchema().safeParse('123').error?.issues[0]?.message).toBe('invalidPhone');
  });

  it('requires 1 to 5 valid phones', () => {
    const phone = { phone: '88888888' };
    expect(errorsOf(phoneListSchema, [])).toEqual({ '': 'atLeastOnePhone' });
    expect(errorsOf(phoneListSchema, Array(6).fill(phone))).toEqual({ '': 'tooManyPhones' });
    expect(errorsOf(phoneListSchema, [phone, { phone: '12' }])).toEqual({ '1.phone': 'invalidPhone' });
    expect(errorsOf(phoneListSchema, [{ phone: '88888888', phoneType: 'FAX' }])).toEqual({ '0.phoneType': 'invalidPhoneType' });
    expect(phoneListSchema.parse(Array(5).fill(phone))).toHaveLength(5);
  });

  it('reads a stored phone list keeping only the valid rows', () => {
    expect(parsePhoneList('[{"phone":"8888-8888"},{"phone":"1"}]')).toEqual([{ phone: '88888888', phoneType: 'WHATSAPP' }]);
    expect(parsePhoneList('not json')).toEqual([]);
  });
});

describe('formatPhone (issue 13)', () => {
  it('writes a Costa Rican phone as 8888-1234 and leaves anything else as written', async () => {
    const { formatPhone } = await import('../src/index');
    expect(formatPhone('87654321')).toBe('8765-4321');
    expect(formatPhone('8765 4321')).toBe('8765-4321');
    expect(formatPhone('8765-4321')).toBe('8765-4321');
    expect(formatPhone('+1 555 0100')).toBe('+1 555 0100');
  });
});
