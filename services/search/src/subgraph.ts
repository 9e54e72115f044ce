import { parse } from 'graphql';
import { readSubgraphSdl, type SubgraphDefinition } from '@ruedas/platform';

/** The search subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'search',
  // The wizard's market range (issue 20) lives in its own file, extending Query.
  typeDefs: parse(readSubgraphSdl(import.meta.url, ['./schema.graphql', './saved-searches.graphql', './pricing/estimate.graphql'])),
};
