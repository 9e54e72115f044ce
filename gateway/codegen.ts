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
    // The operations of the test client (test/client/operations.graphql), typed as another team's would be:
    // their results and variables only; every input, enum and scalar they name is schema/generated/graphql.ts's.
    'test/client/generated/operations.ts': {
      documents: ['test/client/operations.graphql'],
      plugins: [
        { add: { content: "/* eslint-disable */\nimport type * as Types from '../../../schema/generated/graphql';" } },
        'typescript-operations',
        'typed-document-node',
      ],
      config: { enumsAsTypes: true, useTypeImports: true, scalars, namespacedImportName: 'Types' },
    },
  },
};

export default config;
