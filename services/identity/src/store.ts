import { createHash, randomBytes } from 'node:crypto';
import { Schema } from 'mongoose';
import {
  migrateOnce,
  migrationMarks,
  openRateWindows,
  outboxField,
  type Collection,
  type DocumentStore,
  type MigrationMark,
  type RateWindowDoc,
  type WithOutbox,
} from '@ruedas/platform';
import type { DealerInfo, IdType, Locale, PhoneType, Role, UserStatus, UserType } from '@ruedas/domain';

/** A single-use secret of a mailed link: only its hash is stored. */
export interface StoredLink {
  hash: string;
  expiresAt: Date;
}

export interface UserDoc extends WithOutbox {
  email: string;
  passwordHash: string | null;
  name: string;
  lastName: string;
  lastName2: string;
  userType: UserType;
  merchantName: string;
  province: string;
  canton: string;
  district: string;
  phoneList: Array<{ phone: string; phoneType: PhoneType }>;
  language: Locale;
  idType: IdType | null;
  identification: string;
  role: Role;
  status: UserStatus;
  impersonal: boolean;
  dateCreated: Date;
  /** Names and e-mail, lower case without accents: what the admin filter matches. */
  searchText: string;
  /** The words of `searchText`, and of the e-mail split at its punctuation: the admin search matches their beginnings (decision 0155). */
  searchWords?: string[];
  failedLogins: number;
  lockedUntil: Date | null;
  /** Hash of the confirmation link while NOT_CONFIRMED. */
  confirmation: string | null;
  /** Hash and expiry of the pending first-password link (impersonal registration). */
  reset: StoredLink | null;
  /** Reset links mailed in the current window (decision 0028): any of them works, once. */
  resetLinks: StoredLink[];
  /** Aggregate version of the events published about this user. */
  version: number;
  /** A merchant's business page: address, opening hours, map place (issue 13); null until given. */
  dealer?: DealerInfo | null;
}

export interface SessionDoc extends WithOutbox {
  userId: string;
  expiresAt: Date;
  endedAt: Date | null;
}

/**
 * Failed sign-ins of one e-mail (its SHA-256), whether an account uses it or not, so an unknown
 * address locks exactly like a known one (decision 0028). `failures` is taken before the password
 * is checked, in one conditional update, so a burst cannot check more passwords than the lockout allows.
 */
export interface LoginFailuresDoc {
  _id: string;
  failures: number;
  lockedUntil: Date | null;
  /** When the document may be dropped: the last attempt plus a day, or the end of the lock. */
  expiresAt: Date;
}

/**
 * A place an account signed in from successfully (issue 28): `<user id>|<address subject>`. The
 * right password from it is never refused by the failures of others; kept KNOWN_SOURCE_DAYS after
 * the last success there.
 */
export interface LoginSourceDoc {
  _id: string;
  userId: string;
  expiresAt: Date;
}

/** One fixed window of one request limit in `identity_rate_windows`: platform's, as search's limits (decision 0153). */
export type { RateWindowDoc } from '@ruedas/platform';

/**
 * An accepted registration or reset request, answered before its work is done so that the answer
 * costs the same whether the e-mail has an account or not; done (idempotently) by the job worker.
 */
export interface JobDoc {
  _id: string;
  kind: 'register' | 'reset';
  email: string;
  locale: Locale;
  /** For `register`: the account to create (password already hashed). */
  user: Record<string, unknown> | null;
  createdAt: Date;
  /** Until when an instance is doing it (another one leaves it alone meanwhile). */
  claimedUntil: Date | null;
}

const userSchema = new Schema(
  {
    _id: String,
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, default: null },
    name: { type: String, required: true },
    lastName: { type: String, required: true },
    lastName2: { type: String, default: '' },
    userType: { type: String, required: true },
    merchantName: { type: String, default: '' },
    province: { type: String, default: '' },
    canton: { type: String, default: '' },
    district: { type: String, default: '' },
    phoneList: { type: [new Schema({ phone: String, phoneType: String }, { _id: false })], default: [] },
    language: { type: String, required: true },
    idType: { type: String, default: null },
    identification: { type: String, default: '' },
    role: { type: String, required: true },
    status: { type: String, required: true },
    impersonal: { type: Boolean, default: false },
    dateCreated: { type: Date, required: true },
    searchText: { type: String, default: '' },
    searchWords: { type: [String], default: undefined },
    failedLogins: { type: Number, default: 0 },
    lockedUntil: { type: Date, default: null },
    confirmation: { type: String, default: null, index: true },
    reset: { type: new Schema({ hash: String, expiresAt: Date }, { _id: false }), default: null },
    resetLinks: { type: [new Schema({ hash: String, expiresAt: Date }, { _id: false })], default: [] },
    version: { type: Number, default: 0 },
    dealer: { type: Schema.Types.Mixed, default: null },
    outbox: outboxField,
  },
  { versionKey: false },
);
userSchema.index({ 'reset.hash': 1 });
// The admin search: each word typed is the beginning of a stored word (an anchored, index-served
// prefix instead of an unanchored regex that reads every user), decision 0155.
userSchema.index({ searchWords: 1 });
// The admin list's sorts, each ending in the `_id` tie-breaker (one index serves both directions).
for (const field of ['name', 'lastName', 'email', 'role', 'status', 'dateCreated']) userSchema.index({ [field]: 1, _id: 1 });
userSchema.index({ 'resetLinks.hash': 1 });

const sessionSchema = new Schema(
  {
    _id: String,
    userId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
    endedAt: { type: Date, default: null },
    outbox: outboxField,
  },
  { versionKey: false },
);
// Retention: a session is worthless once its tokens have expired; it is removed a day later (the
// day keeps it for support questions). The same index serves the start's read of sessions ended
// before a restart whose tokens are still valid (decision 0156).
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 24 * 3600 });

const loginFailuresSchema = new Schema(
  {
    _id: String,
    failures: { type: Number, default: 0 },
    lockedUntil: { type: Date, default: null },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { versionKey: false },
);

const loginSourceSchema = new Schema(
  {
    _id: String,
    userId: { type: String, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { versionKey: false },
);

const jobSchema = new Schema(
  {
    _id: String,
    kind: { type: String, required: true },
    email: { type: String, required: true },
    locale: { type: String, required: true },
    user: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
    claimedUntil: { type: Date, default: null },
  },
  { versionKey: false },
);
// The worker drains the oldest jobs first (decision 0155: the index gives the whole order).
jobSchema.index({ createdAt: 1, _id: 1 });

export interface IdentityCollections {
  users: Collection<UserDoc>;
  sessions: Collection<SessionDoc>;
  loginFailures: Collection<LoginFailuresDoc>;
  loginSources: Collection<LoginSourceDoc>;
  rateWindows: Collection<RateWindowDoc>;
  jobs: Collection<JobDoc>;
  /** One document per data migration done (a handful in all). */
  migrations: Collection<MigrationMark>;
}

export async function openCollections(store: DocumentStore): Promise<IdentityCollections> {
  return {
    users: await store.collection<UserDoc>('identity_users', userSchema),
    sessions: await store.collection<SessionDoc>('identity_sessions', sessionSchema),
    loginFailures: await store.collection<LoginFailuresDoc>('identity_login_failures', loginFailuresSchema),
    loginSources: await store.collection<LoginSourceDoc>('identity_login_sources', loginSourceSchema),
    rateWindows: await openRateWindows(store, 'identity_rate_windows'),
    jobs: await store.collection<JobDoc>('identity_jobs', jobSchema),
    migrations: await migrationMarks(store, 'identity_migrations'),
  };
}

/** The search fields of a user: the folded text and its words (the e-mail also split at `@ . - _ +`). */
export function searchFieldsOf(
  name: string,
  lastName: string,
  lastName2: string | null | undefined,
  email: string,
): { searchText: string; searchWords: string[] } {
  const searchText = foldText([name, lastName, lastName2 ?? '', email].join(' '));
  const words = new Set<string>();
  for (const word of searchText.split(/\s+/)) {
    if (!word) continue;
    words.add(word);
    for (const part of word.split(/[@.\-_+]+/)) if (part) words.add(part);
  }
  return { searchText, searchWords: [...words] };
}

/**
 * Users stored before `searchWords` existed get theirs, once (a marker in identity_migrations).
 */
export async function backfillSearchWords(collections: IdentityCollections): Promise<number> {
  return migrateOnce(
    collections.migrations,
    'users.searchWords',
    collections.users,
    { name: 1, lastName: 1, lastName2: 1, email: 1, searchWords: 1 },
    async (page) => {
      let changed = 0;
      for (const user of page) {
        if (user.searchWords) continue;
        const { searchWords } = searchFieldsOf(user.name, user.lastName, user.lastName2, user.email);
        changed += (await collections.users.updateOne({ _id: user._id, searchWords: { $exists: false } }, { $set: { searchWords } })).modifiedCount;
      }
      return changed;
    },
  );
}

/** A random link secret (256 bits, URL-safe) and the hash that is stored instead of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Lower case, accents removed: the form the admin filter compares. */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
