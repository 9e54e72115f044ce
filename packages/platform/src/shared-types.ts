import { readFileSync } from 'node:fs';
import { Kind, parse } from 'graphql';
import { withDomainEnums } from './graphql-enums';
import { withLegacyFields } from './legacy-fields';

/** The keyword of a marker line, by the kind of definition it stands for. */
const KEYWORDS: Partial<Record<Kind, string>> = {
  [Kind.OBJECT_TYPE_DEFINITION]: 'type',
  [Kind.SCALAR_TYPE_DEFINITION]: 'scalar',
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: 'input',
};

/**
 * The text of each definition of an SDL source (its description included), by its kind and name,
 * and of each object or input type's fields (`fields <name>`).
 */
function definitionsOf(source: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const definition of parse(source).definitions) {
    const keyword = KEYWORDS[definition.kind];
    if (!keyword || !('name' in definition) || !definition.name || !definition.loc) continue;
    types.set(`${keyword} ${definition.name.value}`, source.slice(definition.loc.start, definition.loc.end));
    const fields = definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION ? (definition.fields ?? []) : [];
    if (fields.length > 0) types.set(`fields ${definition.name.value}`, source.slice(fields[0]!.loc!.start, fields.at(-1)!.loc!.end));
  }
  return types;
}

/** The definitions of platform's shared-types.graphql. */
const SHARED_TYPES: ReadonlyMap<string, string> = definitionsOf(readFileSync(new URL('./shared-types.graphql', import.meta.url), 'utf8'));

/**
 * The line of a subgraph's .graphql file that stands for a shared type, or (indented) for a type's
 * fields: of platform's shared-types.graphql, or of a file of the subgraph's own (`from ./x.graphql`).
 */
const SHARED_TYPE_LINE = /^([ \t]*)# (type|scalar|input|fields) (\w+): from (@ruedas\/platform|\.\/[\w./-]+\.graphql)$/gm;

/**
 * A subgraph's SDL with each `# type X: from @ruedas/platform` line (or `# scalar X`, `# input X`)
 * replaced by that definition of platform's shared-types.graphql, where it stands, so the composed
 * schema keeps its order: the value types several subgraphs share are written once. A line
 * `# fields X: from @ruedas/platform` inside a type stands for the fields of shared-types' type X (the
 * page shape's `PageFields`). A line ending `from ./x.graphql` takes the definition from that file of
 * the subgraph's own, read relative to `base` (fields several types of one subgraph share; its own
 * lines `from @ruedas/platform` filled first). An unknown name fails at once.
 */
export function withSharedTypes(sdl: string, base?: string | URL): string {
  const files = new Map<string, ReadonlyMap<string, string>>([['@ruedas/platform', SHARED_TYPES]]);
  const definitionsIn = (from: string) => {
    if (!files.has(from)) {
      if (base === undefined) throw new Error(`${from}: a subgraph's own file needs the base URL to be read from`);
      files.set(from, definitionsOf(withSharedTypes(readFileSync(new URL(from, base), 'utf8'))));
    }
    return files.get(from)!;
  };
  return sdl.replace(SHARED_TYPE_LINE, (line, indent: string, keyword: string, name: string, from: string) => {
    const definition = definitionsIn(from).get(`${keyword} ${name}`);
    if (definition === undefined) throw new Error(`${line.trim()}: not a ${keyword} of ${from}`);
    return indent + definition;
  });
}

/**
 * A subgraph's SDL from its .graphql files (paths relative to `base`, the subgraph module's
 * `import.meta.url`), joined in the order given, with its domain enums (`withDomainEnums`), legacy
 * fields (`withLegacyFields`) and shared types (`withSharedTypes`) put where their lines stand.
 */
export function readSubgraphSdl(base: string | URL, files: readonly string[]): string {
  const sdl = files.map((file) => withLegacyFields(readFileSync(new URL(file, base), 'utf8'))).join('\n');
  return withSharedTypes(withDomainEnums(sdl), base);
}
