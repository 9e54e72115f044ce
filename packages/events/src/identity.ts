import { LANGUAGES, PLAN_LEVELS, ROLES, USER_STATUSES, USER_TYPES } from '@ruedas/domain';
import { z } from 'zod';
import { defineEvent, readEvent, type Envelope } from './envelope';
import { topics } from './topics';

/**
 * Events of the identity service. Topic `identity.user` (aggregate: the user, keyed by user id)
 * carries profile snapshots for projections; `identity.session` carries ended sessions, so every
 * process refuses their tokens. No event holds a secret: no password hash, token or link.
 */
export const identitySessionTopic = topics.identitySession;

const roles = z.enum(ROLES);
const statuses = z.enum(USER_STATUSES);

/** The public profile of a user as other services keep it. */
export const userSnapshotSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  name: z.string(),
  lastName: z.string(),
  lastName2: z.string(),
  fullName: z.string(),
  userType: z.enum(USER_TYPES),
  merchantName: z.string(),
  language: z.enum(LANGUAGES),
  role: roles,
  status: statuses,
  impersonal: z.boolean(),
  phoneList: z.array(z.object({ phone: z.string(), phoneType: z.string() })),
  province: z.string(),
  canton: z.string(),
  district: z.string(),
  dateCreated: z.iso.datetime(),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const userRegistered = defineEvent(topics.identityUser, 'UserRegistered', 1, z.object({ user: userSnapshotSchema }));
export const userConfirmed = defineEvent(topics.identityUser, 'UserConfirmed', 1, z.object({ user: userSnapshotSchema }));
export const userUpdated = defineEvent(topics.identityUser, 'UserUpdated', 1, z.object({ user: userSnapshotSchema }));
export const userRoleChanged = defineEvent(topics.identityUser, 'UserRoleChanged', 1, z.object({ user: userSnapshotSchema, previous: roles }));
export const userStatusChanged = defineEvent(topics.identityUser, 'UserStatusChanged', 1, z.object({ user: userSnapshotSchema, previous: statuses }));
/** Registered by an impersonator or admin, with promotional ads for billing to turn into a plan. */
export const impersonalUserRegistered = defineEvent(
  topics.identityUser,
  'ImpersonalUserRegistered',
  1,
  z.object({
    user: userSnapshotSchema,
    registeredBy: z.string().min(1),
    plan: z.object({ promotionalAds: z.number().int().nonnegative(), planLevel: z.enum(PLAN_LEVELS) }),
  }),
);

/** The `identity.user` events, each carrying the user's snapshot after the change. */
const userSnapshotEvents = [userRegistered, userConfirmed, userUpdated, userRoleChanged, userStatusChanged, impersonalUserRegistered];

/**
 * The user as identity now knows it, from any `identity.user` event (null for another event):
 * what a projection of users keeps, whichever change brought it.
 */
export function userSnapshotOf(envelope: Envelope): UserSnapshot | null {
  for (const definition of userSnapshotEvents) {
    const event = readEvent(definition, envelope);
    if (event) return event.payload.user;
  }
  return null;
}

/** A session ended (logout, password reset): its token is refused from now on until `expiresAt`. */
export const sessionEnded = defineEvent(
  identitySessionTopic,
  'SessionEnded',
  1,
  z.object({ sessionId: z.string().min(1), userId: z.string().min(1), expiresAt: z.iso.datetime() }),
);
