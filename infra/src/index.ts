export { start, translate, backEndVersion, type Running, type StartOptions } from './launcher';
export { readSettings, settingsSchema, type Settings } from './settings';
export { openAdapters, closeAdapters, describeAdapters, wantsProduction } from './adapters';
export { serviceModules, serviceNames, targetMap } from './modules';
