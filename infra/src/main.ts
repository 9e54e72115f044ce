// The launcher: `npm start` runs target `all` (every service, the gateway and the web app in one
// process, embedded adapters, data in .data/); the Docker image runs one target per container.
import { createLogger, stopOnSignal } from '@ruedas/platform';
import { checkConfiguration } from './check';
import { start } from './launcher';
import { meiliKeyBootstrap } from './meili-key';
import { readSettings } from './settings';

const logger = createLogger('ruedas');
const argTarget = process.argv.indexOf('--target');
if (argTarget > 0 && process.argv[argTarget + 1]) process.env.RUEDAS_TARGET = process.argv[argTarget + 1];

if (process.argv.includes('--check')) {
  // The dry run: what start-up would refuse, without connecting to anything (exit 1 on a problem).
  const report = checkConfiguration(process.env);
  const target = process.env.RUEDAS_TARGET ?? 'all';
  for (const problem of report.problems) console.error(`${target}: ${problem}`);
  for (const name of report.unused) console.error(`${target}: ${name}: is given but no module of this target reads it`);
  if (report.problems.length === 0)
    console.log(`${target}: configuration ok (modules ${report.modules.join(', ')}; adapters ${JSON.stringify(report.adapters)})`);
  process.exit(report.problems.length === 0 ? 0 : 1);
}

if (process.argv.includes('--meili-key')) {
  // The Meilisearch key bootstrap (the meili-keys container): makes the search service's scoped key.
  process.exit(await meiliKeyBootstrap(process.env));
}

// Listening for signals from the first moment: one during start-up stops what has started.
let stopStarted: (() => Promise<void>) | undefined;
let signalled = false;
stopOnSignal(logger, async () => {
  signalled = true;
  await stopStarted?.();
});
try {
  await start(readSettings(), { logger, onStopper: (stop) => (stopStarted = stop) });
} catch (error) {
  const err = error as Error;
  if (signalled) {
    // Stopped by a signal during start-up: the signal's handler exits once everything is closed.
    logger.info({ err }, 'start-up interrupted by a signal');
  } else {
    // A wrong setting names its variable; anything else is reported with its stack.
    if (err.name === 'ConfigError') logger.fatal(`cannot start: ${err.message}`);
    else logger.fatal({ err }, 'cannot start');
    process.exit(1);
  }
}
