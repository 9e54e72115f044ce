import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentScope } from './observability/scope';

export type { Logger };

/**
 * Structured JSON logging (pino). `RUEDAS_LOG_LEVEL` sets the level; tests default to `silent`.
 * Every line written while serving a request (or handling the event a request caused) carries its
 * `requestId`, and `userId` once a service verified the caller (decision 0165).
 *
 * In a terminal (`npm start` by hand) lines are printed readable (pino-pretty); anywhere else
 * (containers, pipes, files) they stay JSON. `RUEDAS_LOG_FORMAT=json|pretty` overrides the guess.
 */
export function createLogger(name: string, level?: string, destination?: DestinationStream): Logger {
  const fallback = process.env.VITEST ? 'silent' : 'info';
  const options = { name, level: level ?? process.env.RUEDAS_LOG_LEVEL ?? fallback, mixin: scopeFields };
  if (destination) return pino(options, destination);
  if (logFormat() === 'pretty') {
    return pino(options, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  return pino(options);
}

/** `pretty` in a terminal, `json` elsewhere, unless RUEDAS_LOG_FORMAT says which. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, tty = process.stdout.isTTY === true): 'json' | 'pretty' {
  if (env.RUEDAS_LOG_FORMAT === 'json' || env.RUEDAS_LOG_FORMAT === 'pretty') return env.RUEDAS_LOG_FORMAT;
  return tty ? 'pretty' : 'json';
}

function scopeFields(): Record<string, string> {
  const scope = currentScope();
  if (!scope) return {};
  const fields: Record<string, string> = {};
  if (scope.requestId !== undefined) fields.requestId = scope.requestId;
  if (scope.userId !== undefined) fields.userId = scope.userId;
  return fields;
}
