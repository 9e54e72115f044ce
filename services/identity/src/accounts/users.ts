import { randomUUID } from 'node:crypto';
import { AUTH_LIMITS, type AuthLimitName, type RateRule } from '@ruedas/domain';
import { createEvent, identityStaffAction, staffActionEvent, type EventDefinition, type StaffActionInput, type UserSnapshot } from '@ruedas/events';
import {
  DomainError,
  DuplicateKeyError,
  notFound,
  toOutbox,
  validationFailed,
  type Clock,
  type OutboxEntry,
  type GlobalParameters,
  type Mailer,
  type OutboxRelay,
  type SessionGuard,
  type TokenSigner,
  type RateLimitNote,
  type Viewer,
} from '@ruedas/platform';
import type { Captcha } from '../captcha';
import type { RateLimiter } from '../limits';
import { searchFieldsOf, type IdentityCollections, type JobDoc, type UserDoc } from '../store';

/* What the account sections share: the service's ports, the user's versioned writes with their events, and small helpers. */

export const MINUTE = 60_000;
export const RESET_LINK_MINUTES = 60;
export const ACTIVATION_LINK_DAYS = 7;
export const DAY = 24 * 60 * MINUTE;

export interface AccountsDeps {
  collections: IdentityCollections;
  mailer: Mailer;
  outbox: OutboxRelay;
  clock: Clock;
  captcha: Captcha;
  signer: TokenSigner;
  guard: SessionGuard;
  parameters: GlobalParameters;
  publicUrl: string;
  /** Told when a job (registration, reset request) is waiting to be done. */
  jobsWaiting?: () => void;
  /** The request limits; `AUTH_LIMITS` of `@ruedas/domain` by default (tests widen one to isolate another). */
  limits?: Partial<Record<AuthLimitName, RateRule>>;
}

/** Where a call comes from. */
export interface Caller {
  viewer: Viewer | null;
  clientAddress: string | null;
  /** The browser's device value sent at sign-in (`DEVICE_HEADER`, decision 0147), when it looks like one. */
  device?: string | null;
  /** Where the request stands in the request limits it counted against (the `RateLimit-*` headers); the request's own list. */
  rateLimits?: RateLimitNote[];
}

export function checked<T>(result: { ok: true; data: T } | { ok: false; errors: Record<string, string> }): T {
  if (!result.ok) throw validationFailed(result.errors);
  return result.data;
}

export const fullName = (user: Pick<UserDoc, 'userType' | 'merchantName' | 'name' | 'lastName' | 'lastName2'>): string =>
  user.userType === 'CARS_SELLER_MERCHANT' && user.merchantName ? user.merchantName : [user.name, user.lastName, user.lastName2].filter(Boolean).join(' ');

export const isAdmin = (role: string) => role === 'ADMINISTRATOR';

/** What the audit trail records of a staff edit of a user: the snapshot's fields (no secret). */
export const AUDITED_USER_FIELDS = [
  'email',
  'name',
  'lastName',
  'lastName2',
  'userType',
  'merchantName',
  'language',
  'role',
  'status',
  'phoneList',
  'province',
  'canton',
  'district',
] as const;
export const maintainsUsers = (role: string) => role === 'ADMINISTRATOR' || role === 'IMPERSONALIZATOR';

export function snapshot(user: UserDoc): UserSnapshot {
  return {
    id: user._id,
    email: user.email,
    name: user.name,
    lastName: user.lastName,
    lastName2: user.lastName2,
    fullName: fullName(user),
    userType: user.userType,
    merchantName: user.merchantName,
    language: user.language,
    role: user.role,
    status: user.status,
    impersonal: user.impersonal,
    phoneList: user.phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
    province: user.province,
    canton: user.canton,
    district: user.district,
    dateCreated: user.dateCreated.toISOString(),
  };
}

/** A section of the account rules: the ports, the shared rate limiter, and the writes of a user with its events. */
export abstract class AccountsPart {
  protected readonly limits: Record<AuthLimitName, RateRule>;

  constructor(
    protected readonly deps: AccountsDeps,
    protected readonly limiter: RateLimiter,
  ) {
    this.limits = { ...AUTH_LIMITS, ...deps.limits };
  }

  protected get users() {
    return this.deps.collections.users;
  }

  protected now(): Date {
    return this.deps.clock.now();
  }

  /** Outbox entries of events about a user at its next version (no secret: snapshots only). */
  private events(user: UserDoc, actorId: string, list: Array<[EventDefinition<never>, Record<string, unknown>]>) {
    return list.map(([definition, payload], index) =>
      toOutbox(
        definition.topic,
        createEvent(definition as EventDefinition<unknown>, {
          aggregateId: user._id,
          aggregateVersion: user.version + 1 + index,
          actor: actorId === 'system' ? { kind: 'system', id: 'identity' } : { kind: 'user', id: actorId },
          payload: { user: snapshot(user), ...payload },
          occurredAt: this.now(),
        }),
      ),
    );
  }

  /** Writes changes and their events in one single-document update, with optimistic concurrency. */
  protected async save(
    before: UserDoc,
    changes: Partial<UserDoc>,
    actorId: string,
    events: Array<[EventDefinition<never>, Record<string, unknown>]>,
    staffAction?: (after: UserDoc) => Omit<StaffActionInput, 'at'>,
  ): Promise<UserDoc> {
    const after: UserDoc = { ...before, ...changes };
    Object.assign(after, searchFieldsOf(after.name, after.lastName, after.lastName2, after.email));
    const entries = this.events(after, actorId, events);
    // A staff action's audit event goes out in the same write (not an event of the user aggregate).
    const outbox = staffAction ? [...entries, this.audit(staffAction(after))] : entries;
    const update: Record<string, unknown> = {
      $set: { ...changes, searchText: after.searchText, searchWords: after.searchWords, version: before.version + entries.length },
      ...(outbox.length ? { $push: { outbox: { $each: outbox } } } : {}),
    };
    let saved: UserDoc | null;
    try {
      saved = await this.users.findOneAndUpdate({ _id: before._id, version: before.version }, update);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw validationFailed({ email: 'emailTaken' });
      throw error;
    }
    if (!saved) throw new DomainError('CONFLICT', 'errorOccurred');
    if (outbox.length) this.deps.outbox.notify();
    return saved;
  }

  /** The outbox entry of a staff action (topic `identity.audit`). */
  protected audit(action: Omit<StaffActionInput, 'at'>): OutboxEntry {
    return toOutbox(identityStaffAction.topic, staffActionEvent(identityStaffAction, { ...action, at: this.now() }));
  }

  async byId(id: string): Promise<UserDoc> {
    const user = await this.users.findById(id);
    if (!user) throw notFound();
    return user;
  }

  /** The caller's account, read fresh: the role in the token may be stale. */
  async self(caller: Caller): Promise<UserDoc> {
    if (!caller.viewer) throw new DomainError('0003', 'sessionInvalid');
    const user = await this.users.findById(caller.viewer.userId);
    if (!user) throw new DomainError('0003', 'sessionInvalid');
    return user;
  }

  protected async enqueue(job: Omit<JobDoc, '_id' | 'createdAt' | 'claimedUntil'>): Promise<void> {
    await this.deps.collections.jobs.insertOne({ _id: randomUUID(), ...job, createdAt: this.now(), claimedUntil: null });
    this.deps.jobsWaiting?.();
  }

  protected async insert(
    fields: Partial<UserDoc> & { _id: string; email: string },
    events: Array<[EventDefinition<never>, Record<string, unknown>]>,
    actorId: string,
    staffAction?: Omit<StaffActionInput, 'at'>,
  ): Promise<UserDoc> {
    const base = {
      ...fields,
      impersonal: fields.impersonal ?? false,
      dateCreated: this.now(),
      version: 0,
      ...searchFieldsOf(fields.name ?? '', fields.lastName ?? '', fields.lastName2, fields.email),
    } as UserDoc;
    const entries = this.events(base, actorId, events);
    const outbox = staffAction ? [...entries, this.audit(staffAction)] : entries;
    try {
      const user = await this.users.insertOne({ ...base, version: entries.length, outbox });
      this.deps.outbox.notify();
      return user;
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw validationFailed({ email: 'emailTaken' });
      throw error;
    }
  }
}
