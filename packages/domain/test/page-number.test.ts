import { describe, expect, it } from 'vitest';
import { MAX_PAGE_NUMBER, pageNumberOf } from '../src';

describe('the page number of a list', () => {
  it('takes a whole number from 1 to MAX_PAGE_NUMBER, as a number or as digits', () => {
    expect(pageNumberOf(1)).toEqual({ page: 1 });
    expect(pageNumberOf(MAX_PAGE_NUMBER)).toEqual({ page: MAX_PAGE_NUMBER });
    expect(pageNumberOf('12')).toEqual({ page: 12 });
    expect(pageNumberOf(' 3 ')).toEqual({ page: 3 });
  });
  it.each([0, -2, 1.5, MAX_PAGE_NUMBER + 1, Number.NaN, '0', '-2', '1.5', 'abc', '', '01', '1e3', null, undefined, true, {}])(
    'refuses %j with the one message key',
    (asked) => {
      expect(pageNumberOf(asked)).toEqual({ error: 'invalidPageNumber' });
    },
  );
});
