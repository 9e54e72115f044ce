// The media service alone on a port, over embedded adapters in RUEDAS_DATA_DIR, trusting the
// session tokens of RUEDAS_TOKEN_PUBLIC_KEY: the server side of bench/media.ts.
import { join } from 'node:path';
import { isMessageKey, translate as translateMessage } from '@ruedas/domain';
import { createLogger, createProcessServer, OutboxRelay, SessionGuard, systemClock, TokenVerifier, type Translator } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createFsBlobStore } from '@ruedas/blob-fs';
import { createMedia } from '../src';

const dir = process.env.RUEDAS_DATA_DIR as string;
const logger = createLogger('media-bench', 'warn');
const translate: Translator = (key, locale, params) => (isMessageKey(key) ? translateMessage(key, locale, params) : key);
const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
const blobs = await createFsBlobStore({ dir: join(dir, 'blobs') });
const outbox = new OutboxRelay({ bus, logger });
outbox.start();
const guard = new SessionGuard(await TokenVerifier.fromPem(process.env.RUEDAS_TOKEN_PUBLIC_KEY as string, systemClock), systemClock);
const instance = await createMedia({ guard }).init({
  store,
  bus,
  blobs,
  mailer: undefined as never,
  logger,
  clock: systemClock,
  translate,
  outbox,
  publicUrl: 'http://localhost',
  versions: { backEnd: 'bench' },
});
const { app } = createProcessServer({ logger, translate });
await instance.routes?.(app);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.once('SIGTERM', async () => {
  await app.close();
  await instance.stop();
  await outbox.stop();
  await bus.close();
  await blobs.close();
  await store.close();
  process.exit(0);
});
