import { useMutation } from '../data';
import { useCallback } from 'react';
import { RECORD_CONTACT_CLICK } from './operations';

/**
 * Records a WhatsApp contact click on an ad (spec 01 §7 `contactByWhatsapp`). Fire and forget: the
 * link opens at once whatever the answer, and a failure to count is not the visitor's concern.
 */
export function useContactClick(): (adId: string) => void {
  // Nothing to cache: sent without Apollo Client on a page that has not loaded it (decision 0136).
  const [record] = useMutation(RECORD_CONTACT_CLICK, { fetchPolicy: 'no-cache' });
  return useCallback(
    (adId: string) => {
      void record({ variables: { opportunityId: adId } }).catch(() => undefined);
    },
    [record],
  );
}
