export * from './envelope';
export * from './topics';
export * from './moderation';
