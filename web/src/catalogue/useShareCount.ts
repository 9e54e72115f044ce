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
  const [record] = useMutation(RECORD_SHARE);
  return useCallback(
    (adId, channel) => {
      void record({ variables: { opportunityId: adId, channel } }).catch(() => undefined);
    },
    [record],
  );
}
