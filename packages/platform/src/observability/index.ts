export * from './scope';
export * from './metrics';
export * from './tracing';
export * from './observed-bus';
export * from './graphql';
export * from './observed-ports';
