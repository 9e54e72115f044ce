import { composeServices } from '@apollo/composition';
import { printSchema } from 'graphql';
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
 * composition error fails the build) and at start-up. URLs are placeholders: the gateway routes
 * each subgraph itself (in process, or to the URL of its service).
 */
export function composeSupergraph(definitions: readonly SubgraphDefinition[]): Supergraph {
  const result = composeServices(definitions.map((d) => ({ name: d.name, typeDefs: d.typeDefs, url: `internal://${d.name}` })));
  if (result.errors) {
    throw new CompositionError(`supergraph composition failed:\n${result.errors.map((e) => `  - ${e.message}`).join('\n')}`);
  }
  return { supergraphSdl: result.supergraphSdl, apiSchemaSdl: printSchema(result.schema.toAPISchema().toGraphQLJSSchema()) };
}
