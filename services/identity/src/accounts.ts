import { randomUUID } from 'node:crypto';
import {
  AUTH_LIMITS,
  type AuthLimitName,
  type RateRule,
  adminUserEditSchema,
  auditDiff,
  dealerInfoSchema,
  impersonalRegistrationSchema,
  impersonatorMayEdit,
  impersonatorMaySetStatus,
  loginSchema,
  passwordResetSchema,
  profileUpdateSchema,
  registrationSchema,
  forgotPasswordSchema,
  languageSchema,
  validate,
  type DealerInfo,
  type Locale,
  type Role,
  type UserStatus,
} from '@ruedas/domain';
import {
  createEvent,
  identityStaffAction,
  impersonalUserRegistered,
  staffActionEvent,
  sessionEnded,
  userConfirmed,
  userRegistered,
  userRoleChanged,
  userStatusChanged,
  userUpdated,
  type EventDefinition,
  type StaffActionInput,
  type UserSnapshot,
} from '@ruedas/events';
import {
  DomainError,
  DuplicateKeyError,
  forbidden,
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
  type Viewer,
} from '@ruedas/platform';
import { captchaRequired, type Captcha } from './captcha';
import { RateLimiter, addressSubject } from './limits';
import { linkMail, registrationAttemptMail } from './mails';
import { hashPassword, verifyPassword } from './passwords';
import { foldText, hashSecret, newSecret, type IdentityCollections, type JobDoc, type StoredLink, type UserDoc } from './store';

const MINUTE = 60_000;
export const RESET_LINK_MINUTES = 60;
export const ACTIVATION_LINK_DAYS = 7;
const DAY = 24 * 60 * MINUTE;

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
}

function checked<T>(result: { ok: true; data: T } | { ok: false; errors: Record<string, string> }): T {
  if (!result.ok) throw validationFailed(result.errors);
  return result.data;
}

const fullName = (user: Pick<UserDoc, 'userType' | 'merchantName' | 'name' | 'lastName' | 'lastName2'>): string =>
  user.userType === 'CARS_SELLER_MERCHANT' && user.merchantName
    ? user.merchantName
    : [user.name, user.lastName, user.lastName2].filter(Boolean).join(' ');

export const isAdmin = (role: string) => role === 'ADMINISTRATOR';

/** What the audit trail records of a staff edit of a user: the snapshot's fields (no secret). */
const AUDITED_USER_FIELDS = ['email', 'name', 'lastName', 'lastName2', 'userType', 'merchantName', 'language', 'role', 'status', 'phoneList', 'province', 'canton', 'district'] as const;
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

/** The account rules of the identity service; resolvers only translate GraphQL to these calls. */
export class Accounts {
  private readonly limiter: RateLimiter;
  private readonly limits: Record<AuthLimitName, RateRule>;
  private lastFailuresPrune = 0;

  constructor(private readonly deps: AccountsDeps) {
    this.limiter = new RateLimiter(deps.collections.rateWindows, deps.clock);
    this.limits = { ...AUTH_LIMITS, ...deps.limits };
  }

  private get users() {
    return this.deps.collections.users;
  }

  private now(): Date {
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
  private async save(
    before: UserDoc,
    changes: Partial<UserDoc>,
    actorId: string,
    events: Array<[EventDefinition<never>, Record<string, unknown>]>,
    staffAction?: (after: UserDoc) => Omit<StaffActionInput, 'at'>,
  ): Promise<UserDoc> {
    const after: UserDoc = { ...before, ...changes };
    after.searchText = foldText([after.name, after.lastName, after.lastName2, after.email].join(' '));
    const entries = this.events(after, actorId, events);
    // A staff action's audit event goes out in the same write (not an event of the user aggregate).
    const outbox = staffAction ? [...entries, this.audit(staffAction(after))] : entries;
    const update: Record<string, unknown> = {
      $set: { ...changes, searchText: after.searchText, version: before.version + entries.length },
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
  private audit(action: Omit<StaffActionInput, 'at'>): OutboxEntry {
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

  /**
   * Accepts a registration and answers the same whether the e-mail is new or taken (decision 0028):
   * the account is created, or its owner told of the attempt, by the job worker (`runJob`).
   */
  async register(input: unknown, captchaToken: string | null, caller: Caller): Promise<void> {
    const data = checked(validate(registrationSchema, input));
    await this.checkCaptcha(captchaToken, caller.clientAddress);
    const address = addressSubject(caller.clientAddress);
    if (address) await this.limiter.take('register-address', this.limits.registrationPerAddress, address);
    await this.limiter.take('register-account', this.limits.registrationPerAccount, hashSecret(data.email));
    const user = {
      email: data.email,
      passwordHash: await hashPassword(data.password),
      name: data.name,
      lastName: data.lastName,
      lastName2: data.lastName2,
      userType: data.userType,
      merchantName: data.merchantName,
      province: data.province,
      canton: data.canton,
      district: data.district,
      phoneList: data.phoneList,
      language: data.language,
    };
    await this.enqueue({ kind: 'register', email: data.email, locale: data.language as Locale, user });
  }

  private async enqueue(job: Omit<JobDoc, '_id' | 'createdAt' | 'claimedUntil'>): Promise<void> {
    await this.deps.collections.jobs.insertOne({ _id: randomUUID(), ...job, createdAt: this.now(), claimedUntil: null });
    this.deps.jobsWaiting?.();
  }

  /** Does one accepted request; safe to run again after a crash (mails carry idempotency keys). */
  async runJob(job: JobDoc): Promise<void> {
    if (job.kind === 'register') await this.completeRegistration(job);
    else await this.mailResetLink(job);
    await this.deps.collections.jobs.deleteOne({ _id: job._id });
  }

  private async completeRegistration(job: JobDoc): Promise<void> {
    const existing = await this.users.findOne({ email: job.email });
    if (existing && existing._id !== job._id) return this.tellOwnerOfAttempt(existing, job);
    const { secret, hash } = newSecret();
    if (existing) {
      // Created before a crash, its mail maybe not sent: a new link replaces the unknown one.
      if (existing.status !== 'NOT_CONFIRMED') return;
      await this.save(existing, { confirmation: hash }, 'system', []);
    } else {
      try {
        await this.insert(
          { ...(job.user as Partial<UserDoc>), _id: job._id, email: job.email, role: 'ADVERTISER', status: 'NOT_CONFIRMED', confirmation: hash },
          [[userRegistered as EventDefinition<never>, {}]],
          job._id,
        );
      } catch (error) {
        const taken = await this.users.findOne({ email: job.email });
        if (error instanceof DomainError && taken && taken._id !== job._id) return this.tellOwnerOfAttempt(taken, job);
        throw error;
      }
    }
    await this.deps.mailer.send(linkMail('confirmation', { to: job.email, locale: job.locale, publicUrl: this.deps.publicUrl, secret, key: `confirm:${hash}` }));
  }

  /** Someone registered with a taken e-mail: its owner learns of it (how to sign in or reset), nobody else. */
  private async tellOwnerOfAttempt(owner: UserDoc, job: JobDoc): Promise<void> {
    await this.deps.mailer.send(registrationAttemptMail({ to: owner.email, locale: owner.language, publicUrl: this.deps.publicUrl, key: `register-attempt:${job._id}` }));
  }

  /** The captcha a registration from the caller must solve: `none` exactly when `register` asks for no token. */
  registrationCaptcha(clientAddress: string | null): Pick<Captcha, 'provider' | 'siteKey'> {
    const { captcha } = this.deps;
    return captchaRequired(captcha, clientAddress) ? { provider: captcha.provider, siteKey: captcha.siteKey } : { provider: 'none', siteKey: null };
  }

  private async checkCaptcha(token: string | null, clientAddress: string | null): Promise<void> {
    const { captcha } = this.deps;
    if (!captchaRequired(captcha, clientAddress)) return;
    if (!token || !(await captcha.verify(token, clientAddress))) throw validationFailed({ captcha: 'invalidCaptcha' });
  }

  private async insert(
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
      searchText: foldText([fields.name, fields.lastName, fields.lastName2, fields.email].join(' ')),
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

  async confirmAccount(link: string): Promise<void> {
    const user = await this.users.findOne({ confirmation: hashSecret(link.trim()), status: 'NOT_CONFIRMED' });
    if (!user) throw new DomainError('0004', 'invalidConfirmationLink');
    await this.save(user, { status: 'ACTIVE', confirmation: null }, user._id, [[userConfirmed as EventDefinition<never>, {}]]);
  }

  /**
   * Signs in. Every attempt is counted against the e-mail (known or not, decision 0028) before the
   * password is checked, in one conditional update, so at most FAILED_LOGINS_BEFORE_LOCKOUT
   * passwords are ever checked between two successes, however many requests arrive at once; the
   * failure that reaches it locks, and no attempt gets a token once the e-mail is locked.
   */
  async login(input: { email: string; password: string }, caller: Caller = { viewer: null, clientAddress: null }): Promise<{ token: string; expiresAt: Date; user: UserDoc }> {
    const { email, password } = checked(validate(loginSchema, input));
    const { parameters } = this.deps;
    const minutes = parameters.get('LOCKOUT_MINUTES');
    const locked = () => new DomainError('0005', 'accountLocked', undefined, { minutes });
    const emailKey = hashSecret(email);
    await this.limiter.take('login-account', this.limits.loginPerAccount, emailKey);
    const address = addressSubject(caller.clientAddress);
    const addressUnit = address ? await this.limiter.take('login-address', this.limits.loginFailuresPerAddress, address) : null;
    const user = await this.users.findOne({ email });
    void this.pruneLoginFailures();
    const attempt = await this.reserveAttempt(emailKey);
    if (attempt === null) throw locked();
    const matches = await verifyPassword(user?.passwordHash, password);
    const now = this.now();
    if (!user || !matches) {
      if (attempt >= parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT') && (await this.lockEmail(emailKey, user))) throw locked();
      if (user && !user.passwordHash) throw new DomainError('0002', 'accountNotConfirmed');
      throw new DomainError('0001', 'incorrectCredentials');
    }
    // The right password: the attempt is no failure, unless a concurrent failure locked the e-mail first.
    const cleared = await this.deps.collections.loginFailures.findOneAndUpdate({ _id: emailKey, lockedUntil: null }, { $set: { failures: 0 } });
    if (!cleared) throw locked();
    await addressUnit?.giveBack();
    // An administrator's block has no end; a lockout ends at lockedUntil.
    if (user.status === 'BLOCKED_BY_FAILS' && (!user.lockedUntil || user.lockedUntil > now)) throw locked();
    if (user.status === 'NOT_CONFIRMED') throw new DomainError('0002', 'accountNotConfirmed');
    let current = user;
    if (user.status === 'BLOCKED_BY_FAILS') {
      current = await this.save(user, { failedLogins: 0, lockedUntil: null, status: 'ACTIVE' }, 'system', [[userStatusChanged as EventDefinition<never>, { previous: user.status }]]);
    }
    const expiresAt = new Date(now.getTime() + parameters.get('SESSION_DURATION_MINUTES') * MINUTE);
    const sessionId = randomUUID();
    await this.deps.collections.sessions.insertOne({ _id: sessionId, userId: user._id, expiresAt, endedAt: null });
    const token = await this.deps.signer.sign({ userId: user._id, sessionId, role: current.role, expiresAt });
    return { token, expiresAt, user: current };
  }

  /**
   * Takes one attempt for the e-mail: answers its number since the last success, or null when the
   * e-mail is locked or every allowed attempt is already taken (being checked by other requests).
   */
  private async reserveAttempt(emailKey: string): Promise<number | null> {
    const failures = this.deps.collections.loginFailures;
    const max = this.deps.parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + DAY);
    for (let round = 0; round < 4; round++) {
      const taken = await failures.findOneAndUpdate({ _id: emailKey, failures: { $lt: max }, lockedUntil: null }, { $inc: { failures: 1 }, $set: { expiresAt } });
      if (taken) return taken.failures;
      const current = await failures.findById(emailKey);
      if (!current) {
        try {
          await failures.insertOne({ _id: emailKey, failures: 1, lockedUntil: null, expiresAt });
          return 1;
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue;
          throw error;
        }
      }
      // A lock that has ended, or attempts taken but never settled (a crash between the two): start again.
      const stale = current.lockedUntil ? current.lockedUntil <= now : current.expiresAt.getTime() - DAY + this.deps.parameters.get('LOCKOUT_MINUTES') * MINUTE <= now.getTime();
      if (!stale) return null;
      await failures.updateOne({ _id: emailKey, lockedUntil: current.lockedUntil, expiresAt: current.expiresAt }, { $set: { failures: 0, lockedUntil: null } });
    }
    return null;
  }

  /**
   * Drops, at most once a minute, the failure counts of e-mails nobody tried for a day and the
   * locks that have ended (MongoDB's TTL index does it too): unknown e-mails do not pile up.
   */
  private async pruneLoginFailures(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastFailuresPrune < MINUTE && now.getTime() >= this.lastFailuresPrune) return;
    this.lastFailuresPrune = now.getTime();
    await this.deps.collections.loginFailures.deleteMany({ expiresAt: { $lte: now } }).catch(() => undefined);
  }

  /** Locks the e-mail after the last allowed failure (unless a success cleared it meanwhile); marks the account. */
  private async lockEmail(emailKey: string, user: UserDoc | null): Promise<boolean> {
    const { parameters } = this.deps;
    const lockedUntil = new Date(this.now().getTime() + parameters.get('LOCKOUT_MINUTES') * MINUTE);
    const { modifiedCount } = await this.deps.collections.loginFailures.updateOne(
      { _id: emailKey, lockedUntil: null, failures: { $gte: parameters.get('FAILED_LOGINS_BEFORE_LOCKOUT') } },
      { $set: { lockedUntil, expiresAt: lockedUntil } },
    );
    if (modifiedCount === 0 || !user) return modifiedCount > 0;
    // The account shows the lock to administrators (status and event); its version may move under us.
    for (let round = 0; round < 5; round++) {
      const current = await this.users.findById(user._id);
      if (!current || current.status === 'BLOCKED_BY_FAILS') break;
      try {
        await this.save(current, { status: 'BLOCKED_BY_FAILS', lockedUntil }, 'system', [[userStatusChanged as EventDefinition<never>, { previous: current.status }]]);
        break;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
    return true;
  }

  /** Forgets the e-mail's failed sign-ins and its sign-in limit: a completed reset, or an administrator's unblock. */
  private async clearLoginFailures(email: string): Promise<void> {
    const emailKey = hashSecret(email);
    await this.deps.collections.loginFailures.deleteOne({ _id: emailKey });
    await this.limiter.clear('login-account', emailKey);
  }

  async logout(caller: Caller): Promise<void> {
    if (!caller.viewer) throw new DomainError('0003', 'sessionInvalid');
    await this.endSessions({ _id: caller.viewer.sessionId });
  }

  /** Ends sessions: refused at once in this process, and everywhere once SessionEnded is relayed. */
  private async endSessions(filter: Record<string, unknown>): Promise<void> {
    const { sessions } = this.deps.collections;
    const now = this.now();
    for (const session of await sessions.find({ ...filter, endedAt: null })) {
      const event = createEvent(sessionEnded, {
        aggregateId: session._id,
        aggregateVersion: 1,
        actor: { kind: 'user', id: session.userId },
        payload: { sessionId: session._id, userId: session.userId, expiresAt: session.expiresAt.toISOString() },
        occurredAt: now,
      });
      await sessions.updateOne({ _id: session._id, endedAt: null }, { $set: { endedAt: now }, $push: { outbox: toOutbox(sessionEnded.topic, event) } });
      this.deps.guard.revoke(session._id, session.expiresAt);
    }
    this.deps.outbox.notify();
  }

  /**
   * Accepts a reset request: always the neutral answer, in the same time whether the e-mail has an
   * account or not (the link is made and mailed by the job worker), never refused for the e-mail's
   * sake (decision 0028); only a client address over its generous limit is refused.
   */
  async requestPasswordReset(input: { email: string; locale: unknown }, caller: Caller): Promise<void> {
    const { email } = checked(validate(forgotPasswordSchema, { email: input.email }));
    const locale = checked(validate(languageSchema, input.locale ?? 'es')) as Locale;
    const address = addressSubject(caller.clientAddress);
    if (address) await this.limiter.take('reset-address', this.limits.resetPerAddress, address);
    await this.enqueue({ kind: 'reset', email, locale, user: null });
  }

  /**
   * Mails a reset link, at most `resetMailsPerAccount` per window as long as a link lives: beyond,
   * nothing is sent, and every link mailed in the window still works, so the owner always has one.
   */
  private async mailResetLink(job: JobDoc): Promise<void> {
    const user = await this.users.findOne({ email: job.email });
    if (!user) return;
    const rule = this.limits.resetMailsPerAccount;
    const budget = await this.limiter.tryTake('reset-mail', { limit: rule.limit, windowMinutes: RESET_LINK_MINUTES }, user._id);
    if ('retryAfterSeconds' in budget) return;
    const now = this.now();
    const { secret, hash } = newSecret();
    const link: StoredLink = { hash, expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * MINUTE) };
    for (let round = 0; ; round++) {
      const current = round === 0 ? user : await this.byId(user._id);
      const live = (current.resetLinks ?? []).filter((l) => l.expiresAt > now).slice(-2 * rule.limit);
      try {
        await this.save(current, { resetLinks: [...live, link] }, 'system', []);
        break;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT') || round >= 4) throw error;
      }
    }
    await this.deps.mailer.send(linkMail('reset', { to: user.email, locale: job.locale, publicUrl: this.deps.publicUrl, secret, key: `reset:${hash}` }));
  }

  async resetPassword(input: { token: string; password: string; passwordConfirm?: string | null }): Promise<void> {
    const data = checked(validate(passwordResetSchema, { ...input, passwordConfirm: input.passwordConfirm ?? input.password }));
    const hash = hashSecret(data.token);
    const user = await this.users.findOne({ $or: [{ 'reset.hash': hash }, { 'resetLinks.hash': hash }] });
    const link = user && [...(user.reset ? [user.reset] : []), ...(user.resetLinks ?? [])].find((l) => l.hash === hash);
    if (!user || !link || link.expiresAt <= this.now()) throw validationFailed({ token: 'resetLinkInvalid' });
    if (user.passwordHash && (await verifyPassword(user.passwordHash, data.password))) throw validationFailed({ password: 'samePassword' });
    // The link proves the mailbox: it also confirms an account and unblocks a locked one.
    const events: Array<[EventDefinition<never>, Record<string, unknown>]> =
      user.status === 'NOT_CONFIRMED'
        ? [[userConfirmed as EventDefinition<never>, {}]]
        : user.status === 'BLOCKED_BY_FAILS'
          ? [[userStatusChanged as EventDefinition<never>, { previous: user.status }]]
          : [];
    await this.save(
      user,
      { passwordHash: await hashPassword(data.password), reset: null, resetLinks: [], status: 'ACTIVE', confirmation: null, failedLogins: 0, lockedUntil: null },
      user._id,
      events,
    );
    await this.clearLoginFailures(user.email);
    await this.endSessions({ userId: user._id });
  }

  async readUser(id: string, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (me._id !== id && !maintainsUsers(me.role)) throw forbidden();
    return me._id === id ? me : this.byId(id);
  }

  async updateMyProfile(input: Record<string, unknown>, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (me.role === 'IMPERSONALIZATOR') throw forbidden();
    const data = checked(validate(profileUpdateSchema, input));
    const changes: Partial<UserDoc> = profileChanges(data);
    if (data.newPassword) {
      if (!(await verifyPassword(me.passwordHash, data.currentPassword))) throw validationFailed({ currentPassword: 'incorrectCredentials' });
      changes.passwordHash = await hashPassword(data.newPassword);
    }
    return this.save(me, changes, me._id, [[userUpdated as EventDefinition<never>, {}]]);
  }

  async changeLanguage(language: unknown, caller: Caller): Promise<Locale> {
    const value = checked(validate(languageSchema, language)) as Locale;
    const me = await this.self(caller);
    if (me.language !== value) await this.save(me, { language: value }, me._id, [[userUpdated as EventDefinition<never>, {}]]);
    return value;
  }

  async sellerInfo(sellerId: string): Promise<{ fullName: string; phones: UserDoc['phoneList']; dealer: DealerInfo | null }> {
    const user = await this.byId(sellerId);
    return { fullName: fullName(user), phones: user.phoneList, dealer: dealerOf(user) };
  }

  /**
   * Sets a merchant's address, opening hours and map place: the merchant themself, an ADMINISTRATOR,
   * or an IMPERSONALIZATOR for an advertiser's or test user's account (as `adminUpdate`); anybody else
   * FORBIDDEN. A PERSON's account has none (VALIDATION `dealerInfoForMerchantsOnly`).
   */
  async updateDealerInfo(userId: string | null | undefined, input: unknown, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    const user = !userId || userId === me._id ? me : await this.byId(userId);
    if (user._id === me._id ? me.role === 'IMPERSONALIZATOR' : !(isAdmin(me.role) || (me.role === 'IMPERSONALIZATOR' && impersonatorMayEdit(user.role)))) throw forbidden();
    const data = checked(validate(dealerInfoSchema(), input));
    if (user.userType !== 'CARS_SELLER_MERCHANT') throw validationFailed({ userType: 'dealerInfoForMerchantsOnly' });
    if (user._id === me._id) return this.save(user, { dealer: data }, me._id, [[userUpdated as EventDefinition<never>, {}]]);
    return this.save(user, { dealer: data }, me._id, [[userUpdated as EventDefinition<never>, {}]], () => ({
      actor: { id: me._id, role: me.role },
      action: 'USER_UPDATED',
      target: { type: 'USER', id: user._id, label: user.email },
      before: { dealer: user.dealer ? JSON.stringify(user.dealer) : null },
      after: { dealer: JSON.stringify(data) },
    }));
  }

  async list(
    options: { filter?: string | null; sort?: { field: string; direction?: string | null } | null; page?: number | null; pageSize?: number | null },
    caller: Caller,
  ) {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const perPage = options.pageSize ?? this.deps.parameters.get('ITEMS_PER_LIST');
    const pageNumber = Math.max(1, Math.floor(options.page ?? 1));
    const words = foldText(options.filter ?? '').trim();
    const query = words ? { searchText: { $regex: words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') } } : {};
    const field = options.sort?.field ?? 'dateCreated';
    const direction = (options.sort?.direction ?? (options.sort ? 'ASC' : 'DESC')) === 'DESC' ? -1 : 1;
    const [items, totalItems] = await Promise.all([
      this.users.find(query, { sort: { [field]: direction, _id: 1 }, skip: (pageNumber - 1) * perPage, limit: perPage }),
      this.users.count(query),
    ]);
    return { items, totalItems, perPage, pageNumber };
  }

  async adminUpdate(input: Record<string, unknown> & { id: string }, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const user = await this.byId(input.id);
    const data = checked(validate(adminUserEditSchema, { ...input, role: input.role ?? user.role }));
    // Impersonators maintain advertisers' data; roles and other staff accounts are the administrator's.
    // The e-mail field is the administrator's too (spec 02 §6: disabled for others when editing).
    if (!isAdmin(me.role) && (data.role !== user.role || data.email !== user.email || !impersonatorMayEdit(user.role))) throw forbidden();
    const status: UserStatus = data.status ?? user.status;
    if (!isAdmin(me.role) && !impersonatorMaySetStatus(user.status, status)) throw new DomainError('FORBIDDEN', 'impersonatorStatusNotAllowed');
    const changes: Partial<UserDoc> = {
      ...profileChanges(data),
      email: data.email,
      role: data.role as Role,
      status,
      ...(status === 'ACTIVE' ? { failedLogins: 0, lockedUntil: null } : {}),
      // An administrator's block has no end (a lockout's end is the login failures' business).
      ...(status === 'BLOCKED_BY_FAILS' && user.status !== 'BLOCKED_BY_FAILS' ? { lockedUntil: null } : {}),
    };
    const events: Array<[EventDefinition<never>, Record<string, unknown>]> = [[userUpdated as EventDefinition<never>, {}]];
    if (data.role !== user.role) events.push([userRoleChanged as EventDefinition<never>, { previous: user.role }]);
    if (status !== user.status) events.push([userStatusChanged as EventDefinition<never>, { previous: user.status }]);
    const saved = await this.save(user, changes, me._id, events, (after) => ({
      actor: { id: me._id, role: me.role },
      action: 'USER_UPDATED',
      target: { type: 'USER', id: user._id, label: user.email },
      ...auditDiff(snapshot(user), snapshot(after), AUDITED_USER_FIELDS),
    }));
    if (status === 'ACTIVE' && user.status !== 'ACTIVE') await this.clearLoginFailures(user.email);
    // Tokens carry the role: a new role (or a block) takes effect at the next sign-in.
    if (data.role !== user.role || status === 'BLOCKED_BY_FAILS') await this.endSessions({ userId: user._id });
    return saved;
  }

  async impersonalRegister(input: { user: Record<string, unknown>; promotionalAds?: number | null; planLevel?: string | null }, caller: Caller): Promise<UserDoc> {
    const me = await this.self(caller);
    if (!maintainsUsers(me.role)) throw forbidden();
    const data = checked(
      validate(impersonalRegistrationSchema, { user: input.user, plan: { planLevel: input.planLevel ?? undefined, totalOpportunities: input.promotionalAds ?? undefined } }),
    );
    // Promotional ads are GOLD, SILVER or BRONZE units given away: bounded by MAX_PROMOTIONAL_ADS.
    const maximum = this.deps.parameters.get('MAX_PROMOTIONAL_ADS');
    if (data.plan.totalOpportunities > maximum) {
      throw new DomainError('VALIDATION', 'promotionalAdsAboveMaximum', { promotionalAds: 'promotionalAdsAboveMaximum' }, { maximum });
    }
    const { secret, hash } = newSecret();
    const u = data.user;
    const userId = randomUUID();
    const user = await this.insert(
      {
        _id: userId,
        email: u.email,
        passwordHash: null,
        name: u.name,
        lastName: u.lastName,
        lastName2: u.lastName2,
        userType: u.userType,
        merchantName: u.merchantName,
        province: u.province,
        canton: u.canton,
        district: u.district,
        phoneList: u.phoneList,
        language: u.language,
        idType: u.idType ?? null,
        identification: u.identification,
        role: u.role,
        status: 'NOT_CONFIRMED',
        impersonal: true,
        reset: { hash, expiresAt: new Date(this.now().getTime() + ACTIVATION_LINK_DAYS * 24 * 60 * MINUTE) },
      },
      [[impersonalUserRegistered as EventDefinition<never>, { registeredBy: me._id, plan: { promotionalAds: data.plan.totalOpportunities, planLevel: data.plan.planLevel } }]],
      me._id,
      {
        actor: { id: me._id, role: me.role },
        action: 'IMPERSONAL_REGISTRATION',
        target: { type: 'USER', id: userId, label: u.email },
        before: null,
        after: { email: u.email, fullName: fullName({ ...u, merchantName: u.merchantName ?? null, lastName2: u.lastName2 ?? null } as UserDoc), role: u.role, promotionalAds: data.plan.totalOpportunities, planLevel: data.plan.planLevel },
      },
    );
    await this.deps.mailer.send(linkMail('activation', { to: user.email, locale: user.language, publicUrl: this.deps.publicUrl, secret, key: `activate:${hash}` }));
    return user;
  }
}

/** A merchant's business page data; none for a PERSON (also one that was a merchant before). */
export const dealerOf = (user: UserDoc): DealerInfo | null => (user.userType === 'CARS_SELLER_MERCHANT' ? (user.dealer ?? null) : null);

/** The profile fields a person (or a maintainer, for them) may change, from validated data. */
function profileChanges(data: {
  userType: UserDoc['userType'];
  merchantName?: UserDoc['merchantName'];
  name: string;
  lastName: string;
  lastName2?: UserDoc['lastName2'];
  phoneList: UserDoc['phoneList'];
  language: UserDoc['language'];
  province: string;
  canton: string;
  district: string;
  idType?: UserDoc['idType'] | null;
  identification?: UserDoc['identification'];
}): Partial<UserDoc> {
  return {
    userType: data.userType,
    merchantName: data.merchantName,
    name: data.name,
    lastName: data.lastName,
    lastName2: data.lastName2,
    phoneList: data.phoneList,
    language: data.language,
    province: data.province,
    canton: data.canton,
    district: data.district,
    idType: data.idType ?? null,
    identification: data.identification,
  };
}
