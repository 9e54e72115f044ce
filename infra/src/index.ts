export { start, processClock, translate, backEndVersion, type Running, type StartOptions } from './launcher';
export { readSettings, settingsSchema, type Settings } from './settings';
export { openAdapters, closeAdapters, describeAdapters, wantsProduction } from './adapters';
export { serviceModules, serviceNames, targetMap } from './modules';
export { seedListingsStore, SEEDED_SELLER_PASSWORD, type SeededSeller } from './demo/seed-store';
export { generateCatalogue, DEMO_SELLER_EMAIL, type DemoAd, type DemoSeller, type DemoCatalogue, type GenerateOptions } from './demo/generate';
export {
  seedDemoCatalogue,
  DEMO_CREDENTIALS,
  DEMO_PASSWORD,
  DEMO_ADMIN_EMAIL,
  type DemoManifest,
  type SeededAd,
  type DemoSeedDeps,
  type DemoSeedOptions,
} from './demo/seed';
export { readDemoManifest, decideDemo, DEMO_MANIFEST_FILE } from './demo/startup';
