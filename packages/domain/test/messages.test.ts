import { describe, expect, it } from 'vitest';
import {
  adStep3Schema,
  adStep1Schema,
  ERROR_CODES,
  errorBody,
  errorMessage,
  GENERIC_ERROR_KEY,
  isErrorCode,
  isMessageKey,
  MESSAGE_KEYS,
  MESSAGE_VALUE_SOURCES,
  messages,
  nextCalendarYear,
  planPurchaseSchema,
  registrationSchema,
  ruleValues,
  translate,
  validate,
  type MessageKey,
} from '../src/index';

describe('message catalogue', () => {
  it('has the same non-empty keys in Spanish and English', () => {
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
    expect(Object.keys(messages.es).sort()).toEqual([...MESSAGE_KEYS].sort());
    for (const key of MESSAGE_KEYS) {
      expect(messages.es[key].trim(), key).not.toBe('');
      expect(messages.en[key].trim(), key).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of MESSAGE_KEYS) expect(placeholders(messages.es[key]), key).toEqual(placeholders(messages.en[key]));
  });

  it('holds every key the spec names', () => {
    const specKeys = [
      'invalidUserType',
      'invalidNameUser',
      'invalidMerchantNameUser',
      'invalidEmail',
      'invalidPassword',
      'invalidPasswordConfirm',
      'agreementNotChecked',
      'invalidPhone',
      'atLeastOnePhone',
      'invalidModel',
      'invalidYear',
      'invalidPrice',
      'invalidTransferPrice',
      'invalidMotorSizeCC',
      'invalidMileage',
      'invalidExteriorColor',
      'invalidInteriorColor',
      'invalidPassengersNumber',
      'invalidKnownDamage',
      'invalidTermsAndConditions',
      'opportunityReviewAlert',
      'invalidBrand',
      'invalidStyle',
      'invalidFuelType',
      'invalidTransmissionType',
      'invalidStatus',
      'required',
      'invalidName',
      'invalidAddress',
      'errorOccurred',
    ];
    for (const key of specKeys) expect(isMessageKey(key), key).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });

  it('has a message for every key the schemas report on empty input', () => {
    const reported = [
      validate(registrationSchema, {}),
      validate(adStep1Schema(), {}),
      validate(adStep3Schema, { electronicInvoice: true }),
      validate(planPurchaseSchema(10), { plan: {}, electronicInvoice: true, invoice: {} }),
    ].flatMap((result) => (result.ok ? [] : Object.values(result.errors)));
    expect(reported.length).toBeGreaterThan(20);
    expect(reported).not.toContain('errorOccurred');
  });

  it('translates with placeholders', () => {
    expect(translate('invalidPasswordConfirm', 'en')).toBe('Passwords do not match.');
    expect(translate('invalidPasswordConfirm', 'es')).toBe('Las contraseñas no coinciden.');
    expect(translate('planQuantityBelowMinimum', 'en', { minimum: 10 })).toBe('The number of listings must be at least 10.');
    expect(translate('invalidYear', 'es', { maxYear: 2026 })).toBe('Ingrese un año de 1900 a 2026.');
    expect(translate('invalidYear', 'en')).toBe(`Enter a year from 1900 to ${nextCalendarYear()}.`);
    expect(translate('invalidYear', 'en', { maxYear: 2030 })).toBe('Enter a year from 1900 to 2030.');
    expect(translate('invalidImageType', 'en')).toBe('"{file}" is not a JPG or PNG image.');
    expect(translate(GENERIC_ERROR_KEY, 'es')).toBe('Ha ocurrido un error. Por favor intente de nuevo.');
  });
});

describe('error codes', () => {
  it('has the five codes with messages in both languages', () => {
    expect(ERROR_CODES).toEqual(['0001', '0002', '0003', '0004', '0005']);
    expect(errorMessage('0001', 'en')).toBe('Incorrect email or password.');
    expect(errorMessage('0001', 'es')).toBe('Correo electrónico o contraseña incorrectos.');
    expect(errorMessage('0002', 'en')).toBe('Your account has not been confirmed.');
    expect(errorMessage('0004', 'es')).toBe('El enlace de confirmación no es válido.');
    expect(errorMessage('0003', 'en')).toMatch(/sign in again/);
  });

  it('names the lockout duration in 0005', () => {
    expect(errorMessage('0005', 'en')).toContain('Try again in 30 minutes');
    expect(errorBody('0005', 'es', 45)).toEqual({
      code: '0005',
      message: 'Su cuenta fue bloqueada por intentos fallidos. Intente de nuevo en 45 minutos o restablezca su contraseña.',
    });
    expect(isErrorCode('0006')).toBe(false);
  });
});

describe('placeholders', () => {
  const placeholders = (key: MessageKey) => [...new Set([...`${messages.es[key]} ${messages.en[key]}`.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))];
  const withPlaceholders = MESSAGE_KEYS.filter((key) => placeholders(key).length > 0);

  it('every message with a placeholder says where each value comes from, in both languages alike', () => {
    expect(withPlaceholders.length).toBeGreaterThan(30);
    for (const key of withPlaceholders) {
      expect(Object.keys(MESSAGE_VALUE_SOURCES[key] ?? {}).sort(), key).toEqual(placeholders(key).sort());
      expect(
        placeholders(key).every((name) => messages.es[key].includes(`{${name}}`) && messages.en[key].includes(`{${name}}`)),
        key,
      ).toBe(true);
    }
  });

  it("translate fills every value the rules fix, in both languages, and the raiser's values win", () => {
    for (const key of withPlaceholders) {
      const sources = MESSAGE_VALUE_SOURCES[key]!;
      const raised = Object.fromEntries(
        Object.entries(sources)
          .filter(([, source]) => source === 'raiser')
          .map(([name]) => [name, `«${name}»`]),
      );
      for (const locale of ['es', 'en'] as const) {
        const text = translate(key, locale, raised);
        expect(text, `${key} ${locale}`).not.toMatch(/\{\w+\}/);
        for (const [name, value] of Object.entries(ruleValues(key))) {
          expect(sources[name], `${key}.${name}`).toBe('rule');
          expect(text).toContain(String(value));
        }
      }
    }
  });
});
