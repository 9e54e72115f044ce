import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import es from '../src/i18n/es.json';

/** Every leaf of a catalogue as "dotted.key" → text. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  if (node === null || typeof node !== 'object') return new Map([[prefix, node]]);
  return new Map(Object.entries(node).flatMap(([key, child]) => [...leaves(child, prefix ? `${prefix}.${key}` : key)]));
}

/** The {{placeholders}} a text interpolates, sorted. */
function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const catalogues = { es: leaves(es), en: leaves(en) };

describe('i18n catalogues', () => {
  it('have exactly the same keys in es and en', () => {
    expect([...catalogues.en.keys()].sort()).toEqual([...catalogues.es.keys()].sort());
  });

  it.each(Object.entries(catalogues))('%s has a non-empty text for every key', (_language, catalogue) => {
    const empty = [...catalogue].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...catalogues.es]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(catalogues.en.get(key)).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
