import { randomUUID } from 'node:crypto';
import type { DealerInfo, Locale, PhoneType, Role, UserType } from '@ruedas/domain';
import { createEvent, userConfirmed, userRegistered, type EventDefinition } from '@ruedas/events';
import { DuplicateKeyError, toOutbox, type Clock, type DocumentStore, type OutboxRelay } from '@ruedas/platform';
import { snapshot } from './accounts';
import { hashPassword } from './passwords';
import { openCollections, searchFieldsOf, type UserDoc } from './store';

/** An account created ready to sign in: the demo catalogue's people, or a deployment's first admin. */
export interface SeedAccount {
  email: string;
  password: string;
  role: Role;
  userType: UserType;
  /** A merchant's business name; ignored for a person. */
  merchantName?: string;
  name: string;
  lastName: string;
  lastName2?: string;
  phoneList: Array<{ phone: string; phoneType: PhoneType }>;
  province: string;
  canton: string;
  district: string;
  language?: Locale;
  /** A merchant's business page (address, hours, map place), already valid; ignored for a person. */
  dealer?: DealerInfo;
}

export interface SeededAccount {
  id: string;
  email: string;
  role: Role;
  /** False when an account with this e-mail already existed: it is kept as it is. */
  created: boolean;
}

export interface SeedDeps {
  store: DocumentStore;
  outbox: OutboxRelay;
  clock: Clock;
}

/**
 * Creates ACTIVE, confirmed accounts straight in identity's store, with the events a registration
 * and its confirmation publish (UserRegistered, UserConfirmed) in the same write. An e-mail that
 * already has an account keeps it untouched (no password is reset), so seeding twice is harmless.
 * Answers one entry per account, in order.
 */
export async function seedAccounts(deps: SeedDeps, accounts: readonly SeedAccount[]): Promise<SeededAccount[]> {
  const { users } = await openCollections(deps.store);
  deps.outbox.watch(users);
  // argon2 costs tens of milliseconds on purpose: accounts that share a password share its hash.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password) as Promise<string>;
  };

  const seeded = await Promise.all(
    accounts.map(async (account): Promise<SeededAccount> => {
      const email = account.email.trim().toLowerCase();
      const existing = await users.findOne({ email });
      if (existing) return { id: existing._id, email, role: existing.role, created: false };
      const user = newUser(account, email, await hashOf(account.password), deps.clock.now());
      try {
        await users.insertOne({ ...user, outbox: registrationEvents(user, deps.clock.now()) });
      } catch (error) {
        // Created meanwhile (two processes starting at once): the other one's account stands.
        if (!(error instanceof DuplicateKeyError)) throw error;
        const other = await users.findOne({ email });
        if (!other) throw error;
        return { id: other._id, email, role: other.role, created: false };
      }
      return { id: user._id, email, role: user.role, created: true };
    }),
  );
  deps.outbox.notify();
  return seeded;
}

/**
 * A large seeding in bulk (the benches' catalogues: thousands of sellers): the same accounts and
 * events as `seedAccounts`, written `insertMany` in chunks of 1,000 into a store that has none of
 * these e-mails (a duplicate fails the chunk). Answers one entry per account, in order.
 */
export async function importAccounts(deps: SeedDeps, accounts: readonly SeedAccount[]): Promise<SeededAccount[]> {
  const { users } = await openCollections(deps.store);
  deps.outbox.watch(users);
  const hashes = new Map<string, string>();
  for (const account of accounts) if (!hashes.has(account.password)) hashes.set(account.password, await hashPassword(account.password));
  const docs = accounts.map((account) => newUser(account, account.email.trim().toLowerCase(), hashes.get(account.password)!, deps.clock.now()));
  for (let start = 0; start < docs.length; start += 1_000) {
    await users.insertMany(docs.slice(start, start + 1_000).map((user) => ({ ...user, outbox: registrationEvents(user, deps.clock.now()) })));
  }
  deps.outbox.notify();
  return docs.map((user) => ({ id: user._id, email: user.email, role: user.role, created: true }));
}

function newUser(account: SeedAccount, email: string, passwordHash: string, now: Date): UserDoc {
  const lastName2 = account.lastName2 ?? '';
  return {
    _id: randomUUID(),
    email,
    passwordHash,
    name: account.name,
    lastName: account.lastName,
    lastName2,
    userType: account.userType,
    merchantName: account.userType === 'CARS_SELLER_MERCHANT' ? (account.merchantName ?? '') : '',
    province: account.province,
    canton: account.canton,
    district: account.district,
    phoneList: account.phoneList,
    language: account.language ?? 'es',
    idType: null,
    identification: '',
    role: account.role,
    status: 'ACTIVE',
    impersonal: false,
    dateCreated: now,
    ...searchFieldsOf(account.name, account.lastName, lastName2, email),
    failedLogins: 0,
    lockedUntil: null,
    confirmation: null,
    reset: null,
    resetLinks: [],
    version: 2,
    dealer: account.userType === 'CARS_SELLER_MERCHANT' ? (account.dealer ?? null) : null,
  };
}

/** The events of a registration (the account not yet confirmed) and of its confirmation, at versions 1 and 2. */
function registrationEvents(user: UserDoc, now: Date) {
  const steps: Array<[EventDefinition<unknown>, UserDoc]> = [
    [userRegistered as EventDefinition<unknown>, { ...user, status: 'NOT_CONFIRMED' }],
    [userConfirmed as EventDefinition<unknown>, user],
  ];
  return steps.map(([definition, state], index) =>
    toOutbox(
      definition.topic,
      createEvent(definition, {
        aggregateId: user._id,
        aggregateVersion: index + 1,
        actor: { kind: 'system', id: 'identity' },
        payload: { user: snapshot(state) },
        occurredAt: now,
      }),
    ),
  );
}
