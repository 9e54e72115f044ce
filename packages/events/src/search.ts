import { CURRENCIES, FUEL_TYPES, ROLES, STYLES, TRANSMISSION_TYPES } from '@ruedas/domain';
import { z } from 'zod';
import { defineEvent } from './envelope';
import { topics } from './topics';

/**
 * Events of the search service. Topic `search.query`: one event per search answered (analytics:
 * the dashboard's searches and top brand / model searches). Each search is its own aggregate (a
 * fresh uuid, version 1), so the topic has no order to keep. Published straight after answering,
 * not through an outbox: a crash may lose the events of the searches in flight (accepted for
 * analytics).
 */
export const searchFilterSnapshotSchema = z.object({
  brand: z.string().optional(),
  model: z.string().optional(),
  style: z.enum(STYLES).optional(),
  styles: z.array(z.enum(STYLES)).optional(),
  fuelType: z.enum(FUEL_TYPES).optional(),
  transmissionType: z.enum(TRANSMISSION_TYPES).optional(),
  year: z.number().int().optional(),
  exteriorColor: z.string().optional(),
  interiorColor: z.string().optional(),
  priceFrom: z.number().optional(),
  priceTo: z.number().optional(),
  currency: z.enum(CURRENCIES).optional(),
  yearFrom: z.number().int().optional(),
  yearTo: z.number().int().optional(),
  mileageMax: z.number().int().optional(),
  passengersNumber: z.number().int().optional(),
  motorSizeCCFrom: z.number().int().optional(),
  motorSizeCCTo: z.number().int().optional(),
  /** Where the car is: province and canton codes (added for issue 13; optional, so older events read the same). */
  province: z.string().optional(),
  canton: z.string().optional(),
  /** Only ads rated a good price or better (issue 19; optional, so older events read the same). */
  goodPriceOrBetter: z.boolean().optional(),
});
export type SearchFilterSnapshot = z.infer<typeof searchFilterSnapshotSchema>;

export const searchPerformed = defineEvent(
  topics.searchQuery,
  'SearchPerformed',
  1,
  z.object({
    /** The free text as typed (trimmed); null for a search of the advanced form only. */
    text: z.string().nullable(),
    /** The filter applied: the structured fields, the free text parsed, brand (code) and model corrected. */
    filter: searchFilterSnapshotSchema,
    sort: z.string(),
    pageNumber: z.number().int().positive(),
    /** How many ads matched (over every page). */
    resultCount: z.number().int().nonnegative(),
    /** The signed-in viewer, or null for a visitor; TESTUSER searches are left out of statistics by its role. */
    viewer: z.object({ id: z.string().min(1), role: z.enum(ROLES) }).nullable(),
    /**
     * The ids of the ads shown on this page, in their order (added for issue 20's seller funnel:
     * one event per results page counts an impression for each; optional, so older events read the same).
     */
    shownIds: z.array(z.string()).optional(),
    /**
     * Who searched, as the seller funnel counts visitors (issue 28: once per ad and day):
     * `funnelVisitor` of the viewer or the client address, a hash of the day and them (no address is
     * published). Null when unknown; missing on older events.
     */
    visitor: z.string().nullable().optional(),
  }),
);
