export { createMongoStore, checkMongoUrl, withOutboxIndex, type MongoStoreOptions } from './store';
