export * from './real-infra';
export * from './event-bus.contract';
export * from './document-store.contract';
export * from './blob-store.contract';
export * from './mailer.contract';
export * from './search-index.contract';
export * from './payment-provider.contract';
export * from './images';
