import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { withDomainEnums, withSharedTypes, type SubgraphDefinition } from '@ruedas/platform';

/** The billing subgraph's name and SDL, known without starting the service. */
export const subgraph: SubgraphDefinition = {
  name: 'billing',
  typeDefs: parse(withSharedTypes(withDomainEnums(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8')))),
};
