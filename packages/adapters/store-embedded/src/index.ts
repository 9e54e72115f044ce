export { createEmbeddedStore, type EmbeddedDocumentStore, type EmbeddedStoreOptions } from './store';
export { UnindexedQueryError } from './plan';
