import type { SubgraphDefinition } from '@ruedas/platform';
// Each service's light entry point: its schema (and REST paths), never its code or adapters.
import { BILLING_PATHS, subgraph as billing } from '@ruedas/billing/schema';
import { subgraph as identity } from '@ruedas/identity/schema';
import { subgraph as listings } from '@ruedas/listings/schema';
import { MEDIA_PATHS, subgraph as media } from '@ruedas/media/schema';
import { subgraph as moderation } from '@ruedas/moderation/schema';
import { subgraph as search } from '@ruedas/search/schema';

/** Every subgraph of the supergraph: the one list the composition is made from. */
export const subgraphs: readonly SubgraphDefinition[] = [identity, moderation, listings, media, billing, search];

/** REST paths a service answers itself (not GraphQL: image bytes, multipart), by subgraph name. */
export const servicePaths: Readonly<Record<string, readonly string[]>> = { media: MEDIA_PATHS, billing: BILLING_PATHS };
