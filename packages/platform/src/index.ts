export * from './ports';
export * from './logger';
export * from './config';
