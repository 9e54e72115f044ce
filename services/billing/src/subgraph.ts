import { parse } from 'graphql';
import { readSubgraphSdl, type SubgraphDefinition } from '@ruedas/platform';

/** The billing subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'billing',
  typeDefs: parse(readSubgraphSdl(import.meta.url, ['./schema.graphql', './operations.graphql'])),
};
