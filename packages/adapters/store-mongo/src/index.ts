export { createMongoStore, checkMongoUrl, type MongoStoreOptions } from './store';
