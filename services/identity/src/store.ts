import { createHash, randomBytes } from 'node:crypto';
import { Schema } from 'mongoose';
import { outboxField, type Collection, type DocumentStore, type WithOutbox } from '@ruedas/platform';
import type { IdType, Locale, PhoneType, Role, UserStatus, UserType } from '@ruedas/domain';

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
  failedLogins: number;
  lockedUntil: Date | null;
  /** Hash of the confirmation link while NOT_CONFIRMED. */
  confirmation: string | null;
  /** Hash and expiry of the pending reset (or first-password) link. */
  reset: StoredLink | null;
  /** Aggregate version of the events published about this user. */
  version: number;
}

export interface SessionDoc extends WithOutbox {
  userId: string;
  expiresAt: Date;
  endedAt: Date | null;
}

/** Recent password-reset requests of one e-mail or one client, for the rate limit. */
export interface ResetRequestsDoc {
  _id: string;
  at: Date[];
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
    role: { type: String, required: true, index: true },
    status: { type: String, required: true, index: true },
    impersonal: { type: Boolean, default: false },
    dateCreated: { type: Date, required: true, index: true },
    searchText: { type: String, default: '' },
    failedLogins: { type: Number, default: 0 },
    lockedUntil: { type: Date, default: null },
    confirmation: { type: String, default: null, index: true },
    reset: { type: new Schema({ hash: String, expiresAt: Date }, { _id: false }), default: null },
    version: { type: Number, default: 0 },
    outbox: outboxField,
  },
  { versionKey: false },
);
userSchema.index({ 'reset.hash': 1 });

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

const resetRequestsSchema = new Schema({ _id: String, at: { type: [Date], default: [] } }, { versionKey: false });

export interface IdentityCollections {
  users: Collection<UserDoc>;
  sessions: Collection<SessionDoc>;
  resetRequests: Collection<ResetRequestsDoc>;
}

export async function openCollections(store: DocumentStore): Promise<IdentityCollections> {
  return {
    users: await store.collection<UserDoc>('identity_users', userSchema),
    sessions: await store.collection<SessionDoc>('identity_sessions', sessionSchema),
    resetRequests: await store.collection<ResetRequestsDoc>('identity_reset_requests', resetRequestsSchema),
  };
}

/** A random link secret (256 bits, URL-safe) and the hash that is stored instead of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Lower case, accents removed: the form the admin filter compares. */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
