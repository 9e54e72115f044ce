export * from './enums';
export * from './label';
export * from './reference/labels';
export * from './reference/brands';
export * from './reference/models';
export * from './reference/colours';
export * from './reference/extras';
export * from './reference/locations';
