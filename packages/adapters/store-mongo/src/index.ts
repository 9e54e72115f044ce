export { createMongoStore, checkMongoUrl, ensureIndexes, withOutboxIndex, type MongoStoreOptions } from './store';
