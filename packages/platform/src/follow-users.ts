import { topics, userSnapshotOf, type Envelope, type UserSnapshot } from '@ruedas/events';
import type { ConsumeOptions } from './consumer';
import { followSnapshots } from './follow-snapshots';
import type { Subscription } from './ports';

export interface FollowIdentityUsersOptions extends Pick<ConsumeOptions, 'bus' | 'store' | 'logger'> {
  /** The consumer group (`<service>-users`). */
  group: string;
  /** What the service keeps of the user as identity now knows it (the event that brought it too). */
  apply: (user: UserSnapshot, envelope: Envelope) => Promise<void>;
}

/**
 * A service's projection of identity's users: every `identity.user` event, applied once per user
 * version (older and repeated snapshots change nothing), gives `apply` the user's latest snapshot.
 */
export function followIdentityUsers(options: FollowIdentityUsersOptions): Promise<Subscription> {
  return followSnapshots({ ...options, topic: topics.identityUser, read: userSnapshotOf });
}
