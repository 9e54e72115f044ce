import type { SubgraphDefinition } from '@ruedas/platform';
import { BILLING_PATHS, subgraph as billing } from '@ruedas/billing';
import { subgraph as identity } from '@ruedas/identity';
import { subgraph as listings } from '@ruedas/listings';
import { MEDIA_PATHS, subgraph as media } from '@ruedas/media';
import { subgraph as moderation } from '@ruedas/moderation';
import { subgraph as search } from '@ruedas/search';

/** Every subgraph of the supergraph: the one list the composition is made from. */
export const subgraphs: readonly SubgraphDefinition[] = [identity, moderation, listings, media, billing, search];

/** REST paths a service answers itself (not GraphQL: image bytes, multipart), by subgraph name. */
export const servicePaths: Readonly<Record<string, readonly string[]>> = { media: MEDIA_PATHS, billing: BILLING_PATHS };
