import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const generated = fileURLToPath(new URL('../generated/gql/graphql.ts', import.meta.url));
/** The alert screens' own codegen target (decision 0064): modules importing its `graphql` use its documents. */
const alertsGenerated = fileURLToPath(new URL('../generated/alerts-gql/graphql.ts', import.meta.url));
/** `graphql(` + a template literal without substitutions (the client preset's documents). */
const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
/** `export const FOO = graphql(`...`);` (an operations module's declaration). */
const EXPORTED_CALL = /^export const (\w+) = graphql\(\s*`([^`]*)`\s*\);?$/gm;
const DEFINITION = /^\s*(?:(query|mutation|subscription)\s+(\w+)|fragment\s+(\w+)\s+on\b)/;
/** A generated document: one line, `export const FooDocument = {...} as unknown as DocumentNode<...>;`. */
const GENERATED_DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;
/** The prefix of a document's own module: `\0ruedas-gql:<target>:<FooDocument>` (target: `app` or `alerts`). */
const VIRTUAL = '\0ruedas-gql:';
const TARGETS: Record<string, string> = { app: generated, alerts: alertsGenerated };

/** The documents of a generated `graphql.ts`, by export name (the JSON text of each). */
export function generatedDocuments(source: string): Map<string, string> {
  const documents = new Map<string, string>();
  for (const [, name, json] of source.matchAll(GENERATED_DOCUMENT)) documents.set(name!, json!);
  return documents;
}

/**
 * What graphql-codegen's babel plugin does for the client preset, for Vite: each `graphql(`...`)`
 * call of the app becomes the generated document it stands for (`FooDocument`, `FooFragmentDoc` of
 * `generated/gql/graphql.ts`). The preset's `graphql()` looks documents up in one map of every
 * operation of the app. Each document is a module of its own (`\0ruedas-gql:app:FooDocument`, its
 * JSON read from the generated file): a chunk holds only the documents its modules use, and the
 * documents shared by several pages do not gather in one chunk that every page loads (the generated
 * file is one module, which the bundler cannot split; issue 12, fourth pass).
 */
export function gqlDocuments(): Plugin {
  const cache = new Map<string, Map<string, string>>();
  const documentsOf = (target: string) => {
    let documents = cache.get(target);
    if (!documents) {
      documents = generatedDocuments(readFileSync(TARGETS[target]!, 'utf8'));
      cache.set(target, documents);
    }
    return documents;
  };
  return {
    name: 'ruedas-gql-documents',
    enforce: 'pre',
    buildStart() {
      cache.clear();
    },
    watchChange(id) {
      if (Object.values(TARGETS).includes(id)) cache.clear();
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? id : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const [target, name] = id.slice(VIRTUAL.length).split(':');
      this.addWatchFile(TARGETS[target!]!);
      const json = documentsOf(target!).get(name!);
      if (json === undefined) throw new Error(`no ${name} in ${TARGETS[target!]} (run the codegen)`);
      return { code: `export default ${json};\n`, map: null };
    },
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes('graphql(')) return null;
      const target = /generated\/alerts-gql['"]/.test(code) ? 'alerts' : 'app';
      const from = (name: string) => JSON.stringify(`${VIRTUAL}${target}:${name}`);
      const names = new Set<string>();
      const documentName = (body: string) => {
        const definition = DEFINITION.exec(body);
        if (!definition) return null;
        const [, kind, operation, fragment] = definition;
        return kind && operation ? `${operation}Document` : `${fragment}FragmentDoc`;
      };
      // `export const FOO = graphql(`...`);` becomes a re-export: the module that declares a page's
      // operations does not hold their documents, so each lands in the chunk of the code that uses it.
      // A binding the module also uses itself (e.g. `useQuery(PRICES)` beside its declaration) is
      // imported and exported instead: a re-export alone makes no local binding.
      const usedLocally = (binding: string) => (code.match(new RegExp(`\\b${binding}\\b`, 'g')) ?? []).length > 1;
      const reexported = code.replace(EXPORTED_CALL, (statement, binding: string, body: string) => {
        const name = documentName(body);
        if (!name) return statement;
        return usedLocally(binding) ? `import ${binding} from ${from(name)};\nexport { ${binding} };` : `export { default as ${binding} } from ${from(name)};`;
      });
      const out = reexported.replace(CALL, (call, body: string) => {
        const name = documentName(body);
        if (!name) return call;
        names.add(name);
        return `__gql_${name}`;
      });
      if (out === code) return null;
      const imports = [...names].map((name) => `import __gql_${name} from ${from(name)};`).join('\n');
      return { code: `${imports}\n${out}`, map: null };
    },
  };
}
