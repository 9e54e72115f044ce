export { createEmbeddedStore, type EmbeddedStoreOptions } from './store';
