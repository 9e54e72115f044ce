import { GraphQLScalarType } from 'graphql';
import type { Resolvers } from './subgraph';

/**
 * The resolvers given, with `fields` added to their types (a type's own resolvers kept beside them;
 * a scalar or a type with none takes the added entry as it is). The services add the API's typed
 * fields (decision 0095) to their resolvers this way.
 */
export function withResolverFields(resolvers: Resolvers, fields: Resolvers): Resolvers {
  const merged: Resolvers = { ...resolvers };
  for (const [type, added] of Object.entries(fields)) {
    const own = merged[type];
    merged[type] = own && typeof own === 'object' && !(own instanceof GraphQLScalarType) ? { ...own, ...(added as object) } : added;
  }
  return merged;
}
