import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import type { ReviewFlag } from './ReviewDecision';
import { REVIEW_QUEUE } from './operations';

/** At most this many queue pages are read for the flags (ITEMS_PER_LIST each). */
const MAX_QUEUE_PAGES = 50;

/**
 * The review queue as a map from ad id to its complaint flag and queued version, read page by page (the queue is paged
 * by ITEMS_PER_LIST, the ad list by status: the two pagings do not line up). An ad not in the map is
 * not waiting for a decision (e.g. still waiting for its payment). `reload` reads it again.
 */
export function useReviewFlags(enabled: boolean): { flags: Map<string, ReviewFlag> | null; reload: () => void } {
  const client = useApolloClient();
  const [flags, setFlags] = useState<Map<string, ReviewFlag> | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    void (async () => {
      const map = new Map<string, ReviewFlag>();
      for (let page = 1; page <= MAX_QUEUE_PAGES; page += 1) {
        const { data } = await client.query({ query: REVIEW_QUEUE, variables: { page }, fetchPolicy: 'network-only' });
        if (!data) break;
        for (const item of data.reviewQueue.items) map.set(item.id, { openComplaints: item.openComplaints, flagged: item.flagged, version: item.version });
        if (page >= data.reviewQueue.totalPages) break;
      }
      if (!cancelled) setFlags(map);
    })().catch(() => {
      if (!cancelled) setFlags(new Map());
    });
    return () => {
      cancelled = true;
    };
  }, [client, enabled, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { flags: enabled ? flags : null, reload };
}
