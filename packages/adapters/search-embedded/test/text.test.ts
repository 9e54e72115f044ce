import { describe, expect, it } from 'vitest';
import { MEILISEARCH_TYPO_RULES, tokenize, typoBudget, typoDistance } from '../src';

describe('words', () => {
  it('ignores case and accents and splits on anything but letters and digits', () => {
    expect(tokenize('Automático, 4x4 C-HR  Peñas_Blancas')).toEqual(['automatico', '4x4', 'c', 'hr', 'penas', 'blancas']);
    expect(tokenize(' -- ')).toEqual([]);
  });
});

describe('typos', () => {
  it('allows none under 5 letters, one from 5, two from 9', () => {
    expect(typoBudget('kia', MEILISEARCH_TYPO_RULES)).toBe(0);
    expect(typoBudget('hond', MEILISEARCH_TYPO_RULES)).toBe(0);
    expect(typoBudget('honda', MEILISEARCH_TYPO_RULES)).toBe(1);
    expect(typoBudget('chevrole', MEILISEARCH_TYPO_RULES)).toBe(1);
    expect(typoBudget('chevrolet', MEILISEARCH_TYPO_RULES)).toBe(2);
  });

  it('counts insertions, deletions, substitutions and swaps of neighbours as one', () => {
    expect(typoDistance('toyta', 'toyota', 1, false)).toBe(1);
    expect(typoDistance('toyotta', 'toyota', 1, false)).toBe(1);
    expect(typoDistance('toyora', 'toyota', 1, false)).toBe(1);
    expect(typoDistance('toyoat', 'toyota', 1, false)).toBe(1);
    expect(typoDistance('tyoota', 'toyota', 1, false)).toBe(1);
    expect(typoDistance('toyota', 'toyota', 2, false)).toBe(0);
  });

  it('gives max + 1 when over the budget, and counts a first-letter typo as two', () => {
    expect(typoDistance('tayata', 'toyota', 1, false)).toBe(2);
    expect(typoDistance('loyota', 'toyota', 1, false)).toBe(2);
    expect(typoDistance('loyota', 'toyota', 2, false)).toBe(2);
    expect(typoDistance('oyota', 'toyota', 1, false)).toBe(2);
  });

  it('matches the start of a word in prefix mode, with typos', () => {
    expect(typoDistance('corol', 'corolla', 0, true)).toBe(0);
    expect(typoDistance('corola', 'corolla', 1, true)).toBe(1);
    expect(typoDistance('corola', 'corolla', 1, false)).toBe(1);
    expect(typoDistance('corpl', 'corolla', 1, true)).toBe(1);
    expect(typoDistance('corpl', 'corolla', 1, false)).toBe(2);
    expect(typoDistance('cor', 'corolla', 0, false)).toBe(1);
  });
});
