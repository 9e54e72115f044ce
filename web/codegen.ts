import type { CodegenConfig } from '@graphql-codegen/cli';

// The schema is the composed supergraph's API schema, written by the gateway's build.
const config: CodegenConfig = {
  schema: '../gateway/generated/schema.graphql',
  documents: ['src/**/*.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'generated/gql/': {
      preset: 'client',
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
      },
      presetConfig: {
        fragmentMasking: false,
      },
    },
  },
};

export default config;
