import { parse } from 'graphql';
import { readSubgraphSdl, type SubgraphDefinition } from '@ruedas/platform';

/** The moderation subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'moderation',
  typeDefs: parse(readSubgraphSdl(import.meta.url, ['./schema.graphql', './dashboard.graphql', './audit.graphql', './operations.graphql'])),
};
