import type { CodegenConfig } from '@graphql-codegen/cli';

// What both targets share: the client preset, type-only imports, enums as string unions, no fragment masking.
const target = {
  preset: 'client',
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    // The API's scalars as the web reads them: ISO 8601 text (decision 0070).
    scalars: { DateTime: 'string', Date: 'string' },
  },
  presetConfig: {
    fragmentMasking: false,
  },
} as const;

// The schema is the composed supergraph's API schema, written by the gateway's build.
const config: CodegenConfig = {
  schema: '../gateway/generated/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'generated/gql/': {
      // The alert screens' operations have a map of their own (below), loaded only with their chunks:
      // every operation here is in every page's first load (decision 0064).
      documents: ['src/**/*.{ts,tsx}', '!src/alerts/**', '!src/pages/alerts/**'],
      ...target,
    },
    'generated/alerts-gql/': {
      // The search filter's fragment is shared with the search screens (src/search/filterFields.ts).
      documents: ['src/alerts/**/*.{ts,tsx}', 'src/pages/alerts/**/*.{ts,tsx}', 'src/search/filterFields.ts'],
      ...target,
    },
  },
};

export default config;
