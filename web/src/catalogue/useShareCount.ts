import { useMutation } from '../data';
import { useCallback } from 'react';
import { graphql } from '../../generated/gql';

/** One share of an ad, for its owner's figures (seller insights, issue 20). */
const RECORD_SHARE = graphql(`
  mutation RecordOpportunityShare($opportunityId: ID!, $channel: ShareChannel!) {
    recordOpportunityShare(opportunityId: $opportunityId, channel: $channel)
  }
`);

/** Counts a click on a share button. Fire and forget: the share opens at once whatever the answer. */
export function useShareCount(): (adId: string, channel: 'FACEBOOK' | 'WHATSAPP' | 'OTHER') => void {
  // Nothing to cache: sent without Apollo Client on a page that has not loaded it (decision 0136).
  const [record] = useMutation(RECORD_SHARE, { fetchPolicy: 'no-cache' });
  return useCallback(
    (adId, channel) => {
      void record({ variables: { opportunityId: adId, channel } }).catch(() => undefined);
    },
    [record],
  );
}
