import { createHash } from 'node:crypto';
import { costaRicaDay } from '@ruedas/domain';

/**
 * Who saw or contacted an ad, for counting each visitor once per ad and day (issue 28): the
 * signed-in user, else the client address, hashed with the Costa Rica day so that keys of two days
 * cannot be linked and no address is stored or published. Null when neither is known (an in-process
 * call without a client): such a count is not de-duplicated.
 */
export function funnelVisitor(userId: string | null | undefined, clientAddress: string | null | undefined, at: Date): string | null {
  const who = userId ? `user:${userId}` : clientAddress ? `client:${clientAddress.trim().toLowerCase()}` : null;
  if (!who) return null;
  return createHash('sha256')
    .update(`ruedas-funnel|${costaRicaDay(at.getTime())}|${who}`)
    .digest('base64url')
    .slice(0, 24);
}
