import { useMutation } from '../data';
import { useCallback } from 'react';
import { RECORD_CONTACT_CLICK } from './operations';

/**
 * Records a WhatsApp contact click on an ad (spec 01 §7 `contactByWhatsapp`). Fire and forget: the
 * link opens at once whatever the answer, and a failure to count is not the visitor's concern.
 */
export function useContactClick(): (adId: string) => void {
  const [record] = useMutation(RECORD_CONTACT_CLICK);
  return useCallback(
    (adId: string) => {
      void record({ variables: { opportunityId: adId } }).catch(() => undefined);
    },
    [record],
  );
}
