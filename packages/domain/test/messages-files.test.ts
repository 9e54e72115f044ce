import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../src/index';

/**
 * The catalogue is spread from topic files (`src/messages/*.ts`, and `src/messages-*.ts` where a
 * feature keeps its own); a key written in two of them would silently hide the first one.
 */
const src = new URL('../src/', import.meta.url);
const topicPaths = [
  ...readdirSync(new URL('messages/', src)).map((name) => `messages/${name}`),
  ...readdirSync(src).filter((name) => /^messages-.+\.ts$/.test(name)),
].filter((path) => path.endsWith('.ts'));
const topicFiles: Record<string, Record<string, unknown>> = Object.fromEntries(
  await Promise.all(topicPaths.map(async (path) => [path, (await import(new URL(path, src).href)) as Record<string, unknown>] as const)),
);

describe('message topic files', () => {
  it('give every key of the catalogue exactly once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, exports] of Object.entries(topicFiles)) {
      for (const value of Object.values(exports)) {
        if (typeof value !== 'object' || value === null) continue;
        // Only message tables ({ key: { es, en } }); a file may also export other tables by key (e.g. its values' sources).
        if (!Object.values(value).every((label) => typeof label === 'object' && label !== null && 'es' in label && 'en' in label)) continue;
        for (const key of Object.keys(value)) {
          if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${file})`);
          seen.set(key, file);
        }
      }
    }
    expect(Object.keys(topicFiles).length).toBeGreaterThan(1);
    expect(twice).toEqual([]);
    expect([...seen.keys()].sort()).toEqual([...MESSAGE_KEYS].sort());
  });
});
