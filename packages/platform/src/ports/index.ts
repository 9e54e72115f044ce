export * from './event-bus';
export * from './event-bus-rules';
export * from './event-bus-delivery';
export * from './document-store';
export * from './blob-store';
export * from './mailer';
export * from './search-index';
export * from './payment-provider';
