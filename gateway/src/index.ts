export * from './compose';
export * from './gateway';
export * from './http';
export * from './subgraphs';
export { restRoutes } from './rest/routes';
export { REST_PREFIX, restError } from './rest/facade';
export { openApiDocument } from './rest/openapi';
export type { RestRoute } from './rest/route';
export * from './passthrough';
