import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const generated = fileURLToPath(new URL('../generated/gql/graphql.ts', import.meta.url));
/** The alert screens' own codegen target (decision 0064): modules importing its `graphql` use its documents. */
const alertsGenerated = fileURLToPath(new URL('../generated/alerts-gql/graphql.ts', import.meta.url));
/** `graphql(` + a template literal without substitutions (the client preset's documents). */
const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
const DEFINITION = /^\s*(?:(query|mutation|subscription)\s+(\w+)|fragment\s+(\w+)\s+on\b)/;

/**
 * What graphql-codegen's babel plugin does for the client preset, for Vite: each `graphql(`...`)`
 * call of the app becomes the generated document it stands for (`FooDocument`, `FooFragmentDoc` of
 * `generated/gql/graphql.ts`). The preset's `graphql()` looks documents up in one map of every
 * operation of the app; imported one by one, a page's chunk holds only its own documents.
 */
export function gqlDocuments(): Plugin {
  return {
    name: 'ruedas-gql-documents',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes('graphql(')) return null;
      const names = new Set<string>();
      const out = code.replace(CALL, (call, body: string) => {
        const definition = DEFINITION.exec(body);
        if (!definition) return call;
        const [, kind, operation, fragment] = definition;
        const name = kind && operation ? `${operation}Document` : `${fragment}FragmentDoc`;
        names.add(name);
        return `__gql_${name}`;
      });
      if (names.size === 0) return null;
      const imports = [...names].map((name) => `${name} as __gql_${name}`).join(', ');
      const source = /generated\/alerts-gql['"]/.test(code) ? alertsGenerated : generated;
      return { code: `import { ${imports} } from ${JSON.stringify(source)};\n${out}`, map: null };
    },
  };
}
