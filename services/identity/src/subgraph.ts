import { parse } from 'graphql';
import { readSubgraphSdl, type SubgraphDefinition } from '@ruedas/platform';

/** The identity subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'identity',
  typeDefs: parse(readSubgraphSdl(import.meta.url, ['./schema.graphql', './dealer.graphql', './users.graphql', './operations.graphql'])),
};
