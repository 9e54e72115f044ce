import type { z } from 'zod';

/**
 * A setting that is missing or wrong. Start-up stops with this message: it always names the
 * environment variable, so an operator knows what to fix.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}

/** Reads a required setting from an options object (given by the launcher from the environment). */
export function requireSetting(value: string | undefined, variable: string, what: string): string {
  if (value === undefined || value.trim() === '') throw new ConfigError(variable, `is required (${what})`);
  return value.trim();
}

/**
 * Typed configuration from the environment. The schema's keys are the variable names; every
 * problem is reported at once, each naming its variable.
 *
 *   const settings = loadSettings(z.object({ PORT: z.coerce.number().int().default(8080) }));
 */
export function loadSettings<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => new ConfigError(String(issue.path[0] ?? '?'), issue.message));
  if (problems.length === 1) throw problems[0];
  throw new AggregateConfigError(problems);
}

export class AggregateConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: ConfigError[]) {
    super(`invalid settings:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`);
  }
}
