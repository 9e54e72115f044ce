import {
  impersonalUserRegistered,
  photoDeleted,
  photoUploaded,
  readEvent,
  topics,
  userConfirmed,
  userRegistered,
  userRoleChanged,
  userStatusChanged,
  userUpdated,
  type Envelope,
  type UserSnapshot,
} from '@ruedas/events';
import { consumeEvents, type DocumentStore, type EventBus, type Logger, type Subscription } from '@ruedas/platform';
import type { Opportunities } from './opportunities';
import type { ListingsCollections } from './store';

/** What listings keeps from other services' events: users (names, e-mail, role, language) and photo owners. */
export interface ProjectionDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  collections: ListingsCollections;
  opportunities: Opportunities;
}

const USER_EVENTS = [userRegistered, userConfirmed, userUpdated, userRoleChanged, userStatusChanged, impersonalUserRegistered];

function userOf(envelope: Envelope): UserSnapshot | null {
  for (const definition of USER_EVENTS) {
    const event = readEvent(definition, envelope);
    if (event) return event.payload.user;
  }
  return null;
}

export function followUsers(deps: ProjectionDeps): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'listings-users',
    topics: [topics.identityUser],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const user = userOf(envelope);
      if (!user) return;
      const { email, fullName, userType, role, language } = user;
      await deps.collections.users.updateOne({ _id: user.id }, { $set: { email, fullName, userType, role, language } }, { upsert: true });
    },
  });
}

export function followPhotos(deps: ProjectionDeps): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'listings-photos',
    topics: [topics.mediaPhoto],
    dedupe: 'aggregateVersion',
    handle: async (envelope) => {
      const uploaded = readEvent(photoUploaded, envelope);
      if (uploaded) {
        const { id, ownerId } = uploaded.payload.photo;
        await deps.collections.photos.updateOne({ _id: id }, { $set: { ownerId } }, { upsert: true });
        return;
      }
      const deleted = readEvent(photoDeleted, envelope);
      if (deleted) {
        await deps.collections.photos.deleteOne({ _id: deleted.payload.photo.id });
        await deps.opportunities.detachPhoto(deleted.payload.photo.id);
      }
    },
  });
}
