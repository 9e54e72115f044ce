import { describe, expect, it } from 'vitest';
import { changedParameters, parameterInputError } from '../src/admin/parameterInput';

const items = { id: 'ITEMS_PER_LIST', quantity: 10, min: 1, max: 100, integer: true };
const price = { id: 'SINGLE_PRICE_GOLD', quantity: 25_000, min: 0, max: 1_000_000_000, integer: false };

describe('global parameter input', () => {
  it('takes whole numbers from 1 to 100 for counts, with the domain message', () => {
    expect(parameterInputError(items, 1, 'es')).toBeUndefined();
    expect(parameterInputError(items, 100, 'en')).toBeUndefined();
    expect(parameterInputError(items, 0, 'en')).toBe('Enter a whole number from 1 to 100.');
    expect(parameterInputError(items, 101, 'es')).toBe('Ingrese un número entero de 1 a 100.');
    expect(parameterInputError(items, 2.5, 'en')).toBe('Enter a whole number from 1 to 100.');
    expect(parameterInputError(items, '', 'en')).toBe('Enter a whole number from 1 to 100.');
  });

  it('takes amounts above 100 with 2 decimals for prices', () => {
    expect(parameterInputError(price, 150_000.5, 'es')).toBeUndefined();
    expect(parameterInputError(price, 1.234, 'en')).toBeTruthy();
  });

  it('falls back to the server range for a parameter this build does not know', () => {
    const unknown = { id: 'NEW_ONE', quantity: 3, min: 1, max: 5, integer: true };
    expect(parameterInputError(unknown, 5, 'es')).toBeUndefined();
    expect(parameterInputError(unknown, 6, 'en')).toBeTruthy();
  });

  it('sends only the changed values', () => {
    expect(changedParameters([items, price], { ITEMS_PER_LIST: 10, SINGLE_PRICE_GOLD: '30000' })).toEqual([{ id: 'SINGLE_PRICE_GOLD', quantity: 30_000 }]);
    expect(changedParameters([items, price], {})).toEqual([]);
  });
});
