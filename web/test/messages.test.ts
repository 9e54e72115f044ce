import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, MESSAGE_VALUE_SOURCES, messages, PHOTOS_PER_LEVEL, PLAN_MAX_QUANTITY, ruleValues, type MessageKey } from '@ruedas/domain';
import { parameterInputError } from '../src/admin/parameterInput';
import { fieldMessage } from '../src/publish/fieldMessage';

// The web renders the domain's message keys of its own form checks (server messages come rendered):
// every key with a placeholder that a form can show gets its values, in Spanish and English.

/** The values the forms give `fieldMessage` (the ad's level, the plan minimum, the description's length). */
const FORM_VALUES = new Set(['maxPhotos', 'minimum', 'maximum', 'max']);
const withPlaceholders = MESSAGE_KEYS.filter((key) => /\{\w+\}/.test(messages.es[key]));
const formKeys = withPlaceholders.filter((key) =>
  Object.entries(MESSAGE_VALUE_SOURCES[key] ?? {}).every(([name, source]) => source === 'rule' || FORM_VALUES.has(name)),
);

describe('form messages with placeholders', () => {
  it.each(['es', 'en'] as const)('render with their values in %s', (locale) => {
    expect(formKeys).toEqual(
      expect.arrayContaining([
        'invalidYear',
        'invalidYearRange',
        'tooManyPhotos',
        'planQuantityBelowMinimum',
        'planQuantityAboveMaximum',
        'invalidDescription',
      ]),
    );
    for (const key of formKeys as MessageKey[]) {
      const text = fieldMessage('field', { field: key }, {}, true, locale, { level: 'SILVER', minimum: 7, max: 321 });
      expect(text, key).not.toMatch(/\{\w+\}/);
      for (const [name, value] of Object.entries(ruleValues(key))) if (!FORM_VALUES.has(name)) expect(text, key).toContain(String(value));
    }
    expect(fieldMessage('field', { field: 'tooManyPhotos' }, {}, true, locale, { level: 'SILVER' })).toContain(String(PHOTOS_PER_LEVEL.SILVER));
    expect(fieldMessage('field', { field: 'planQuantityBelowMinimum' }, {}, true, locale, { minimum: 7 })).toContain('7');
    expect(fieldMessage('field', { field: 'planQuantityAboveMaximum' }, {}, true, locale)).toContain(String(PLAN_MAX_QUANTITY));
    expect(fieldMessage('field', { field: 'invalidDescription' }, {}, true, locale, { max: 321 })).toContain('321');
  });

  it('names the range of a parameter this build does not know', () => {
    const unknown = { id: 'NEW_ONE', quantity: 3, min: 1, max: 5, integer: true };
    expect(parameterInputError(unknown, 6, 'en')).toBe('Enter a value between 1 and 5.');
    expect(parameterInputError(unknown, 0, 'es')).toBe('Ingrese un valor entre 1 y 5.');
  });
});
