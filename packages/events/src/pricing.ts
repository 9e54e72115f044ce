import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/**
 * The fair-price rating of a public ad changed (issue 20, decision 0099; the rating itself is issue
 * 19's, computed by search: decision 0059). Topic `search.price`, keyed by the ad id;
 * `aggregateVersion` counts the ratings search published for that ad. Published through an outbox
 * when an ad's label or basis changes, or its estimate or range moves by 1 % or more; an ad that
 * stops being public publishes nothing (its last rating stands). Moderation reads `estimateCrc` for
 * the "price far below the estimate" signal, listings the estimate and range for the sellers' price
 * hint. The estimate never counts the ad itself (leave-one-out), so it does not move with the ad's
 * own price: consumers compare it with the price of their own latest snapshot.
 */
export const priceRated = defineEvent(
  topics.searchPrice,
  'PriceRated',
  1,
  z.object({
    opportunityId: z.string().min(1),
    /** GREAT, GOOD, FAIR, HIGH, or NONE when too few comparable ads. */
    label: z.enum(['GREAT', 'GOOD', 'FAIR', 'HIGH', 'NONE']),
    /** Which comparables: same model (EXACT), model family, segment, or NONE. */
    basis: z.enum(['EXACT', 'MODEL_FAMILY', 'SEGMENT', 'NONE']),
    /** The estimated market price in colones and its 25th–75th percentile range; null with NONE. */
    estimateCrc: z.number().nonnegative().nullable(),
    lowCrc: z.number().nonnegative().nullable(),
    highCrc: z.number().nonnegative().nullable(),
    comparableCount: z.number().int().nonnegative(),
    /** The ad's price in colones the label was computed for. */
    priceCrc: z.number().nonnegative(),
  }),
);
