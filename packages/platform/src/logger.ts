import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logging (pino). `RUEDAS_LOG_LEVEL` sets the level; tests default to `silent`. */
export function createLogger(name: string, level?: string): Logger {
  const fallback = process.env.VITEST ? 'silent' : 'info';
  return pino({ name, level: level ?? process.env.RUEDAS_LOG_LEVEL ?? fallback });
}
