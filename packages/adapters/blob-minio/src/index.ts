export { createMinioBlobStore } from './minio-blob-store';
export type { MinioBlobStoreOptions } from './settings';
