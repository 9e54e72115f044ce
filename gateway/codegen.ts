import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations for other teams, from the published API schema (schema/supergraph-api.graphql,
// not the live composition): `npm run schema:types -w @ruedas/gateway` (also run by schema:update).
const scalars = { DateTime: { input: 'string', output: 'string' }, Date: { input: 'string', output: 'string' } };
const config: CodegenConfig = {
  schema: 'schema/supergraph-api.graphql',
  ignoreNoDocuments: true,
  generates: {
    // Every type, input and enum of the API as TypeScript, with the schema's descriptions as comments.
    'schema/generated/graphql.ts': {
      plugins: ['typescript'],
      config: { enumsAsTypes: true, useTypeImports: true, scalars },
    },
    // The operations of the test client (test/client/operations.ts), typed as another team's would be.
    'test/client/generated/': {
      documents: ['test/client/operations.ts'],
      preset: 'client',
      // Only what the operations use (their results, variables, inputs and enums): the schema's
      // other types are schema/generated/graphql.ts's.
      config: { enumsAsTypes: true, useTypeImports: true, scalars, onlyOperationTypes: true },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
