import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AggregateConfigError, ConfigError, loadSettings, requireSetting } from '../src';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  MODE: z.enum(['a', 'b']).default('a'),
  NAME: z.string().optional(),
});

describe('typed settings from the environment', () => {
  it('applies defaults and coerces values', () => {
    expect(loadSettings(schema, {})).toEqual({ PORT: 8080, MODE: 'a' });
    expect(loadSettings(schema, { PORT: '9000', MODE: 'b', NAME: 'x' })).toEqual({ PORT: 9000, MODE: 'b', NAME: 'x' });
  });
  it('treats an empty variable as unset', () => {
    expect(loadSettings(schema, { PORT: '' })).toMatchObject({ PORT: 8080 });
  });
  it('names the variable that is wrong', () => {
    expect(() => loadSettings(schema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadSettings(schema, { PORT: 'eighty' })).toThrow(/^PORT: /);
  });
  it('reports every wrong variable at once', () => {
    try {
      loadSettings(schema, { PORT: '0', MODE: 'c' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AggregateConfigError);
      expect((error as AggregateConfigError).problems.map((p) => p.variable)).toEqual(['PORT', 'MODE']);
    }
  });
  it('requireSetting refuses a missing or blank value, naming it', () => {
    expect(() => requireSetting(undefined, 'MONGO_URL', 'the MongoDB URL')).toThrow('MONGO_URL: is required (the MongoDB URL)');
    expect(() => requireSetting('  ', 'MONGO_URL', 'x')).toThrow(ConfigError);
    expect(requireSetting(' mongodb://m ', 'MONGO_URL', 'x')).toBe('mongodb://m');
  });
});
