import { subgraph } from './subgraph';

/**
 * The light entry point `@ruedas/moderation/schema`: the subgraph's name and SDL,
 * without the service's code (the gateway composes the supergraph from these only; a test checks
 * that this loads no adapter or heavy library).
 */
export { subgraph };
export const { name, typeDefs } = subgraph;
