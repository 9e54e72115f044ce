import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { withDomainEnums, withSharedTypes, type SubgraphDefinition } from '@ruedas/platform';

/** The search subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'search',
  // The wizard's market range (issue 20) lives in its own file, extending Query.
  typeDefs: parse(
    withSharedTypes(
      withDomainEnums(['./schema.graphql', './pricing/estimate.graphql'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n')),
    ),
  ),
};
