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
