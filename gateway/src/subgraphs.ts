import type { SubgraphDefinition } from '@ruedas/platform';
import { subgraph as identity } from '@ruedas/identity';
import { subgraph as listings } from '@ruedas/listings';
import { subgraph as moderation } from '@ruedas/moderation';

/** Every subgraph of the supergraph: the one list the composition is made from. */
export const subgraphs: readonly SubgraphDefinition[] = [identity, moderation, listings];
