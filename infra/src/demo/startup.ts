import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seedAccounts } from '@ruedas/identity';
import { PRIVATE_FILE_MODE, privateDir, type Logger } from '@ruedas/platform';
import type { Settings } from '../settings';
import { seedDemoCatalogue, type DemoManifest, type DemoSeedDeps } from './seed';

/** Written in the data folder once the demo catalogue is in: its presence means "seeded". */
export const DEMO_MANIFEST_FILE = 'demo.json';
/** Written before seeding and removed after: left behind, it tells of an interrupted seeding. */
const PENDING_FILE = 'demo.pending';

/** A data folder is new when it does not exist yet or is empty: read before any adapter writes to it. */
export function isNewDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** The demo catalogue a data folder holds, or null when it was never seeded. */
export async function readDemoManifest(dataDir: string): Promise<DemoManifest | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, DEMO_MANIFEST_FILE), 'utf8')) as DemoManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export type DemoDecision = 'seed' | 'skip';

/** `on` seeds once; `auto` seeds a new data folder outside production; `off` never. */
export function decideDemo(settings: Pick<Settings, 'RUEDAS_DEMO_DATA' | 'NODE_ENV'>, dataDirWasNew: boolean, alreadySeeded: boolean): DemoDecision {
  if (alreadySeeded || settings.RUEDAS_DEMO_DATA === 'off') return 'skip';
  if (settings.RUEDAS_DEMO_DATA === 'on') return 'seed';
  return dataDirWasNew && settings.NODE_ENV !== 'production' ? 'seed' : 'skip';
}

export interface StartupDataOptions {
  settings: Settings;
  deps: DemoSeedDeps;
  logger: Logger;
  /** Whether this process runs identity (the first admin) and every service (the demo catalogue). */
  runsIdentity: boolean;
  runsEverything: boolean;
  dataDirWasNew: boolean;
}

/**
 * What a process puts in its store before it reports ready: the operator's administrator
 * (RUEDAS_ADMIN_EMAIL, in any process running identity), and in all-in-one mode the demo catalogue
 * when RUEDAS_DEMO_DATA asks for it. Answers the manifest when it seeded, null otherwise.
 */
export async function prepareStartupData(options: StartupDataOptions): Promise<DemoManifest | null> {
  const { settings, deps } = options;
  const logger = options.logger.child({ part: 'seed' });
  if (options.runsIdentity && settings.RUEDAS_ADMIN_EMAIL && settings.RUEDAS_ADMIN_PASSWORD) {
    await ensureAdministrator(deps, settings.RUEDAS_ADMIN_EMAIL, settings.RUEDAS_ADMIN_PASSWORD, logger);
  }
  if (!options.runsEverything) return null;

  const dataDir = settings.RUEDAS_DATA_DIR;
  const seeded = await readDemoManifest(dataDir);
  if (decideDemo(settings, options.dataDirWasNew, seeded !== null) === 'skip') {
    if (existsSync(join(dataDir, PENDING_FILE)) && !seeded) {
      logger.warn(`an earlier demo seeding was interrupted (${PENDING_FILE} in ${dataDir}); empty the data folder to seed again`);
    }
    return null;
  }

  logger.info('seeding the demo catalogue');
  await privateDir(dataDir);
  await writeFile(join(dataDir, PENDING_FILE), new Date().toISOString(), { mode: PRIVATE_FILE_MODE });
  const manifest = await seedDemoCatalogue(deps, {
    ads: settings.RUEDAS_DEMO_ADS,
    ...(settings.RUEDAS_DEMO_PHOTO_CACHE ? { photoCache: settings.RUEDAS_DEMO_PHOTO_CACHE } : {}),
  });
  await writeFile(join(dataDir, DEMO_MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: PRIVATE_FILE_MODE });
  await rm(join(dataDir, PENDING_FILE));
  logDemo(logger, manifest);
  return manifest;
}

/** Creates the operator's administrator unless the e-mail already has an account (kept as it is). */
async function ensureAdministrator(deps: DemoSeedDeps, email: string, password: string, logger: Logger): Promise<void> {
  const [admin] = await seedAccounts(deps, [
    {
      email,
      password,
      role: 'ADMINISTRATOR',
      userType: 'PERSON',
      name: 'Administración',
      lastName: 'Ruedas',
      phoneList: [],
      province: '1',
      canton: '101',
      district: '10101',
    },
  ]);
  if (admin?.created) logger.info({ email }, 'administrator created from RUEDAS_ADMIN_EMAIL');
  else if (admin?.role !== 'ADMINISTRATOR')
    logger.warn({ email, role: admin?.role }, 'RUEDAS_ADMIN_EMAIL belongs to an existing account that is not an administrator; it is left as it is');
}

function logDemo(logger: Logger, manifest: DemoManifest): void {
  const count = (pick: (ad: DemoManifest['ads'][number]) => string) =>
    manifest.ads.reduce<Record<string, number>>((counts, ad) => ({ ...counts, [pick(ad)]: (counts[pick(ad)] ?? 0) + 1 }), {});
  logger.info(
    {
      ads: manifest.ads.length,
      photos: manifest.photos,
      sellers: manifest.accounts.sellers,
      byStatus: count((ad) => ad.status),
      byLevel: count((ad) => ad.level),
      ms: manifest.durationMs,
    },
    'demo catalogue seeded',
  );
  const { admin, seller } = manifest.credentials;
  logger.info(`demo administrator: ${admin.email} / ${admin.password}`);
  logger.info(`demo seller:        ${seller.email} / ${seller.password}`);
}
