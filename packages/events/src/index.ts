export * from './envelope';
export * from './topics';
export * from './moderation';
export * from './identity';
export * from './listings';
export * from './media';
export * from './search';
export * from './billing';
