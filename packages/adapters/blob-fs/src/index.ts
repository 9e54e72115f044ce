export { createFsBlobStore, type FsBlobStoreOptions } from './fs-blob-store';
