import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@ruedas/domain';
import { createEvent, searchPerformed, topics } from '@ruedas/events';
import type { EventBus, Logger } from '@ruedas/platform';
import type { AppliedFilter, SortName } from './searcher';

export interface SearchRecord {
  filter: AppliedFilter;
  sort: SortName;
  pageNumber: number;
  resultCount: number;
  viewer: { id: string; role: string } | null;
  at: Date;
  /** The ads shown on the page (the seller funnel's impressions). */
  shownIds?: string[];
  /** Who searched, for the funnel's once per visitor, ad and day (`funnelVisitor`). */
  visitor?: string | null;
}

/**
 * Search analytics: one `SearchPerformed` event per search, published straight after the answer
 * (not awaited by it, not through an outbox). The search itself writes nothing, so there is no
 * document for an outbox to ride on; a crash loses the events of the searches in flight, which
 * analytics accepts. A failed publish is logged, never shown to the shopper.
 */
export class SearchAnalytics {
  private pending = new Set<Promise<void>>();

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  record(search: SearchRecord): void {
    const { text, ...filter } = search.filter;
    const role = ROLES.includes(search.viewer?.role as Role) ? (search.viewer?.role as Role) : 'ADVERTISER';
    const id = randomUUID();
    const event = createEvent(searchPerformed, {
      aggregateId: id,
      aggregateVersion: 1,
      actor: search.viewer ? { kind: 'user', id: search.viewer.id } : { kind: 'system', id: 'search' },
      occurredAt: search.at,
      payload: {
        text: text?.trim() || null,
        filter,
        sort: search.sort,
        pageNumber: search.pageNumber,
        resultCount: search.resultCount,
        viewer: search.viewer ? { id: search.viewer.id, role } : null,
        ...(search.shownIds ? { shownIds: search.shownIds } : {}),
        ...(search.visitor !== undefined ? { visitor: search.visitor } : {}),
      },
    });
    const publishing = this.bus
      .publish(topics.searchQuery, [{ key: id, value: event }])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'search analytics event lost'))
      .finally(() => this.pending.delete(publishing));
    this.pending.add(publishing);
  }

  /** Waits for the events being published (at stop, and in tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
