import { parse } from 'graphql';
import { readSubgraphSdl, type SubgraphDefinition } from '@ruedas/platform';

/** The listings subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'listings',
  // Seller insights (issue 20) live in their own file, extending Query and Mutation; the ad's place and
  // colour names (issue 12) in theirs, extending Opportunity.
  typeDefs: parse(
    readSubgraphSdl(import.meta.url, ['./schema.graphql', './operations.graphql', './favourite-alerts.graphql', './insights.graphql', './place-names.graphql']),
  ),
};
