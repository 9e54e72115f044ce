import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMETER_VALUES,
  GLOBAL_PARAMETER_KEYS,
  GLOBAL_PARAMETERS,
  globalParametersUpdateSchema,
  parameterDefinition,
  parameterValueSchema,
} from '../src/index';
import { errorsOf } from './helpers';

describe('global parameters', () => {
  it('defines every parameter once, with both labels and a default inside its range', () => {
    expect(GLOBAL_PARAMETERS.map((p) => p.key)).toEqual([...GLOBAL_PARAMETER_KEYS]);
    for (const p of GLOBAL_PARAMETERS) {
      expect(p.label.es && p.label.en, p.key).toBeTruthy();
      expect(parameterValueSchema(p.key).safeParse(p.defaultValue).success, p.key).toBe(true);
    }
  });

  it('has the defaults of the spec and the decisions', () => {
    expect(DEFAULT_PARAMETER_VALUES).toMatchObject({
      ITEMS_PER_LIST: 10,
      PAID_AD_EXPIRY_DAYS: 30,
      FREE_AD_EXPIRY_DAYS: 14,
      MIN_ADS_IN_PLAN: 10,
      FAILED_LOGINS_BEFORE_LOCKOUT: 5,
      LOCKOUT_MINUTES: 30,
    });
    expect(DEFAULT_PARAMETER_VALUES.PLAN_PRICE_GOLD).toBeLessThan(DEFAULT_PARAMETER_VALUES.SINGLE_PRICE_GOLD);
  });

  it('limits counts and days to whole numbers from 1 to 100', () => {
    const days = parameterValueSchema('PAID_AD_EXPIRY_DAYS');
    expect(days.safeParse(1).success).toBe(true);
    expect(days.safeParse(100).success).toBe(true);
    for (const bad of [0, 101, 1.5]) expect(days.safeParse(bad).error?.issues[0]?.message).toBe('invalidParameterValue');
    expect(parameterDefinition('SESSION_DURATION_MINUTES').unit).toBe('minutes');
  });

  it('treats prices as amounts without the cap of 100', () => {
    const price = parameterValueSchema('SINGLE_PRICE_GOLD');
    expect(price.safeParse(25_000).success).toBe(true);
    expect(price.safeParse(0).success).toBe(true);
    expect(price.safeParse(1500.5).success).toBe(true);
    expect(price.safeParse(-1).success).toBe(false);
    expect(price.safeParse(1.001).success).toBe(false);
    expect(parameterValueSchema('EXCHANGE_RATE_CRC_PER_USD').safeParse(505.75).success).toBe(true);
  });

  it('checks an admin update entry by entry', () => {
    expect(globalParametersUpdateSchema.parse([{ key: 'ITEMS_PER_LIST', value: 20 }])).toHaveLength(1);
    expect(
      errorsOf(globalParametersUpdateSchema, [
        { key: 'ITEMS_PER_LIST', value: 200 },
        { key: 'COFFEE_BREAK', value: 1 },
      ]),
    ).toEqual({ '0.value': 'invalidParameterValue', '1.key': 'unknownParameter' });
  });
});

describe("the seller's description length (issue 13)", () => {
  it('is a global parameter of 100 to 5,000 characters, 1,000 by default, checked by descriptionProblem', async () => {
    const { descriptionProblem, parameterRuleMessageKey } = await import('../src/index');
    expect(parameterDefinition('AD_DESCRIPTION_MAX_LENGTH')).toMatchObject({ defaultValue: 1000, min: 100, max: 5000, unit: 'characters', integer: true });
    expect(parameterValueSchema('AD_DESCRIPTION_MAX_LENGTH').safeParse(99).success).toBe(false);
    expect(parameterValueSchema('AD_DESCRIPTION_MAX_LENGTH').safeParse(5000).success).toBe(true);
    expect(parameterRuleMessageKey('AD_DESCRIPTION_MAX_LENGTH')).toBe('invalidParameterLength');
    expect(descriptionProblem('x'.repeat(100), 100)).toBeUndefined();
    expect(descriptionProblem(` ${'x'.repeat(100)} `, 100)).toBeUndefined();
    expect(descriptionProblem('x'.repeat(101), 100)).toBe('invalidDescription');
    expect(descriptionProblem(undefined, 100)).toBeUndefined();
  });
});
