// The launcher: `npm start` runs target `all` (every service, the gateway and the web app in one
// process, embedded adapters, data in .data/); the Docker image runs one target per container.
import { createLogger, stopOnSignal } from '@ruedas/platform';
import { start } from './launcher';
import { readSettings } from './settings';

const logger = createLogger('ruedas');
const argTarget = process.argv.indexOf('--target');
if (argTarget > 0 && process.argv[argTarget + 1]) process.env.RUEDAS_TARGET = process.argv[argTarget + 1];

try {
  const running = await start(readSettings(), { logger });
  stopOnSignal(logger, running.stop);
} catch (error) {
  // A wrong setting names its variable; anything else is reported with its stack.
  const err = error as Error;
  if (err.name === 'ConfigError') logger.fatal(`cannot start: ${err.message}`);
  else logger.fatal({ err }, 'cannot start');
  process.exit(1);
}
