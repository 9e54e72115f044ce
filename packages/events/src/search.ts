import {
  CURRENCIES,
  FUEL_TYPES,
  ROLES,
  SEARCH_FILTER_FIELDS,
  SEARCH_FILTER_KEYS,
  STYLES,
  TRANSMISSION_TYPES,
  type SearchFilterKey,
  type SearchFilterKind,
} from '@ruedas/domain';
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
const SNAPSHOT_KINDS = {
  text: z.string(),
  amount: z.number(),
  integer: z.number().int(),
  year: z.number().int(),
  passengers: z.number().int(),
  style: z.enum(STYLES),
  fuelType: z.enum(FUEL_TYPES),
  transmissionType: z.enum(TRANSMISSION_TYPES),
  currency: z.enum(CURRENCIES),
  province: z.string(),
  canton: z.string(),
  flag: z.boolean(),
} as const satisfies Record<SearchFilterKind, z.ZodType>;

type SnapshotKey = Exclude<SearchFilterKey, 'text'>;
type SnapshotShape = { [K in SnapshotKey]: z.ZodOptional<(typeof SNAPSHOT_KINDS)[(typeof SEARCH_FILTER_FIELDS)[K]['kind']]> } & {
  styles: z.ZodOptional<z.ZodArray<(typeof SNAPSHOT_KINDS)['style']>>;
};

/**
 * The filter a search applied, as the event carries it: every field of the domain's filter
 * (`SEARCH_FILTER_FIELDS`, decision 0195) but the free text (the event has it apart), and beside the
 * style every style the filter allows. Fields added later (province and canton for issue 13,
 * goodPriceOrBetter for issue 19) are optional like every other, so older events read the same.
 */
export const searchFilterSnapshotSchema = z.object(
  Object.fromEntries(
    SEARCH_FILTER_KEYS.filter((key) => key !== 'text').flatMap((key) => {
      const field = [key, SNAPSHOT_KINDS[SEARCH_FILTER_FIELDS[key].kind].optional()] as const;
      return key === 'style' ? [field, ['styles', z.array(SNAPSHOT_KINDS.style).optional()] as const] : [field];
    }),
  ) as SnapshotShape,
);
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
