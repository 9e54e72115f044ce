import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { composeServices } from '@apollo/composition';
import { print, printSchema } from 'graphql';
import type { SubgraphDefinition } from '@ruedas/platform';

export class CompositionError extends Error {
  override readonly name = 'CompositionError';
}

export interface Supergraph {
  /** The supergraph SDL the gateway plans queries with. */
  supergraphSdl: string;
  /** The public API schema: what clients (and the web app's codegen) see. */
  apiSchemaSdl: string;
}

/**
 * Composes the subgraphs into the supergraph (Apollo Federation 2). Runs at build time (a
 * composition error fails the build) and at start-up when the build's is not of these subgraphs
 * (`supergraphOf`). URLs are placeholders: the gateway routes each subgraph itself (in process, or
 * to the URL of its service).
 */
export function composeSupergraph(definitions: readonly SubgraphDefinition[]): Supergraph {
  const result = composeServices(definitions.map((d) => ({ name: d.name, typeDefs: d.typeDefs, url: `internal://${d.name}` })));
  if (result.errors) {
    throw new CompositionError(`supergraph composition failed:\n${result.errors.map((e) => `  - ${e.message}`).join('\n')}`);
  }
  return { supergraphSdl: result.supergraphSdl, apiSchemaSdl: printSchema(result.schema.toAPISchema().toGraphQLJSSchema()) };
}

const GENERATED = new URL('../generated/', import.meta.url);
const COMPOSER_VERSION = (createRequire(import.meta.url)('@apollo/composition/package.json') as { version: string }).version;
/** The first line of the build's supergraph: what it was composed from (a GraphQL comment). */
const INPUTS_LINE = /^# composed from ([0-9a-f]{64})\n/;

/** A digest of what a composition is made from: the composer's version, each subgraph's name and SDL (printed: a document may be built in code). */
export function compositionInputs(definitions: readonly SubgraphDefinition[]): string {
  const hash = createHash('sha256').update(`@apollo/composition ${COMPOSER_VERSION}\n`);
  for (const d of definitions) hash.update(`${d.name}\n${print(d.typeDefs)}\n\0`);
  return hash.digest('hex');
}

/**
 * Writes `generated/supergraph.graphql` (the build, `scripts/compose.ts`), its first line naming
 * its inputs; written whole to a temporary file and renamed, so a process starting meanwhile reads
 * the old one or the new one, never a part.
 */
export function writeSupergraph(definitions: readonly SubgraphDefinition[], supergraphSdl: string): void {
  const file = new URL('supergraph.graphql', GENERATED);
  const temporary = new URL(`supergraph.graphql.${process.pid}.tmp`, GENERATED);
  writeFileSync(temporary, `# composed from ${compositionInputs(definitions)}\n${supergraphSdl}`);
  renameSync(temporary, file);
}

/**
 * The supergraph SDL for these subgraphs: the build's (`generated/supergraph.graphql`) when it was
 * composed from these very SDLs by this version of the composer, composed here otherwise (no build
 * yet, a schema changed since the build, a test's own subgraphs). Composing is a fifth of a
 * server's start (decision 0251); the build's was composed by the same function from the same inputs.
 */
export function supergraphOf(definitions: readonly SubgraphDefinition[]): string {
  let built: string | undefined;
  try {
    built = readFileSync(new URL('supergraph.graphql', GENERATED), 'utf8');
  } catch {
    // No build yet.
  }
  const inputs = built ? INPUTS_LINE.exec(built) : null;
  if (built && inputs && inputs[1] === compositionInputs(definitions)) return built.slice(inputs[0].length);
  return composeSupergraph(definitions).supergraphSdl;
}
