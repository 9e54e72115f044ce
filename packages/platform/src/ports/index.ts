export * from './event-bus';
export * from './document-store';
export * from './blob-store';
export * from './mailer';
